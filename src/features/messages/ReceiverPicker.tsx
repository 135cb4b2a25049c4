/**
 * Receivers of a message (SPEC §3 account tree): groups (nodeType 2, with the count of their
 * people) opened to their people (nodeType 3) in the one tree component, people found by name or
 * account, or roles. A chosen group covers its people (shown checked, not choosable one by one); a
 * group with some of its people chosen shows half-checked. The chosen ones are removable chips.
 */
import { useState } from 'react'
import { useQueries, useQuery } from '@tanstack/react-query'
import { X } from 'lucide-react'
import type { AccountTreeNode, MsgReceiver } from '@/contract/schemas/message'
import { Badge } from '@/components/ui/badge'
import { Checkbox } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { useT } from '@/lib/i18n'
import { Tree } from '@/lib/tree'
import { cn } from '@/lib/utils'
import { groupMembersQueryOptions, groupsQueryOptions, peopleQueryOptions, rolesQueryOptions } from './queries'

/** A row of the tree: a group, or a person under a group (or found by search, `groupId` null). */
interface Node {
  key: string
  type: 'group' | 'person'
  id: string
  name: string
  ext: string | null
  count?: number
  groupId: string | null
}

const groupNode = (n: AccountTreeNode): Node => ({
  key: `g:${n.nodeId}`,
  type: 'group',
  id: n.nodeId,
  name: n.nodeName,
  ext: n.nodeNameExt,
  count: n.count,
  groupId: null,
})
const personNode = (n: AccountTreeNode, groupId: string | null): Node => ({
  key: `p:${groupId ?? ''}:${n.nodeId}`,
  type: 'person',
  id: n.nodeId,
  name: n.nodeName,
  ext: n.nodeNameExt,
  groupId,
})

export function ReceiverPicker({
  value,
  onChange,
  invalid,
}: {
  value: MsgReceiver[]
  onChange: (v: MsgReceiver[]) => void
  invalid?: boolean
}) {
  const { t } = useT()
  const [keyword, setKeyword] = useState('')
  const [expanded, setExpanded] = useState<Set<string>>(new Set())
  const groups = useQuery(groupsQueryOptions())
  const people = useQuery(peopleQueryOptions(keyword))
  const roles = useQuery(rolesQueryOptions())
  const openGroups = [...expanded].filter((k) => k.startsWith('g:')).map((k) => k.slice(2))
  const members = useQueries({ queries: openGroups.map((id) => groupMembersQueryOptions(id)) })
  const membersOf = new Map(openGroups.map((id, i) => [id, members[i]]))

  const has = (type: MsgReceiver['type'], id: string) => value.some((r) => r.type === type && r.id === id)
  const toggle = (r: MsgReceiver) =>
    onChange(has(r.type, r.id) ? value.filter((x) => !(x.type === r.type && x.id === r.id)) : [...value, r])
  const covered = (n: Node) => n.type === 'person' && n.groupId !== null && has('group', n.groupId)

  const nodes: Node[] = keyword ? (people.data ?? []).map((n) => personNode(n, null)) : (groups.data ?? []).map(groupNode)
  const childrenOf = (n: Node): Node[] | undefined => {
    if (n.type === 'person') return []
    const q = membersOf.get(n.id)
    return q?.data?.map((p) => personNode(p, n.id))
  }

  return (
    <fieldset className="flex flex-col gap-2 text-sm">
      <legend className="mb-1.5 font-medium">{t('messages.field.receivers')}</legend>
      <div
        className={cn('flex min-h-9 flex-wrap items-center gap-1 rounded-md border px-2 py-1', invalid && 'border-destructive')}
        aria-live="polite"
      >
        {value.length === 0 && <span className="text-muted-foreground">{t('messages.receivers.none')}</span>}
        {value.map((r) => (
          <Badge key={`${r.type}:${r.id}`} variant="secondary" className="gap-1">
            {t(`messages.receivers.types.${r.type}`)} · {r.name}
            <button
              type="button"
              className="-mr-1 grid size-6 place-items-center rounded hover:bg-background/60"
              aria-label={t('messages.receivers.remove', { name: r.name })}
              onClick={() => toggle(r)}
            >
              <X className="size-3" aria-hidden />
            </button>
          </Badge>
        ))}
      </div>
      <Tabs defaultValue="tree">
        <TabsList>
          <TabsTrigger value="tree">{t('messages.receivers.tree')}</TabsTrigger>
          <TabsTrigger value="roles">{t('messages.receivers.roles')}</TabsTrigger>
        </TabsList>
        <TabsContent value="tree" className="flex flex-col gap-2">
          <Input
            className="h-9"
            placeholder={t('messages.receivers.search')}
            aria-label={t('messages.receivers.search')}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value.trim())}
          />
          <Tree<Node>
            label={keyword ? t('messages.receivers.found') : t('messages.receivers.tree')}
            className="h-56 rounded-md border"
            nodes={nodes}
            access={{ id: (n) => n.key, children: childrenOf }}
            getLabel={(n) => n.name}
            hasChildren={(n) => n.type === 'group' && (n.count ?? 0) > 0}
            expanded={expanded}
            onExpandedChange={setExpanded}
            highlight={keyword}
            childError={(n) => !!membersOf.get(n.id)?.isError}
            onRetry={(n) => void membersOf.get(n.id)?.refetch()}
            check={{
              state: (n) => {
                if (n.type === 'group') {
                  if (has('group', n.id)) return true
                  return (membersOf.get(n.id)?.data ?? []).some((p) => has('person', p.nodeId)) ? 'indeterminate' : false
                }
                return has('person', n.id) || covered(n)
              },
              disabled: covered,
              onToggle: (n) => toggle({ type: n.type, id: n.id, name: n.name }),
            }}
            renderExtra={(n) => (
              <span className="truncate text-xs text-muted-foreground" title={covered(n) ? t('messages.receivers.covered') : undefined}>
                {n.type === 'group' ? `${n.ext ? `${n.ext} · ` : ''}${t('messages.receivers.count', { n: n.count ?? 0 })}` : n.ext}
              </span>
            )}
            empty={
              <p className="p-3 text-muted-foreground">
                {groups.isPending || people.isFetching ? t('messages.receivers.loading') : t('crud.empty')}
              </p>
            }
          />
        </TabsContent>
        <TabsContent value="roles">
          <ul className="flex h-56 flex-col overflow-y-auto rounded-md border p-1" aria-label={t('messages.receivers.roles')}>
            {(roles.data ?? []).map((r) => (
              <li key={r.roleId}>
                <label className="flex min-h-9 items-center gap-2 rounded px-2 hover:bg-muted/60">
                  <Checkbox
                    checked={has('role', r.roleId)}
                    onCheckedChange={() => toggle({ type: 'role', id: r.roleId, name: r.roleName })}
                    aria-label={r.roleName}
                  />
                  <span>{r.roleName}</span>
                  <span className="text-xs text-muted-foreground">{t('messages.receivers.count', { n: r.memberCount })}</span>
                </label>
              </li>
            ))}
          </ul>
        </TabsContent>
      </Tabs>
    </fieldset>
  )
}
