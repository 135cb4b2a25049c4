/**
 * The template groups (tabGroup/listTree, flat → tree): 全部 for no filter, then the groups; per group
 * (Can group): add a child, rename, delete. A chosen group filters the list to it and its sub-groups.
 */
import { useMemo, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { FolderTree, Layers, Pencil, Plus, Trash2 } from 'lucide-react'
import { TABULATION_API, tabGroupAdd, tabGroupUpdate, type TabGroupRow } from '@/contract/schemas/tabulation'
import { Button } from '@/components/ui/button'
import { DropdownMenuAction } from '@/components/ui/dropdown-menu'
import { Skeleton } from '@/components/ui/skeleton'
import { confirm, FORM_HANDLED_CODES } from '@/lib/crud'
import { ActionDialog, FormField, useActionForm } from '@/lib/crud/forms'
import { http } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { toast } from '@/lib/toast'
import { buildTree, nestedAccess, Tree, TreeRowMenu, type Nested } from '@/lib/tree'
import { cn } from '@/lib/utils'
import { Can, useCan } from '../permissions'
import { groupTreeQueryOptions, tabKeys } from '../queries'

type Node = Nested<TabGroupRow>

const idOf = (g: TabGroupRow) => g.tabGroupId
const groupAccess = nestedAccess<Node>(idOf)
const bySortKey = (a: TabGroupRow, b: TabGroupRow) =>
  (a.sortKey ?? '').localeCompare(b.sortKey ?? '') || a.groupName.localeCompare(b.groupName)

/** The groups as a tree (sorted), for the tree and the group selects. */
export function useGroups() {
  const query = useQuery(groupTreeQueryOptions())
  const nodes = useMemo(() => buildTree(query.data ?? [], { id: idOf, parentId: (g) => g.parentId, compare: bySortKey }), [query.data])
  /** Every group in tree order, named by its path (验收表 / 主体结构): the options of a group select. */
  const options = useMemo(() => {
    const out: { value: string; label: string }[] = []
    const walk = (list: Node[], path: string[]) => {
      for (const n of list) {
        const here = [...path, n.groupName]
        out.push({ value: n.tabGroupId, label: here.join(' / ') })
        walk(n.children, here)
      }
    }
    walk(nodes, [])
    return out
  }, [nodes])
  return { query, nodes, options }
}

type Editing = { mode: 'add'; parent: TabGroupRow | null } | { mode: 'rename'; group: TabGroupRow }

export function GroupTree({ selectedId, onSelect }: { selectedId: string | null; onSelect: (id: string | null) => void }) {
  const { t } = useT()
  const qc = useQueryClient()
  const { query, nodes } = useGroups()
  const [expanded, setExpanded] = useState<ReadonlySet<string> | null>(null)
  const open = expanded ?? new Set((query.data ?? []).map(idOf))
  const [editing, setEditing] = useState<Editing | null>(null)
  const manages = useCan('group')

  const remove = async (g: TabGroupRow) => {
    const ok = await confirm({
      title: t('tabulation.manage.group.deleteTitle'),
      description: t('tabulation.manage.group.deleteConfirm', { name: g.groupName }),
      destructive: true,
      confirmText: t('common.delete'),
    })
    if (!ok) return
    // a group still holding sub-groups or templates is refused (20021): the client shows its message
    const done = await http.post(TABULATION_API.group.delete, { ids: [g.tabGroupId] }).then(
      () => true,
      () => false,
    )
    if (!done) return
    toast.success(t('tabulation.manage.group.deleted'))
    if (selectedId === g.tabGroupId) onSelect(null)
    await qc.invalidateQueries({ queryKey: tabKeys.groups() })
  }

  return (
    <div className="flex min-h-0 flex-col">
      <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
        <span className="text-sm font-medium">{t('tabulation.manage.group.title')}</span>
        <Can action="group">
          <Button type="button" size="sm" variant="outline" icon={Plus} onClick={() => setEditing({ mode: 'add', parent: null })}>
            {t('tabulation.manage.group.addTop')}
          </Button>
        </Can>
      </div>
      <button
        type="button"
        onClick={() => onSelect(null)}
        aria-current={selectedId === null || undefined}
        className={cn(
          'mx-1.5 mt-1.5 flex min-h-9 items-center gap-2 rounded-md px-2 text-left text-sm hover:bg-muted/60',
          selectedId === null && 'bg-muted font-medium text-primary',
        )}
      >
        <Layers className="h-4 w-4 shrink-0" aria-hidden />
        {t('tabulation.manage.group.all')}
      </button>
      {query.isPending ? (
        <div className="space-y-2 p-3">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-6" />
          ))}
        </div>
      ) : (
        <Tree<Node>
          label={t('tabulation.manage.group.title')}
          nodes={nodes}
          access={groupAccess}
          getLabel={(n) => n.groupName}
          expanded={open}
          onExpandedChange={setExpanded}
          selectedId={selectedId}
          onSelect={(n) => onSelect(n.tabGroupId)}
          rowHeight={36}
          className="min-h-0 flex-1 p-1.5"
          renderActions={(n) =>
            manages && (
              <TreeRowMenu label={t('tabulation.manage.group.actions', { name: n.groupName })}>
                <DropdownMenuAction
                  icon={Plus}
                  label={t('tabulation.manage.group.addChild')}
                  onSelect={() => setEditing({ mode: 'add', parent: n })}
                />
                <DropdownMenuAction
                  icon={Pencil}
                  label={t('tabulation.manage.group.rename')}
                  onSelect={() => setEditing({ mode: 'rename', group: n })}
                />
                <DropdownMenuAction icon={Trash2} label={t('common.delete')} destructive onSelect={() => void remove(n)} />
              </TreeRowMenu>
            )
          }
          empty={
            <p className="flex flex-col items-center gap-2 px-3 py-8 text-center text-sm text-muted-foreground">
              <FolderTree className="h-8 w-8 opacity-50" aria-hidden />
              {t('tabulation.manage.group.empty')}
            </p>
          }
        />
      )}
      {editing && (
        <GroupDialog
          key={editing.mode === 'add' ? `add-${editing.parent?.tabGroupId ?? ''}` : editing.group.tabGroupId}
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={(id) => {
            if (editing.mode === 'add') {
              if (editing.parent) setExpanded(new Set([...open, editing.parent.tabGroupId]))
              onSelect(id)
            }
          }}
        />
      )}
    </div>
  )
}

