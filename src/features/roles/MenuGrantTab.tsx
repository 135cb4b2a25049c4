/**
 * 菜单与功能: an application's menu tree with each menu's functions as checkboxes (tri-state
 * parents, select all, search, expand/collapse). What the caller does not hold is shown but cannot
 * be changed. A failed load shows nothing checked (SPEC §8) — never the previous role's grants.
 */
import { useEffect, useMemo, useState } from 'react'
import { toast } from '@/lib/toast'
import { Lock } from 'lucide-react'
import type { Role, RoleMenuNode } from '@/contract/schemas/role'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { SearchInput } from '@/components/ui/search-input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { Skeleton } from '@/components/ui/skeleton'
import { useT } from '@/lib/i18n'
import { menuLabel } from '@/lib/permissions'
import { filterTree, Highlight, Tree } from '@/lib/tree'
import { cn } from '@/lib/utils'
import { useMenuApps, useMenuTree, useSaveMenus } from './api'
import {
  allState,
  countChecked,
  initialChecked,
  menuGrantable,
  menuMatches,
  menuNodeAccess,
  menuState,
  toggleAll,
  toggleFunction,
  toggleMenu,
  toPayload,
  walk,
  type Checked,
} from './checkTree'
import { GrantFooter } from './GrantFooter'

const EMPTY: Checked = { menus: new Set(), fns: new Set() }
const same = (a: Checked, b: Checked) =>
  a.menus.size === b.menus.size &&
  a.fns.size === b.fns.size &&
  [...a.menus].every((x) => b.menus.has(x)) &&
  [...a.fns].every((x) => b.fns.has(x))

