/**
 * The department tree of one organisation: organisation nodes (category 1) and departments
 * (category 2) with head counts and status, a filter, expand/collapse; per node: add below,
 * edit, delete. Also used, without actions, to pick a move target.
 */
import { useCallback, useEffect, useState } from 'react'
import { Building2, ChevronsDownUp, ChevronsUpDown, FolderTree, Pencil, Plus, Trash2, Users } from 'lucide-react'
import { TREE_CATEGORY, type DeptTreeNode } from '@/contract/schemas/people'
import { Badge } from '@/components/ui/badge'
import { IconButton } from '@/components/ui/button'
import { DropdownMenuAction } from '@/components/ui/dropdown-menu'
import { SearchInput } from '@/components/ui/search-input'
import { Skeleton } from '@/components/ui/skeleton'
import { Can, useCan } from '@/lib/permissions'
import { useT } from '@/lib/i18n'
import { ancestorIds, branchIds, Highlight, nestedAccess, Tree, TreeRowMenu } from '@/lib/tree'
import { cn } from '@/lib/utils'

/** The department tree for the tree toolkit's helpers. */
export const deptAccess = nestedAccess<DeptTreeNode>((n) => n.id)

export interface DeptTreeProps {
  nodes: readonly DeptTreeNode[]
  loading?: boolean
  selectedId: string | null
  onSelect: (node: DeptTreeNode) => void
  /** Node actions; without them the tree only selects (e.g. to pick a move target). */
  onAdd?: (parent: DeptTreeNode) => void
  onEdit?: (node: DeptTreeNode) => void
  onDelete?: (node: DeptTreeNode) => void
  /** Nodes that cannot be chosen (e.g. the current department when moving). */
  disabledIds?: ReadonlySet<string>
  /** The open nodes kept by the owner (a drawer's tree remembers them when closed and opened again). */
  expanded?: ReadonlySet<string> | null
  onExpandedChange?: (expanded: ReadonlySet<string>) => void
  className?: string
}

export function DeptTree(props: DeptTreeProps) {
  const { nodes, loading, selectedId, onSelect, onAdd, onEdit, onDelete, disabledIds, className } = props
  const { t } = useT()
  const [keyword, setKeyword] = useState('')
  const [own, setOwn] = useState<ReadonlySet<string> | null>(null)
  const controlled = props.onExpandedChange !== undefined
  const expanded = controlled ? (props.expanded ?? null) : own
  const onChange = props.onExpandedChange
  const setExpanded = useCallback((next: ReadonlySet<string>) => (onChange ? onChange(next) : setOwn(next)), [onChange])
  // first load: the root and the way to the selected node open
  const open = expanded ?? new Set([...nodes.map((n) => n.id), ...(selectedId ? ancestorIds(nodes, deptAccess, selectedId) : [])])
  const canAdd = useCan('addDept') && !!onAdd
  const canEdit = useCan('edit') && !!onEdit
  const canDelete = useCan('delete') && !!onDelete

  // a node selected from outside (e.g. after adding) becomes visible
  useEffect(() => {
    if (!selectedId || !expanded) return
    const way = ancestorIds(nodes, deptAccess, selectedId)
    if (way.some((id) => !expanded.has(id))) setExpanded(new Set([...expanded, ...way]))
  }, [selectedId, nodes, expanded, setExpanded])

  const branches = branchIds(nodes, deptAccess)
  const allOpen = branches.every((id) => open.has(id))

  return (
    <div className={cn('flex min-h-0 flex-col', className)}>
      <div className="flex items-center gap-1 border-b p-2">
        <SearchInput className="min-w-0 flex-1" label={t('people.dept.filter')} value={keyword} onValueChange={setKeyword} />
        <IconButton
          className="shrink-0"
          icon={allOpen ? ChevronsDownUp : ChevronsUpDown}
          label={allOpen ? t('crud.collapse') : t('crud.expand')}
          tip
          onClick={() => setExpanded(allOpen ? new Set(nodes.map((n) => n.id)) : new Set(branches))}
        />
      </div>
      {loading ? (
        <div className="space-y-2 p-3.5">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-6" style={{ marginLeft: (i % 3) * 16 }} />
          ))}
        </div>
      ) : (
        <Tree
          label={t('people.dept.tree')}
          nodes={nodes}
          access={deptAccess}
          getLabel={(n) => n.name}
          expanded={open}
          onExpandedChange={setExpanded}
          keyword={keyword}
          selectedId={selectedId}
          onSelect={(node) => onSelect(node)}
          isDisabled={disabledIds ? (n) => disabledIds.has(n.id) : undefined}
          className="p-1.5"
          rowHeight={36}
          renderIcon={(node, { selected }) =>
            node.category === TREE_CATEGORY.organization ? (
              <Building2
                className={cn('h-4 w-4 shrink-0', selected ? 'text-primary' : 'text-muted-foreground')}
                aria-label={t('people.dept.orgNode')}
              />
            ) : (
              <Users
                className={cn('h-4 w-4 shrink-0', selected ? 'text-primary' : 'text-muted-foreground')}
                aria-label={t('people.dept.deptNode')}
              />
            )
          }
          renderLabel={(node, { highlight, selected }) => (
            <span
              title={node.name}
              data-node-id={node.id}
              className={cn(node.category === TREE_CATEGORY.organization ? 'font-medium' : selected ? 'font-medium' : 'font-normal')}
            >
              <Highlight text={node.name} keyword={highlight} />
            </span>
          )}
          renderExtra={(node) => (
            <>
              {node.status === 0 && (
                <Badge variant="secondary" className="shrink-0 px-1.5 py-0 text-[11px]">
                  {t('people.dept.stopped')}
                </Badge>
              )}
              <span
                className="shrink-0 pl-1 text-xs font-normal tabular-nums text-muted-foreground"
                title={t('people.dept.headCountN', { n: node.headCount })}
              >
                {node.headCount}
              </span>
            </>
          )}
          renderActions={(node) => {
            const editable = node.category !== TREE_CATEGORY.organization
            if (!(canAdd || (editable && (canEdit || canDelete)))) return null
            return (
              <TreeRowMenu label={t('people.dept.actions', { name: node.name })}>
                {canAdd && (
                  <Can action="addDept">
                    <DropdownMenuAction icon={Plus} label={t('people.dept.addChild')} onSelect={() => onAdd?.(node)} />
                  </Can>
                )}
                {editable && canEdit && (
                  <Can action="edit">
                    <DropdownMenuAction icon={Pencil} label={t('common.edit')} onSelect={() => onEdit?.(node)} />
                  </Can>
                )}
                {editable && canDelete && (
                  <Can action="delete">
                    <DropdownMenuAction icon={Trash2} label={t('common.delete')} destructive onSelect={() => onDelete?.(node)} />
                  </Can>
                )}
              </TreeRowMenu>
            )
          }}
          empty={
            <p className="flex flex-col items-center gap-2 px-3 py-10 text-center text-sm text-muted-foreground">
              <FolderTree className="h-8 w-8 opacity-50" aria-hidden />
              {keyword ? t('crud.emptyFiltered') : t('people.dept.empty')}
            </p>
          }
        />
      )}
    </div>
  )
}