type GroupValues = { tabGroupId?: string; parentId?: string | null; groupName: string; version?: number }

function GroupDialog({ editing, onClose, onSaved }: { editing: Editing; onClose: () => void; onSaved: (id: string) => void }) {
  const { t } = useT()
  const qc = useQueryClient()
  const rename = editing.mode === 'rename'
  const action = useActionForm<GroupValues>({
    schema: rename ? tabGroupUpdate : tabGroupAdd,
    defaultValues: rename
      ? {
          tabGroupId: editing.group.tabGroupId,
          parentId: editing.group.parentId,
          groupName: editing.group.groupName,
          version: editing.group.version,
        }
      : { parentId: editing.parent?.tabGroupId ?? null, groupName: '' },
    action: (v) =>
      rename
        ? http.put<TabGroupRow>(TABULATION_API.group.update, v, { handled: FORM_HANDLED_CODES })
        : http.post<TabGroupRow>(TABULATION_API.group.add, v, { handled: FORM_HANDLED_CODES }),
    onDone: (_v, saved) => {
      void qc.invalidateQueries({ queryKey: tabKeys.groups() })
      onSaved((saved as TabGroupRow).tabGroupId)
      onClose()
    },
  })
  const title = rename
    ? t('tabulation.manage.group.renameTitle')
    : editing.parent
      ? t('tabulation.manage.group.addChildTitle', { name: editing.parent.groupName })
      : t('tabulation.manage.group.addTopTitle')
  return (
    <ActionDialog open onClose={onClose} title={title} action={action}>
      <FormField name="groupName" label={t('tabulation.manage.group.name')} required maxLength={50} />
    </ActionDialog>
  )
}
