/**
 * The department tree of one organisation: organisation nodes (category 1) and departments
 * (category 2) with head counts and status, a filter, expand/collapse; per node: add below,
 * edit, delete. Also used, without actions, to pick a move target.
 */
import { useEffect, useState } from 'react'
import { Building2, ChevronDown, ChevronRight, ChevronsDownUp, ChevronsUpDown, FolderTree, MoreHorizontal, Pencil, Plus, Search, Trash2, Users } from 'lucide-react'
import { TREE_CATEGORY, type DeptTreeNode } from '@/contract/schemas/people'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { Can, useCan } from '@/lib/permissions'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { parentIds, pathTo, visibleRows } from './tree'

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
  className?: string
}

export function DeptTree({ nodes, loading, selectedId, onSelect, onAdd, onEdit, onDelete, disabledIds, className }: DeptTreeProps) {
  const { t } = useT()
  const [keyword, setKeyword] = useState('')
  const [expanded, setExpanded] = useState<ReadonlySet<string> | null>(null)
  // first load: the root and the way to the selected node open
  const open = expanded ?? new Set([...nodes.map((n) => n.id), ...(selectedId ? pathTo(nodes, selectedId).slice(0, -1) : [])])
  const rows = visibleRows(nodes, open, keyword)
  const canAdd = useCan('addDept') && !!onAdd
  const canEdit = useCan('edit') && !!onEdit
  const canDelete = useCan('delete') && !!onDelete

  // a node selected from outside (e.g. after adding) becomes visible
  useEffect(() => {
    if (!selectedId || !expanded) return
    const way = pathTo(nodes, selectedId).slice(0, -1)
    if (way.some((id) => !expanded.has(id))) setExpanded(new Set([...expanded, ...way]))
  }, [selectedId, nodes, expanded])

  const toggle = (id: string) => {
    const next = new Set(open)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    setExpanded(next)
  }
  const allOpen = parentIds(nodes).every((id) => open.has(id))

  return (
    <div className={cn('flex min-h-0 flex-col', className)}>
      <div className="flex items-center gap-1 border-b p-2">
        <div className="relative min-w-0 flex-1">
          <Search className="pointer-events-none absolute left-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder={t('people.dept.filter')} aria-label={t('people.dept.filter')} className="pl-8" />
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="shrink-0"
          title={allOpen ? t('crud.collapse') : t('crud.expand')}
          aria-label={allOpen ? t('crud.collapse') : t('crud.expand')}
          onClick={() => setExpanded(allOpen ? new Set(nodes.map((n) => n.id)) : new Set(parentIds(nodes)))}
        >
          {allOpen ? <ChevronsDownUp aria-hidden /> : <ChevronsUpDown aria-hidden />}
        </Button>
      </div>
      <div role="tree" aria-label={t('people.dept.tree')} className="min-h-0 flex-1 overflow-y-auto p-1.5">
        {loading ? (
          <div className="space-y-2 p-2">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-6" style={{ marginLeft: (i % 3) * 16 }} />
            ))}
          </div>
        ) : rows.length === 0 ? (
          <p className="flex flex-col items-center gap-2 px-3 py-10 text-center text-sm text-muted-foreground">
            <FolderTree className="h-8 w-8 opacity-50" aria-hidden />
            {keyword ? t('crud.emptyFiltered') : t('people.dept.empty')}
          </p>
        ) : (
          rows.map(({ node, depth, hasChildren }) => {
            const selected = node.id === selectedId
            const isOrg = node.category === TREE_CATEGORY.organization
            const disabled = disabledIds?.has(node.id) ?? false
            const editable = !isOrg
            const showMenu = canAdd || (editable && (canEdit || canDelete))
            return (
              <div
                key={node.id}
                role="treeitem"
                aria-selected={selected}
                aria-expanded={hasChildren ? open.has(node.id) || !!keyword : undefined}
                aria-level={depth + 1}
                aria-disabled={disabled || undefined}
                className={cn(
                  'group flex min-h-9 items-center gap-1 rounded-md pr-1 text-sm',
                  selected ? 'bg-primary/10 text-primary' : 'hover:bg-muted',
                  disabled && 'opacity-50',
                )}
                style={{ paddingLeft: depth * 16 + 2 }}
              >
                {hasChildren ? (
                  <button
                    type="button"
                    className="flex h-7 w-6 shrink-0 items-center justify-center rounded text-muted-foreground hover:text-foreground"
                    aria-label={open.has(node.id) ? t('crud.collapse') : t('crud.expand')}
                    onClick={() => toggle(node.id)}
                    tabIndex={-1}
                  >
                    {open.has(node.id) || keyword ? <ChevronDown className="h-4 w-4" aria-hidden /> : <ChevronRight className="h-4 w-4" aria-hidden />}
                  </button>
                ) : (
                  <span className="w-6 shrink-0" />
                )}
                <button
                  type="button"
                  disabled={disabled}
                  className="flex min-h-9 min-w-0 flex-1 items-center gap-1.5 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed"
                  onClick={() => onSelect(node)}
                  title={node.name}
                  data-node-id={node.id}
                >
                  {isOrg ? (
                    <Building2 className={cn('h-4 w-4 shrink-0', selected ? 'text-primary' : 'text-muted-foreground')} aria-label={t('people.dept.orgNode')} />
                  ) : (
                    <Users className={cn('h-4 w-4 shrink-0', selected ? 'text-primary' : 'text-muted-foreground')} aria-label={t('people.dept.deptNode')} />
                  )}
                  <span className={cn('truncate', isOrg && 'font-medium')}>{node.name}</span>
                  {node.status === 0 && (
                    <Badge variant="secondary" className="shrink-0 px-1.5 py-0 text-[11px]">
                      {t('people.dept.stopped')}
                    </Badge>
                  )}
                  <span className="ml-auto shrink-0 pl-1 text-xs tabular-nums text-muted-foreground" title={t('people.dept.headCountN', { n: node.headCount })}>
                    {node.headCount}
                  </span>
                </button>
                {showMenu && (
                  <DropdownMenu>
                    <DropdownMenuTrigger asChild>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="h-8 w-8 shrink-0 opacity-60 group-hover:opacity-100 data-[state=open]:opacity-100"
                        aria-label={t('people.dept.actions', { name: node.name })}
                      >
                        <MoreHorizontal aria-hidden />
                      </Button>
                    </DropdownMenuTrigger>
                    <DropdownMenuContent align="end">
                      {canAdd && (
                        <Can action="addDept">
                          <DropdownMenuItem className="min-h-9" onSelect={() => onAdd?.(node)}>
                            <Plus className="h-4 w-4" aria-hidden />
                            {t('people.dept.addChild')}
                          </DropdownMenuItem>
                        </Can>
                      )}
                      {editable && canEdit && (
                        <Can action="edit">
                          <DropdownMenuItem className="min-h-9" onSelect={() => onEdit?.(node)}>
                            <Pencil className="h-4 w-4" aria-hidden />
                            {t('common.edit')}
                          </DropdownMenuItem>
                        </Can>
                      )}
                      {editable && canDelete && (
                        <Can action="delete">
                          <DropdownMenuItem className="min-h-9 text-destructive focus:text-destructive" onSelect={() => onDelete?.(node)}>
                            <Trash2 className="h-4 w-4" aria-hidden />
                            {t('common.delete')}
                          </DropdownMenuItem>
                        </Can>
                      )}
                    </DropdownMenuContent>
                  </DropdownMenu>
                )}
              </div>
            )
          })
        )}
      </div>
    </div>
  )
}
