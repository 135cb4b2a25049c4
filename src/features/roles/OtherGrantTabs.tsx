/**
 * The other units of a role's authorisation: 组织 (organisations whose data members see besides
 * their scope), 数据权限 (own / children / all, at most the caller's own) and 资源 (records of a
 * kind the role may use: applications). Each is saved on its own.
 */
import { useEffect, useMemo, useState } from 'react'
import { toast } from '@/lib/toast'
import { Lock } from 'lucide-react'
import { DATA_SCOPES, type DataScope } from '@/contract'
import { ROLE_RESOURCE_TYPES, type Role, type RoleOrgGrant, type RoleResourceType } from '@/contract/schemas/role'
import { Checkbox } from '@/components/ui/checkbox'
import { SearchInput } from '@/components/ui/search-input'
import { ChoiceSelect } from '@/components/ui/select'
import { Skeleton } from '@/components/ui/skeleton'
import { useT } from '@/lib/i18n'
import { branchIds, buildTree, filterTree, Highlight, Tree, type Nested, type TreeAccess } from '@/lib/tree'
import { cn } from '@/lib/utils'
import { useDataPermission, useRoleOrgs, useRoleResources, useSaveDataPermission, useSaveOrgs, useSaveResources } from './api'
import { GrantFooter } from './GrantFooter'

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((x) => b.has(x))
const toggled = (s: ReadonlySet<string>, id: string) => {
  const next = new Set(s)
  if (next.has(id)) next.delete(id)
  else next.add(id)
  return next
}

function Loading() {
  return (
    <div className="space-y-2 p-6">
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-8 w-full" />
      ))}
    </div>
  )
}

/** A set of ids chosen on screen, starting from (and reset to) the answer's. */
function useSelection(initial: readonly string[] | undefined) {
  const [base, setBase] = useState<ReadonlySet<string>>(new Set())
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set())
  useEffect(() => {
    const s = new Set(initial ?? [])
    setBase(s)
    setChosen(s)
  }, [initial])
  return {
    base,
    chosen,
    setChosen,
    dirty: !sameSet(base, chosen),
    reset: () => setChosen(base),
  }
}

// ---- organisations ----------------------------------------------------------------------

type OrgOption = RoleOrgGrant['options'][number]
type OrgNode = Nested<OrgOption>
const orgAccess: TreeAccess<OrgNode> = {
  id: (n) => n.organizationId,
  children: (n) => n.children,
}
const orgMatches = (n: OrgNode, keyword: string) => n.organizationName.toLowerCase().includes(keyword.trim().toLowerCase())

export function OrgGrantTab({ role, canSave }: { role: Role; canSave: boolean }) {
  const { t } = useT()
  const orgs = useRoleOrgs(role.roleId)
  const sel = useSelection(orgs.data?.organizationIds)
  const [keyword, setKeyword] = useState('')
  const save = useSaveOrgs()
  const tree = useMemo(
    () =>
      buildTree(orgs.data?.options ?? [], {
        id: (o) => o.organizationId,
        parentId: (o) => o.parentId,
      }),
    [orgs.data],
  )
  // everything open at first
  const [expanded, setExpanded] = useState<ReadonlySet<string> | null>(null)
  const open = expanded ?? new Set(branchIds(tree, orgAccess))
  const noMatch = !!keyword.trim() && filterTree(tree, orgAccess, (n) => orgMatches(n, keyword)).keep.size === 0

  async function submit() {
    await save.mutateAsync({
      roleId: role.roleId,
      organizationIds: [...sel.chosen],
    })
    toast.success(t('roles.auth.saved'))
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="space-y-2 border-b px-6 py-3">
        <p className="text-sm text-muted-foreground">{t('roles.auth.orgs.hint')}</p>
        <SearchInput label={t('roles.auth.orgs.search')} value={keyword} onValueChange={setKeyword} inputClassName="h-10" />
      </div>
      <div className="flex min-h-0 flex-1 flex-col px-4 py-2">
        {orgs.isPending && <Loading />}
        {orgs.isSuccess && (orgs.data.options.length === 0 || noMatch) && (
          <p className="p-6 text-center text-sm text-muted-foreground">
            {orgs.data.options.length ? t('roles.auth.orgs.noMatch') : t('roles.auth.orgs.empty')}
          </p>
        )}
        {orgs.isSuccess && tree.length > 0 && (
          <Tree
            label={t('roles.auth.tabs.orgs')}
            nodes={tree}
            access={orgAccess}
            getLabel={(n) => n.organizationName}
            expanded={open}
            onExpandedChange={setExpanded}
            keyword={keyword}
            match={orgMatches}
            searchSubtree
            check={{
              state: (n) => sel.chosen.has(n.organizationId),
              onToggle: (n) => sel.setChosen((s) => toggled(s, n.organizationId)),
              disabled: (n) => !canSave || (!n.grantable && !sel.chosen.has(n.organizationId)),
            }}
            rowHeight={44}
            indent={24}
            renderLabel={(n, { highlight }) => (
              <span className={cn(!n.grantable && 'text-muted-foreground')} title={n.grantable ? undefined : t('roles.auth.notGrantable')}>
                <Highlight text={n.organizationName} keyword={highlight} />
              </span>
            )}
            renderExtra={(n) => !n.grantable && <Lock className="h-3.5 w-3.5 shrink-0 text-muted-foreground" aria-hidden />}
            empty={null}
          />
        )}
      </div>
      <GrantFooter
        summary={t('roles.auth.orgs.summary', { n: sel.chosen.size })}
        dirty={sel.dirty}
        saving={save.isPending}
        canSave={canSave && orgs.isSuccess}
        onReset={sel.reset}
        onSave={() => void submit()}
      />
    </div>
  )
}