export function MenuGrantTab({ role, canSave }: { role: Role; canSave: boolean }) {
  const { t, locale } = useT()
  const apps = useMenuApps()
  const [appId, setAppId] = useState<string | undefined>(undefined)
  // none chosen: the gateway answers the current application's tree (SPEC §5), and names it
  const tree = useMenuTree(role.roleId, appId)
  const chosen = appId ?? tree.data?.applicationId
  const menus = useMemo(() => (tree.isError ? [] : (tree.data?.menus ?? [])), [tree.data, tree.isError])
  const [base, setBase] = useState<Checked>(EMPTY)
  const [checked, setChecked] = useState<Checked>(EMPTY)
  const [keyword, setKeyword] = useState('')
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set())
  const save = useSaveMenus()

  // A new answer (or a failure: nothing) replaces whatever was shown.
  useEffect(() => {
    const c = initialChecked(menus)
    setBase(c)
    setChecked(c)
  }, [menus])

  const label = (m: RoleMenuNode) => menuLabel(m, locale)
  const noMatch = useMemo(
    () =>
      !!keyword.trim() && filterTree(menus, menuNodeAccess, (m) => menuMatches(m, keyword, (n) => menuLabel(n, locale))).keep.size === 0,
    [menus, keyword, locale],
  )
  const dirty = !same(base, checked)
  const counts = countChecked(checked)
  const groups = useMemo(() => {
    const ids: string[] = []
    walk(menus, (m) => {
      if (m.children.length) ids.push(m.applicationMenuId)
    })
    return ids
  }, [menus])
  const expanded = useMemo(() => new Set(groups.filter((id) => !collapsed.has(id))), [groups, collapsed])

  async function submit() {
    if (!tree.data) return
    await save.mutateAsync({
      roleId: role.roleId,
      applicationId: tree.data.applicationId,
      ...toPayload(menus, checked),
    })
    toast.success(t('roles.auth.saved'))
  }

  const all = allState(menus, checked)

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap items-center gap-2 border-b px-6 py-3">
        {(apps.data?.length ?? 0) > 1 && (
          <Select value={chosen} onValueChange={setAppId}>
            <SelectTrigger className="h-10 w-56" aria-label={t('roles.auth.menus.app')}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {apps.data!.map((a) => (
                <SelectItem key={a.applicationId} value={a.applicationId}>
                  {a.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
        <SearchInput
          className="min-w-[12rem] flex-1"
          label={t('roles.auth.menus.search')}
          value={keyword}
          onValueChange={setKeyword}
          inputClassName="h-10"
        />
        <label className="flex h-10 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm">
          <Checkbox
            checked={all}
            disabled={!canSave || !menus.some(menuGrantable)}
            onCheckedChange={() => setChecked((c) => toggleAll(menus, c))}
          />
          {t('roles.auth.menus.selectAll')}
        </label>
        <Button variant="ghost" className="h-10" onClick={() => setCollapsed((c) => (c.size ? new Set() : new Set(groups)))}>
          {collapsed.size ? t('roles.auth.menus.expandAll') : t('roles.auth.menus.collapseAll')}
        </Button>
      </div>
      <div className="flex min-h-0 flex-1 flex-col px-4 py-2">
        {(apps.isPending || (chosen && tree.isPending)) && (
          <div className="space-y-2 p-2">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-8 w-full" />
            ))}
          </div>
        )}
        {apps.isSuccess && !chosen && <p className="p-6 text-center text-sm text-muted-foreground">{t('roles.auth.menus.noApps')}</p>}
        {tree.isError && <p className="p-6 text-center text-sm text-destructive">{t('roles.auth.menus.loadFailed')}</p>}
        {tree.isSuccess && menus.length === 0 && (
          <p className="p-6 text-center text-sm text-muted-foreground">{t('roles.auth.menus.empty')}</p>
        )}
        {tree.isSuccess && menus.length > 0 && (
          <Tree
            label={t('roles.auth.tabs.menus')}
            nodes={menus}
            access={menuNodeAccess}
            getLabel={label}
            expanded={expanded}
            onExpandedChange={(next) => setCollapsed(new Set(groups.filter((id) => !next.has(id))))}
            keyword={keyword}
            match={(m, k) => menuMatches(m, k, label)}
            searchSubtree
            check={{
              state: (m) => menuState(m, checked),
              onToggle: (m) => setChecked((c) => toggleMenu(m, c)),
              disabled: (m) => !canSave || !menuGrantable(m),
            }}
            rowHeight={40}
            indent={24}
            renderLabel={(m, { highlight }) => (
              <span
                className={cn(m.children.length ? 'font-medium' : 'font-normal', !menuGrantable(m) && 'text-muted-foreground')}
                title={menuGrantable(m) ? undefined : t('roles.auth.notGrantable')}
              >
                <Highlight text={label(m)} keyword={highlight} />
              </span>
            )}
            renderExtra={(m) => !menuGrantable(m) && <Lock className="h-3.5 w-3.5 shrink-0 text-muted-foreground" aria-hidden />}
            renderDetail={(m) =>
              m.functions.length > 0 && <Functions menu={m} name={label(m)} checked={checked} onChange={setChecked} readOnly={!canSave} />
            }
            empty={noMatch && <p className="p-6 text-center text-sm text-muted-foreground">{t('roles.auth.menus.noMatch')}</p>}
          />
        )}
      </div>
      <GrantFooter
        summary={t('roles.auth.menus.summary', {
          menus: counts.menus,
          fns: counts.fns,
        })}
        dirty={dirty}
        saving={save.isPending}
        canSave={canSave && !!tree.data}
        onReset={() => setChecked(base)}
        onSave={() => void submit()}
      />
    </div>
  )
}

/** A menu's functions as checkboxes below its name. */
function Functions({
  menu,
  name,
  checked,
  onChange,
  readOnly,
}: {
  menu: RoleMenuNode
  name: string
  checked: Checked
  onChange: (update: (c: Checked) => Checked) => void
  readOnly: boolean
}) {
  const { t } = useT()
  return (
    <div className="flex flex-wrap gap-x-1 gap-y-1 pb-1.5" role="group" aria-label={name}>
      {menu.functions.map((f) => {
        const on = checked.fns.has(f.applicationMenuFunctionId)
        return (
          <label
            key={f.applicationMenuFunctionId}
            className={cn(
              'flex min-h-9 items-center gap-1.5 rounded-md border bg-background px-2.5 text-sm font-normal text-foreground',
              on ? 'border-primary/50 bg-primary/5' : 'border-border',
              f.grantable && !readOnly ? 'cursor-pointer' : 'cursor-not-allowed text-muted-foreground',
            )}
            title={f.grantable ? f.functionAction : t('roles.auth.notGrantable')}
          >
            <Checkbox
              checked={on}
              disabled={readOnly || !f.grantable}
              onCheckedChange={() => onChange((c) => toggleFunction(menu, f.applicationMenuFunctionId, c))}
              aria-label={`${name} · ${f.functionName}`}
            />
            {f.functionName}
            {!f.grantable && <Lock className="h-3 w-3" aria-hidden />}
          </label>
        )
      })}
    </div>
  )
}
