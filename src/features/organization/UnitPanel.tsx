/** The selected unit: its header (name, type, status, actions) and the tabs of SPEC §2 "Organisation info" and around it. */
import type { ReactNode } from 'react'
import { Building2, Pencil, Plus, Trash2 } from 'lucide-react'
import { STATUS } from '@/contract'
import type { Organization } from '@/contract/schemas/org'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { formatDateTime } from '@/lib/crud'
import { useT } from '@/lib/i18n'
import { useTypeLabel } from './api'
import { Can } from './permissions'
import { GroupsTab } from './GroupsTab'
import { LimitTab } from './LimitTab'
import { ContactsTab, InstitutionsTab } from './ListsTabs'
import { QualificationsTab } from './QualificationsTab'
import { LentPanel } from './slots'

export const UNIT_TABS = ['info', 'qualification', 'institutions', 'contacts', 'departments', 'accounts', 'groups', 'accountLimit'] as const
export type UnitTab = (typeof UNIT_TABS)[number]

function Value({ children }: { children: ReactNode }) {
  return children === null || children === undefined || children === '' ? (
    <span className="text-muted-foreground">--</span>
  ) : (
    <>{children}</>
  )
}

function InfoTab({ unit }: { unit: Organization }) {
  const { t } = useT()
  const typeLabel = useTypeLabel()
  const f = (k: keyof Organization, label: Parameters<typeof t>[0], node?: ReactNode, wide?: boolean) => (
    <div key={k} className={wide ? 'sm:col-span-2 xl:col-span-3' : undefined}>
      <dt className="text-xs text-muted-foreground">{t(label)}</dt>
      <dd className="mt-0.5 break-words text-sm">
        <Value>{node ?? (unit[k] as ReactNode)}</Value>
      </dd>
    </div>
  )
  const website = unit.website ? (
    <a
      className="text-primary underline-offset-4 hover:underline"
      href={/^https?:\/\//i.test(unit.website) ? unit.website : `http://${unit.website}`}
      target="_blank"
      rel="noreferrer noopener"
    >
      {unit.website}
    </a>
  ) : null
  const sections: [Parameters<typeof t>[0], ReactNode[]][] = [
    [
      'organization.section.basic',
      [
        f('organizationName', 'organization.field.organizationName', null, true),
        f('shortName', 'organization.field.shortName'),
        f(
          'creditCode',
          'organization.field.creditCode',
          unit.creditCode ? <span className="font-mono tracking-wide">{unit.creditCode}</span> : null,
        ),
        f(
          'organizationTypeName',
          'organization.field.organizationTypeName',
          unit.organizationTypeName ? typeLabel(unit.organizationTypeName) : null,
        ),
        f('legalPerson', 'organization.field.legalPerson'),
        f('parentName', 'organization.field.parentName'),
        f('childCount', 'organization.field.childCount', String(unit.childCount)),
      ],
    ],
    [
      'organization.section.contact',
      [
        f('contactPerson', 'organization.field.contactPerson'),
        f('contactPhone', 'organization.field.contactPhone'),
        f('email', 'organization.field.email'),
        f('fax', 'organization.field.fax'),
        f('website', 'organization.field.website', website),
        f('address', 'organization.field.address', null, true),
      ],
    ],
    [
      'organization.section.finance',
      [
        f('depositBank', 'organization.field.depositBank'),
        f('bankAccount', 'organization.field.bankAccount', unit.bankAccount ? <span className="font-mono">{unit.bankAccount}</span> : null),
        f('taxCode', 'organization.field.taxCode', unit.taxCode ? <span className="font-mono">{unit.taxCode}</span> : null),
      ],
    ],
  ]
  return (
    <div className="grid gap-6">
      {sections.map(([title, items]) => (
        <section key={title}>
          <h3 className="mb-3 border-b pb-1.5 text-sm font-semibold text-muted-foreground">{t(title)}</h3>
          <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 xl:grid-cols-3">{items}</dl>
        </section>
      ))}
      <p className="text-xs text-muted-foreground">
        {t('organization.field.updateTime')}：{formatDateTime(unit.updateTime)}
      </p>
    </div>
  )
}

export interface UnitPanelProps {
  unit: Organization
  tab: UnitTab
  onTab: (tab: UnitTab) => void
  onAddChild: () => void
  onEdit: () => void
  onDelete: () => void
}

export function UnitPanel({ unit, tab, onTab, onAddChild, onEdit, onDelete }: UnitPanelProps) {
  const { t } = useT()
  const typeLabel = useTypeLabel()
  const active = unit.status === STATUS.active
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span className="mt-0.5 flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <Building2 className="h-5 w-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <h2 className="text-lg font-semibold leading-tight">{unit.organizationName}</h2>
            <div className="mt-1 flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
              {unit.organizationTypeName && <Badge variant="outline">{typeLabel(unit.organizationTypeName)}</Badge>}
              <Badge variant={active ? 'success' : 'secondary'}>
                {t(active ? 'organization.status.active' : 'organization.status.stopped')}
              </Badge>
              {unit.shortName && <span>{unit.shortName}</span>}
              {unit.creditCode && <span className="font-mono text-xs">{unit.creditCode}</span>}
            </div>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Can action="add">
            <Button variant="outline" onClick={onAddChild}>
              <Plus aria-hidden />
              {t('organization.addChild')}
            </Button>
          </Can>
          <Can action="edit">
            <Button variant="outline" onClick={onEdit}>
              <Pencil aria-hidden />
              {t('common.edit')}
            </Button>
          </Can>
          <Can action="delete">
            <Button variant="outline" className="text-destructive hover:text-destructive" onClick={onDelete}>
              <Trash2 aria-hidden />
              {t('common.delete')}
            </Button>
          </Can>
        </div>
      </header>
      <Tabs value={tab} onValueChange={(v) => onTab(v as UnitTab)} className="min-w-0">
        <TabsList className="w-full justify-start">
          {UNIT_TABS.map((k) => (
            <TabsTrigger key={k} value={k}>
              {t(`organization.tabs.${k}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <div className="pt-4">
          <TabsContent value="info">
            <InfoTab unit={unit} />
          </TabsContent>
          <TabsContent value="qualification">
            <QualificationsTab organizationId={unit.organizationId} />
          </TabsContent>
          <TabsContent value="institutions">
            <InstitutionsTab organizationId={unit.organizationId} />
          </TabsContent>
          <TabsContent value="contacts">
            <ContactsTab organizationId={unit.organizationId} />
          </TabsContent>
          <TabsContent value="departments">
            <LentPanel slot="departments" organizationId={unit.organizationId} organizationName={unit.organizationName} />
          </TabsContent>
          <TabsContent value="accounts">
            <LentPanel slot="accounts" organizationId={unit.organizationId} organizationName={unit.organizationName} />
          </TabsContent>
          <TabsContent value="groups">
            <GroupsTab organizationId={unit.organizationId} />
          </TabsContent>
          <TabsContent value="accountLimit">
            <LimitTab organizationId={unit.organizationId} />
          </TabsContent>
        </div>
      </Tabs>
    </div>
  )
}