// ---- data scope ---------------------------------------------------------------------------

export function ScopeGrantTab({ role, canSave }: { role: Role; canSave: boolean }) {
  const { t } = useT()
  const dp = useDataPermission(role.roleId)
  const [scope, setScope] = useState<DataScope | null>(null)
  const save = useSaveDataPermission()
  useEffect(() => setScope(dp.data?.scope ?? null), [dp.data])
  const max = dp.data ? DATA_SCOPES.indexOf(dp.data.maxScope) : -1

  async function submit() {
    if (!scope) return
    await save.mutateAsync({ roleId: role.roleId, scope })
    toast.success(t('roles.auth.saved'))
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="min-h-0 flex-1 overflow-auto px-6 py-4">
        <p className="mb-3 text-sm text-muted-foreground">{t('roles.auth.scope.hint')}</p>
        {dp.isPending && <Loading />}
        {dp.isSuccess && (
          <div role="radiogroup" aria-label={t('roles.auth.tabs.scope')} className="grid gap-2">
            {DATA_SCOPES.map((s, i) => {
              const beyond = i > max && s !== dp.data.scope
              const on = scope === s
              return (
                <label
                  key={s}
                  className={cn(
                    'flex min-h-14 items-start gap-3 rounded-lg border p-3',
                    on ? 'border-primary bg-primary/5' : 'border-border',
                    beyond || !canSave ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:bg-muted/60',
                  )}
                >
                  <input
                    type="radio"
                    name="dataScope"
                    className="mt-1 h-4 w-4 accent-primary"
                    value={s}
                    checked={on}
                    disabled={beyond || !canSave}
                    onChange={() => setScope(s)}
                  />
                  <span>
                    <span className="block text-sm font-medium">{t(`roles.dataScope.${s}`)}</span>
                    <span className="block text-sm text-muted-foreground">
                      {beyond
                        ? t('roles.auth.scope.beyond', {
                            scope: t(`roles.dataScope.${dp.data.maxScope}`),
                          })
                        : t(`roles.auth.scope.${s}`)}
                    </span>
                  </span>
                </label>
              )
            })}
          </div>
        )}
      </div>
      <GrantFooter
        summary={scope ? t(`roles.dataScope.${scope}`) : ''}
        dirty={!!dp.data && scope !== dp.data.scope}
        saving={save.isPending}
        canSave={canSave && dp.isSuccess}
        onReset={() => setScope(dp.data?.scope ?? null)}
        onSave={() => void submit()}
      />
    </div>
  )
}

// ---- resources ------------------------------------------------------------------------------

export function ResourceGrantTab({ role, canSave }: { role: Role; canSave: boolean }) {
  const { t } = useT()
  const [type, setType] = useState<RoleResourceType>('resource')
  const items = useRoleResources(role.roleId, type)
  const granted = useMemo(() => items.data?.filter((i) => i.granted).map((i) => i.resourceId), [items.data])
  const sel = useSelection(granted)
  const save = useSaveResources()

  async function submit() {
    await save.mutateAsync({
      roleId: role.roleId,
      resourceType: type,
      resourceIds: [...sel.chosen],
    })
    toast.success(t('roles.auth.saved'))
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap items-center gap-3 border-b px-6 py-3">
        <ChoiceSelect
          className="h-10 w-44"
          aria-label={t('roles.auth.resources.type')}
          value={type}
          onChange={setType}
          values={ROLE_RESOURCE_TYPES}
          label={(r) => t(`roles.auth.resources.types.${r}`)}
        />
        <p className="min-w-[14rem] flex-1 text-sm text-muted-foreground">{t(`roles.auth.resources.hints.${type}`)}</p>
      </div>
      <div className="min-h-0 flex-1 overflow-auto px-4 py-2">
        {items.isPending && <Loading />}
        {items.isSuccess && items.data.length === 0 && (
          <p className="p-6 text-center text-sm text-muted-foreground">{t('roles.auth.resources.empty')}</p>
        )}
        <ul aria-label={t(`roles.auth.resources.types.${type}`)}>
          {items.data?.map((i) => (
            <li key={i.resourceId}>
              <label
                className={cn(
                  'flex min-h-11 items-center gap-3 rounded-md px-2 text-sm hover:bg-muted/60',
                  i.grantable && canSave ? 'cursor-pointer' : 'cursor-not-allowed text-muted-foreground',
                )}
                title={i.grantable ? undefined : t('roles.auth.notGrantable')}
              >
                <Checkbox
                  checked={sel.chosen.has(i.resourceId)}
                  disabled={!canSave || (!i.grantable && !sel.chosen.has(i.resourceId))}
                  onCheckedChange={() => sel.setChosen((s) => toggled(s, i.resourceId))}
                  aria-label={i.resourceName}
                />
                <span className="min-w-0 flex-1 truncate">{i.resourceName}</span>
                {i.resourceCode && <span className="font-mono text-xs text-muted-foreground">{i.resourceCode}</span>}
                {!i.grantable && <Lock className="h-3.5 w-3.5 shrink-0" aria-hidden />}
              </label>
            </li>
          ))}
        </ul>
      </div>
      <GrantFooter
        summary={t('roles.auth.resources.summary', { n: sel.chosen.size })}
        dirty={sel.dirty}
        saving={save.isPending}
        canSave={canSave && items.isSuccess}
        onReset={sel.reset}
        onSave={() => void submit()}
      />
    </div>
  )
}
