/**
 * The unit tree (SPEC §4): unit types (1), units (2) and role nodes (3), children loaded when a
 * node is first expanded; a keyword search replaces it with the matching units under their type
 * (the keyword highlighted). Rendered by the tree toolkit's virtualised tree.
 */
import { useEffect, useMemo, useState } from 'react'
import { useQueries } from '@tanstack/react-query'
import { AlertCircle, Building2, FolderTree, Loader2, RefreshCw, Search, ShieldCheck, X } from 'lucide-react'
import { ORG_NODE, KEYWORD_LIMIT, ORG_KEYWORD_MAX, type OrgTreeNode } from '@/contract/schemas/org'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { useT } from '@/lib/i18n'
import { DataAgeNote } from '@/lib/offline/read'
import { Highlight, Tree } from '@/lib/tree'
import { cn } from '@/lib/utils'
import { useKeywordTree, useTreeChildren, useTypeLabel } from './api'
import { orgTreeQueryOptions } from './queries'

export const nodeKey = (n: Pick<OrgTreeNode, 'nodeType' | 'nodeId'>) => `${n.nodeType}:${n.nodeId}`

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
  const typeLabel = useTypeLabel()
  /** A unit type shows in the current language; units by their own names. */
  const labelOf = (n: OrgTreeNode) => (n.nodeType === ORG_NODE.unitType ? typeLabel(n.nodeName) : n.nodeName)
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
  const lazy = useMemo(
    () => [...open].map((k) => k.split(':') as [string, string]).filter(([type]) => Number(type) !== ORG_NODE.unitType || !searching),
    [open, searching],
  )
  const children = useQueries({
    queries: lazy.map(([type, id]) => orgTreeQueryOptions(id, Number(type))),
  })
  const childState = new Map(lazy.map(([type, id], i) => [`${type}:${id}`, children[i]!]))

  const top: OrgTreeNode[] | undefined = searching ? found.data?.nodes : roots.data
  const childrenOf = (node: OrgTreeNode): readonly OrgTreeNode[] | undefined =>
    (searching && node.nodeType === ORG_NODE.unitType ? node.children : undefined) ?? childState.get(nodeKey(node))?.data

  // In search mode the type nodes start open.
  useEffect(() => {
    if (found.data) setSearchExpanded(new Set(found.data.nodes.map(nodeKey)))
  }, [found.data])

  // a click on a unit type, or Enter on any closed node, also opens it
  const select = (node: OrgTreeNode, path: OrgTreeNode[], how: 'pointer' | 'keyboard') => {
    onSelect(node, path)
    const key = nodeKey(node)
    if (node.hasChild === 1 && !open.has(key) && (how === 'keyboard' || node.nodeType === ORG_NODE.unitType))
      setOpen(new Set([...open, key]))
  }

  const submitSearch = () => {
    const k = draft.trim()
    setKeyword(k)
  }
  const clear = () => {
    setDraft('')
    setKeyword('')
  }

  const query = searching ? found : roots
  const empty = !!top && top.length === 0

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
            // the narrow column beside the search button cuts a long placeholder: the field's name says it all
            placeholder={t('organization.tree.searchShort')}
            aria-label={t('organization.tree.search')}
            title={t('organization.tree.search')}
            enterKeyHint="search"
            className="pl-8 pr-8"
            maxLength={ORG_KEYWORD_MAX}
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
          {found.data.total === 0
            ? t('organization.tree.noMatch', { keyword })
            : t('organization.tree.matches', { total: found.data.total })}
          {found.data.truncated && (
            <span className="block text-amber-700 dark:text-amber-400">{t('organization.tree.more', { n: KEYWORD_LIMIT })}</span>
          )}
        </p>
      )}

      {!searching && <DataAgeNote query={query} className="border-b px-3 py-1.5" />}

      <div className="relative flex min-h-0 flex-1 flex-col" aria-busy={query.isFetching}>
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
          <p className="px-4 py-10 text-center text-sm text-muted-foreground">
            {searching ? t('organization.tree.noMatch', { keyword }) : t('organization.tree.empty')}
          </p>
        ) : (
          <Tree
            label={t('organization.tree.label')}
            nodes={top ?? []}
            access={{ id: nodeKey, children: childrenOf }}
            hasChildren={(n) => n.hasChild === 1}
            getLabel={labelOf}
            expanded={open}
            onExpandedChange={setOpen}
            highlight={searching ? keyword : ''}
            selectedId={selectedKey}
            onSelect={select}
            childError={(n) => !!childState.get(nodeKey(n))?.isError}
            onRetry={(n) => void childState.get(nodeKey(n))?.refetch()}
            className="py-1"
            renderIcon={(n) => <NodeIcon type={n.nodeType} />}
            renderLabel={(n, { highlight }) => (
              <span className="ml-1" title={n.nodeNameExt ? `${labelOf(n)}（${n.nodeNameExt}）` : labelOf(n)}>
                <Highlight text={labelOf(n)} keyword={highlight} />
              </span>
            )}
            renderExtra={(n) =>
              n.nodeType === ORG_NODE.unitType &&
              n.children && <span className="ml-auto pl-1 text-xs font-normal tabular-nums text-muted-foreground">{n.children.length}</span>
            }
          />
        )}
      </div>
    </div>
  )
}
