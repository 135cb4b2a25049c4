/**
 * 授权 of a role, per unit (SPEC §6): 菜单与功能, 组织, 数据权限, 资源 — each tab saved on its own.
 * Tabs stay mounted while the sheet is open, so switching keeps unsaved choices.
 */
import { useState } from 'react'
import type { Role } from '@/contract/schemas/role'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { Sheet } from '@/components/ui/sheet'
import { useT } from '@/lib/i18n'
import { useCan } from './permissions'
import { MenuGrantTab } from './MenuGrantTab'
import { OrgGrantTab, ResourceGrantTab, ScopeGrantTab } from './OtherGrantTabs'

const TABS = ['menus', 'orgs', 'scope', 'resources'] as const
type Tab = (typeof TABS)[number]

export function AuthorizeSheet({ role, open, onOpenChange }: { role: Role | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useT()
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-4xl"
      title={t('roles.auth.title', { role: role?.roleName ?? '' })}
      description={t('roles.auth.description')}
    >
      {open && role && <Authorize role={role} />}
    </Sheet>
  )
}

function Authorize({ role }: { role: Role }) {
  const { t } = useT()
  const [tab, setTab] = useState<Tab>('menus')
  const canSave = useCan('authorize')
  return (
    <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)} className="flex min-h-0 flex-1 flex-col">
      <TabsList className="px-4">
        {TABS.map((k) => (
          <TabsTrigger key={k} value={k}>
            {t(`roles.auth.tabs.${k}`)}
          </TabsTrigger>
        ))}
      </TabsList>
      {TABS.map((k) => (
        <TabsContent key={k} value={k} forceMount className="flex min-h-0 flex-1 flex-col data-[state=inactive]:hidden">
          {k === 'menus' && <MenuGrantTab role={role} canSave={canSave} />}
          {k === 'orgs' && <OrgGrantTab role={role} canSave={canSave} />}
          {k === 'scope' && <ScopeGrantTab role={role} canSave={canSave} />}
          {k === 'resources' && <ResourceGrantTab role={role} canSave={canSave} />}
        </TabsContent>
      ))}
    </Tabs>
  )
}
