/** /admin/app-manage: applications list (add/edit/delete) and, per application, its menu tree. */
import { useState } from 'react'
import { History, KeyRound, ListTree, ShieldCheck } from 'lucide-react'
import { APP_FIELDS } from '@/contract/fields/apps'
import type { Application } from '@/contract/schemas/application'
import { Badge } from '@/components/ui/badge'
import { declaredColumns, declaredFilters, ListPage, RowAction, timeColumn, useTranslate, type ListColumn } from '@/lib/crud'
import { DeclaredFields, FormField } from '@/lib/crud/forms'
import { Can } from './permissions'
import { useT } from '@/lib/i18n'
import { APP_CODE } from '@/lib/http'
import { GrantsDialog } from './GrantsDialog'
import { useRotateKey } from './KeyDialog'
import { MenuPanel } from './MenuPanel'
import { applicationResource } from './resource'
import { VersionsPanel } from './VersionsPanel'

export function AppManagePage() {
  const { t } = useT()
  const tr = useTranslate()
  const [menuApp, setMenuApp] = useState<Application | null>(null)
  const [menuOpen, setMenuOpen] = useState(false)
  const [versionsApp, setVersionsApp] = useState<Application | null>(null)
  const [grantsApp, setGrantsApp] = useState<Application | null>(null)
  const key = useRotateKey()

  const filters = declaredFilters(APP_FIELDS, tr)
  const truncated = 'max-w-[16rem] truncate'
  const columns: ListColumn<Application>[] = [
    ...declaredColumns<Application>(APP_FIELDS, tr, {
      name: {
        cell: (r) => (
          <span className="flex items-center gap-2 font-medium">
            {r.iconUrl ? <img src={r.iconUrl} alt="" className="size-6 rounded object-cover" /> : null}
            {r.name}
          </span>
        ),
      },
      code: { cell: (r) => <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{r.code}</code> },
      type: { cell: (r) => <Badge variant="outline">{t(`apps.type.${r.type}`)}</Badge> },
      url: {
        className: truncated,
        cell: (r) =>
          r.url ? (
            <a
              href={r.url}
              target="_blank"
              rel="noreferrer noopener"
              className="text-primary underline-offset-4 hover:underline"
              title={r.url}
            >
              {r.url}
            </a>
          ) : (
            <span className="text-muted-foreground">--</span>
          ),
      },
      principalPhone: { cell: (r) => <span className="tabular-nums">{r.principalPhone || '--'}</span> },
      remark: { className: truncated },
    }),
    timeColumn('createTime', t('apps.field.createTime'), { sortable: true }),
    timeColumn('updateTime', t('apps.field.updateTime'), { defaultHidden: true }),
  ]

  return (
    <>
      <ListPage
        resource={applicationResource}
        description={t('apps.description')}
        filters={filters}
        columns={columns}
        canDelete={(r) => (r.code === APP_CODE ? t('apps.selfRefused') : true)}
        rowActions={(r) => (
          <>
            <Can action="menu">
              <RowAction
                icon={<ListTree aria-hidden />}
                label={t('apps.menus')}
                onClick={() => {
                  setMenuApp(r)
                  setMenuOpen(true)
                }}
              />
            </Can>
            <Can action="publish">
              <RowAction icon={<History aria-hidden />} label={t('apps.version.open')} onClick={() => setVersionsApp(r)} />
            </Can>
            <Can action="edit">
              <RowAction icon={<KeyRound aria-hidden />} label={t('apps.key.rotate')} onClick={() => void key.rotate(r)} />
            </Can>
            <Can action="authorize">
              <RowAction icon={<ShieldCheck aria-hidden />} label={t('apps.grants.open')} onClick={() => setGrantsApp(r)} />
            </Can>
          </>
        )}
        form={{
          size: 'xl',
          defaults: { sort: 1, type: 'pc' },
          render: () => (
            <DeclaredFields
              fields={APP_FIELDS}
              before={{ remark: <FormField name="iconFileId" label={t('apps.field.icon')} kind="file" purpose="photo" /> }}
            />
          ),
        }}
      />
      <MenuPanel app={menuApp} open={menuOpen} onOpenChange={setMenuOpen} />
      <VersionsPanel app={versionsApp} onClose={() => setVersionsApp(null)} />
      <GrantsDialog app={grantsApp} onClose={() => setGrantsApp(null)} />
      {key.dialog}
    </>
  )
}
