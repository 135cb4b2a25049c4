/**
 * The unit tree (SPEC §4): unit types (1), units (2) and role nodes (3), children loaded when a
 * node is first expanded; a keyword search replaces it with the matching units under their type.
 * One flat, virtualised list of the visible rows with tree semantics and arrow-key navigation.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useQueries } from '@tanstack/react-query'
import { useVirtualizer } from '@tanstack/react-virtual'
import { AlertCircle, Building2, ChevronRight, FolderTree, Loader2, RefreshCw, Search, ShieldCheck, X } from 'lucide-react'
import { ORG_NODE, KEYWORD_LIMIT, type OrgTreeNode } from '@/contract/schemas/org'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { useT } from '@/lib/i18n'
import { DataAgeNote } from '@/lib/offline/read'
import { cn } from '@/lib/utils'
import { useKeywordTree, useTreeChildren } from './api'
import { orgTreeQueryOptions } from './queries'

export const nodeKey = (n: Pick<OrgTreeNode, 'nodeType' | 'nodeId'>) => `${n.nodeType}:${n.nodeId}`

type Row =
  | { kind: 'node'; key: string; node: OrgTreeNode; level: number; expanded: boolean; parentKey: string | null }
  | { kind: 'loading' | 'error'; key: string; level: number; parent: OrgTreeNode }

const ROW_HEIGHT = 36

function NodeIcon({ type }: { type: number }) {
  const cls = 'h-4 w-4 shrink-0'
  if (type === ORG_NODE.unitType) return <FolderTree className={cn(cls, 'text-amber-600 dark:text-amber-400')} aria-hidden />
  if (type === ORG_NODE.unit) return <Building2 className={cn(cls, 'text-primary')} aria-hidden />
  return <ShieldCheck className={cn(cls, 'text-emerald-600 dark:text-emerald-400')} aria-hidden />
}

export interface UnitTreeProps {
  selectedKey: string | null
  onSelect: (node: OrgTreeNode, path: OrgTreeNode[]) => void
  className?: string
}

export function UnitTree({ selectedKey, onSelect, className }: UnitTreeProps) {
  const { t } = useT()
  const [draft, setDraft] = useState('')
  const [keyword, setKeyword] = useState('')
  const searching = keyword.length > 0
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set())
  const [searchExpanded, setSearchExpanded] = useState<ReadonlySet<string>>(new Set())
  const open = searching ? searchExpanded : expanded
  const setOpen = searching ? setSearchExpanded : setExpanded

  const roots = useTreeChildren(null, null, !searching)
  const found = useKeywordTree(keyword)

  // Lazily loaded children of expanded nodes (search results: type nodes carry their children already).
  const lazy = useMemo(() => [...open].map((k) => k.split(':') as [string, string]).filter(([type]) => Number(type) !== ORG_NODE.unitType || !searching), [open, searching])
  const children = useQueries({
    queries: lazy.map(([type, id]) => orgTreeQueryOptions(id, Number(type))),
  })
  const childState = new Map(lazy.map(([type, id], i) => [`${type}:${id}`, children[i]!]))

  const top: OrgTreeNode[] | undefined = searching ? found.data?.nodes : roots.data
  const rows: Row[] = []
  const parents = new Map<string, OrgTreeNode[]>()
  const walk = (nodes: OrgTreeNode[], level: number, parentKey: string | null, path: OrgTreeNode[]) => {
    for (const node of nodes) {
      const key = nodeKey(node)
      const isOpen = node.hasChild === 1 && open.has(key)
      rows.push({ kind: 'node', key, node, level, expanded: isOpen, parentKey })
      parents.set(key, [...path, node])
      if (!isOpen) continue
      const inline = searching && node.nodeType === ORG_NODE.unitType ? node.children : undefined
      const q = childState.get(key)
      const list = inline ?? q?.data
      if (list) walk(list, level + 1, key, [...path, node])
      else if (q?.isError) rows.push({ kind: 'error', key: `${key}:error`, level: level + 1, parent: node })
      else rows.push({ kind: 'loading', key: `${key}:loading`, level: level + 1, parent: node })
    }
  }
  if (top) walk(top, 1, null, [])

  // In search mode the type nodes start open.
  useEffect(() => {
    if (found.data) setSearchExpanded(new Set(found.data.nodes.map(nodeKey)))
  }, [found.data])

  const toggle = (node: OrgTreeNode, force?: boolean) => {
    if (node.hasChild !== 1) return
    const key = nodeKey(node)
    const next = new Set(open)
    const want = force ?? !next.has(key)
    if (want) next.add(key)
    else next.delete(key)
    setOpen(next)
  }

  const scroller = useRef<HTMLDivElement>(null)
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 })
  const [focusKey, setFocusKey] = useState<string | null>(null)
  const focusIndex = Math.max(0, rows.findIndex((r) => r.key === (focusKey ?? selectedKey)))

  const focusRow = (i: number) => {
    const row = rows[Math.min(Math.max(0, i), rows.length - 1)]
    if (!row) return
    setFocusKey(row.key)
    virtual.scrollToIndex(rows.indexOf(row))
    requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(row.key)}"]`)?.focus())
  }

  const select = (node: OrgTreeNode) => onSelect(node, parents.get(nodeKey(node)) ?? [node])

  const onKeyDown = (e: KeyboardEvent) => {
    const row = rows[focusIndex]
    if (!row) return
    const node = row.kind === 'node' ? row.node : null
    switch (e.key) {
      case 'ArrowDown':
        focusRow(focusIndex + 1)
        break
      case 'ArrowUp':
        focusRow(focusIndex - 1)
        break
      case 'Home':
        focusRow(0)
        break
      case 'End':
        focusRow(rows.length - 1)
        break
      case 'ArrowRight':
        if (node && node.hasChild === 1 && row.kind === 'node' && !row.expanded) toggle(node, true)
        else focusRow(focusIndex + 1)
        break
      case 'ArrowLeft':
        if (node && row.kind === 'node' && row.expanded) toggle(node, false)
        else {
          const parentKey = row.kind === 'node' ? row.parentKey : nodeKey(row.parent)
          const p = rows.findIndex((r) => r.key === parentKey)
          if (p >= 0) focusRow(p)
        }
        break
      case 'Enter':
      case ' ':
        if (node) {
          select(node)
          if (node.hasChild === 1 && row.kind === 'node' && !row.expanded) toggle(node, true)
        }
        break
      default:
        return
    }
    e.preventDefault()
  }

  const submitSearch = () => {
    const k = draft.trim()
    setKeyword(k)
    setFocusKey(null)
  }
  const clear = () => {
    setDraft('')
    setKeyword('')
    setFocusKey(null)
  }

  const query = searching ? found : roots
  const empty = !!top && rows.length === 0

  return (
    <div className={cn('flex min-h-0 flex-col', className)}>
      <form
        role="search"
        className="flex items-center gap-1.5 border-b p-2"
        onSubmit={(e) => {
          e.preventDefault()
          submitSearch()
        }}
      >
        <div className="relative min-w-0 flex-1">
          <Search className="pointer-events-none absolute left-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value)
              if (!e.target.value.trim() && keyword) clear()
            }}
            placeholder={t('organization.tree.search')}
            aria-label={t('organization.tree.search')}
            enterKeyHint="search"
            className="pl-8 pr-8"
            maxLength={100}
          />
          {draft && (
            <button
              type="button"
              onClick={clear}
              className="absolute right-1 top-1/2 flex h-7 w-7 -translate-y-1/2 items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              aria-label={t('organization.tree.clear')}
              title={t('organization.tree.clear')}
            >
              <X className="h-4 w-4" aria-hidden />
            </button>
          )}
        </div>
        <Button type="submit" size="icon" variant="outline" aria-label={t('common.search')} title={t('common.search')}>
          {found.isFetching ? <Loader2 className="animate-spin" aria-hidden /> : <Search aria-hidden />}
        </Button>
      </form>

      {searching && found.data && (
        <p className="border-b px-3 py-1.5 text-xs text-muted-foreground" aria-live="polite">
          {found.data.total === 0 ? t('organization.tree.noMatch', { keyword }) : t('organization.tree.matches', { total: found.data.total })}
          {found.data.truncated && <span className="block text-amber-700 dark:text-amber-400">{t('organization.tree.more', { n: KEYWORD_LIMIT })}</span>}
        </p>
      )}

      {!searching && <DataAgeNote query={query} className="border-b px-3 py-1.5" />}

      <div ref={scroller} className="relative min-h-0 flex-1 overflow-auto py-1" aria-busy={query.isFetching}>
        {query.isPending && (!searching || found.fetchStatus !== 'idle') ? (
          <div className="space-y-2 p-3">
            {Array.from({ length: 7 }, (_, i) => (
              <Skeleton key={i} className="h-6" style={{ marginLeft: `${(i % 3) * 1}rem` }} />
            ))}
          </div>
        ) : query.isError && !query.data ? (
          <div role="alert" className="flex flex-col items-center gap-3 px-4 py-10 text-center text-sm">
            <AlertCircle className="h-6 w-6 text-destructive" aria-hidden />
            {t('organization.tree.loadError')}
            <Button variant="outline" onClick={() => void query.refetch()}>
              <RefreshCw aria-hidden />
              {t('organization.tree.retry')}
            </Button>
          </div>
        ) : empty ? (
          <p className="px-4 py-10 text-center text-sm text-muted-foreground">{searching ? t('organization.tree.noMatch', { keyword }) : t('organization.tree.empty')}</p>
        ) : (
          <div role="tree" aria-label={t('organization.tree.label')} onKeyDown={onKeyDown} style={{ height: virtual.getTotalSize(), position: 'relative' }}>
            {virtual.getVirtualItems().map((v) => {
              const row = rows[v.index]!
              const style = { position: 'absolute' as const, top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${v.start}px)` }
              const pad = { paddingLeft: `${(row.level - 1) * 16 + 4}px` }
              if (row.kind !== 'node')
                return (
                  <div key={row.key} style={{ ...style, ...pad }} className="flex items-center gap-2 pl-2 text-xs text-muted-foreground" role="none">
                    <span className="w-6" />
                    {row.kind === 'loading' ? (
                      <>
                        <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden />
                        {t('organization.tree.loading')}
                      </>
                    ) : (
                      <button type="button" className="text-destructive underline-offset-2 hover:underline" onClick={() => void childState.get(nodeKey(row.parent))?.refetch()}>
                        {t('organization.tree.loadError')} · {t('organization.tree.retry')}
                      </button>
                    )}
                  </div>
                )
              const { node } = row
              const selected = row.key === selectedKey
              const tabbable = v.index === focusIndex
              return (
                <div
                  key={row.key}
                  data-key={row.key}
                  role="treeitem"
                  aria-level={row.level}
                  aria-expanded={node.hasChild === 1 ? row.expanded : undefined}
                  aria-selected={selected}
                  tabIndex={tabbable ? 0 : -1}
                  style={{ ...style, ...pad }}
                  className={cn(
                    'group flex cursor-pointer select-none items-center gap-1 rounded-md pr-2 text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
                    selected && 'bg-primary/10 font-medium text-primary hover:bg-primary/15',
                  )}
                  onClick={() => {
                    setFocusKey(row.key)
                    select(node)
                    if (node.nodeType === ORG_NODE.unitType && !row.expanded) toggle(node, true)
                  }}
                  title={node.nodeNameExt ? `${node.nodeName}（${node.nodeNameExt}）` : node.nodeName}
                >
                  {node.hasChild === 1 ? (
                    <span
                      role="button"
                      aria-label={row.expanded ? t('organization.tree.collapse') : t('organization.tree.expand')}
                      className="flex h-7 w-6 shrink-0 items-center justify-center rounded text-muted-foreground hover:bg-background/80"
                      onClick={(e) => {
                        e.stopPropagation()
                        setFocusKey(row.key)
                        toggle(node)
                      }}
                    >
                      <ChevronRight className={cn('h-4 w-4 transition-transform', row.expanded && 'rotate-90')} aria-hidden />
                    </span>
                  ) : (
                    <span className="w-6 shrink-0" />
                  )}
                  <NodeIcon type={node.nodeType} />
                  <span className="ml-1 min-w-0 truncate">{node.nodeName}</span>
                  {node.nodeType === ORG_NODE.unitType && node.children && <span className="ml-auto pl-1 text-xs tabular-nums text-muted-foreground">{node.children.length}</span>}
                </div>
              )
            })}
          </div>
        )}
      </div>
    </div>
  )
}
