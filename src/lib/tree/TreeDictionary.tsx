/**
 * A tree dictionary screen's body (the gateway's server/lib/treeResource.ts): the whole tree of
 * one scope loaded flat (thousands of nodes, virtualised), search keeping ancestors, expand/collapse
 * all, add a top node or a child, edit, delete with the subtree, move (drag, 上移/下移, 移动到…),
 * copy a subtree with a code suffix, Excel import (with its report) and export. The project
 * containers and the EBS / WBS / quantity dictionaries are this one component.
 *
 * Texts: the screen's own (its tree's name, what an empty tree says) from one i18n namespace (`texts`) with
 * the keys of TreeDictionaryTextKey, the rest shared by every tree dictionary (`tree.dictionary`); the
 * functions are the current menu's (<Can>: add, edit, delete, copy, move, import, export).
 */
import { useMemo, useState, type ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { ChevronsDownUp, ChevronsUpDown, Copy, Pencil, Plus, Trash2 } from 'lucide-react'
import type { z } from 'zod'
import { Button, IconButton } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { SearchInput } from '@/components/ui/search-input'
// from the modules, not the crud index: a tree screen starts without the list machinery (the table, paging, filters)
import { FormDialog } from '@/lib/crud/FormDialog'
import { useDelete } from '@/lib/crud/hooks'
import { lazyDialog } from '@/lib/crud/lazyParts'
import { RowAction, RowActions } from '@/lib/crud/list/RowActions'
import type { Resource } from '@/lib/crud/resource'
import { ExportButton, ImportDialog } from '@/lib/excel'
import { http } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { DataAgeNote } from '@/lib/offline/read'
import { Can, useCan } from '@/lib/permissions'
import { cn } from '@/lib/utils'
import { branchIds, buildTree, descendantCount, textMatch, type MovePlace, type Nested } from './data'
import { Tree } from './Tree'
import { TreeQueryBody, TreeRefresh } from './TreeQuery'

/** Copying a subtree: its form loads when it opens (./CopyDialog). */
const CopyDialog = lazyDialog(() => import('./CopyDialog'), 'CopyDialog')

/** The keys a dictionary's i18n namespace must have. */
export type TreeDictionaryTextKey = 'treeLabel' | 'empty' | 'emptyHint'

export interface FlatNode {
  parentId: string | null
  version: number
}

export interface TreeDictionaryProps<N extends FlatNode> {
  resource: Resource<N>
  /** The whole tree (or the search's part), flat, parents before children. */
  query: UseQueryResult<N[]>
  /** The payload field of the id (move and copy send it). */
  idKey: keyof N & string
  idOf: (n: N) => string
  nameOf: (n: N) => string
  codeOf: (n: N) => string
  /** The i18n namespace of the texts (e.g. 'dictionary.ebs'). */
  texts: string
  /** Refetches the tree (after a write). */
  refresh: () => Promise<unknown>
  paths: { move: string; copy: string }
  copySchema: z.ZodType | (() => Promise<z.ZodType>)
  /** The import's target query (e.g. the project) and the export's filters besides the keyword. */
  importTarget?: { params: Record<string, string> }
  exportQuery?: Record<string, unknown>
  /** A new node's form defaults under `parent` (null: a top node). */
  defaults: (parent: N | null) => Record<string, unknown>
  /** The form's fields. */
  fields: ReactNode
  renderIcon?: (n: N) => ReactNode
  renderExtra?: (n: N) => ReactNode
  /** More toolbar buttons (after import/export). */
  toolbar?: ReactNode
  /** More row actions (before edit). */
  rowActions?: (n: N) => ReactNode
  emptyIcon: ReactNode
  /** A selected node (e.g. the relations screen); clicking a row selects it. */
  selected?: string | null
  onSelect?: (n: N) => void
  className?: string
}

export function TreeDictionary<N extends FlatNode>(props: TreeDictionaryProps<N>) {
  const { resource, query, idOf, nameOf, codeOf, texts, refresh } = props
  const { t } = useT()
  const tx = (key: TreeDictionaryTextKey, params?: Record<string, string | number>) => t(`${texts}.${key}` as never, params as never)
  type Node = Nested<N>
  const flat = query.data
  const tree = useMemo(() => buildTree(flat ?? [], { id: idOf, parentId: (n) => n.parentId }), [flat, idOf])
  const access = useMemo(() => ({ id: (n: Node) => idOf(n), children: (n: Node) => n.children }), [idOf])
  const [keyword, setKeyword] = useState('')
  const [expanded, setExpanded] = useState<ReadonlySet<string> | null>(null)
  const open = expanded ?? new Set(tree.map((n) => idOf(n))) // the top nodes open at first
  const [editing, setEditing] = useState<{ open: false } | { open: true; record: N | null; parent: Node | null }>({ open: false })
  const [copying, setCopying] = useState<Node | null>(null)
  const [moving, setMoving] = useState(false)
  const del = useDelete(resource)
  const canMove = useCan('move')

  const move = async (id: string, place: MovePlace) => {
    setMoving(true)
    try {
      await http.post(props.paths.move, { [props.idKey]: id, parentId: place.parentId, index: place.index })
      if (place.parentId) setExpanded(new Set([...open, place.parentId]))
      toast.success(t('tree.moved'))
    } finally {
      await refresh()
      setMoving(false)
    }
  }
  const remove = (node: Node) => {
    const n = descendantCount(node, access.children)
    void del.remove([idOf(node)], n ? t('tree.dictionary.deleteWithChildren', { n }) : undefined, [node])
  }
  const addChild = (parent: Node | null) => {
    if (parent) setExpanded(new Set([...open, idOf(parent)]))
    setEditing({ open: true, record: null, parent })
  }
  const keywordQuery = keyword.trim() ? { keyword: keyword.trim() } : {}

  return (
    <Card className={cn('flex h-[calc(100dvh-14rem)] min-h-[26rem] flex-col overflow-hidden', props.className)}>
      <div className="flex flex-wrap items-center gap-2 border-b p-3">
        <SearchInput
          className="w-full min-w-[12rem] sm:w-64"
          label={t('tree.dictionary.searchPlaceholder')}
          value={keyword}
          onValueChange={setKeyword}
        />
        <Can action="add">
          <Button onClick={() => addChild(null)} icon={Plus}>
            {t('tree.dictionary.addRoot')}
          </Button>
        </Can>
        <ImportDialog resource={resource} target={props.importTarget} onImported={() => void refresh()} />
        <ExportButton resource={resource} query={{ ...props.exportQuery, ...keywordQuery }} />
        {props.toolbar}
        <div className="ml-auto flex items-center gap-1">
          <span className="mr-2 text-sm text-muted-foreground">{t('tree.dictionary.count', { n: flat?.length ?? 0 })}</span>
          <IconButton
            icon={ChevronsUpDown}
            label={t('tree.dictionary.expandAll')}
            tip
            onClick={() => setExpanded(new Set(branchIds(tree, access)))}
          />
          <IconButton icon={ChevronsDownUp} label={t('tree.dictionary.collapseAll')} tip onClick={() => setExpanded(new Set())} />
          <TreeRefresh query={query} />
        </div>
      </div>
      <DataAgeNote query={query} className="border-b bg-muted/40 px-3 py-1.5" />
      <TreeQueryBody query={query} busy={moving} rows={8}>
        <Tree
          label={tx('treeLabel')}
          nodes={tree}
          access={access}
          getLabel={nameOf}
          match={textMatch(nameOf, codeOf)}
          keyword={keyword}
          expanded={open}
          onExpandedChange={setExpanded}
          rowHeight={40}
          indent={20}
          className="px-2 py-1"
          renderIcon={props.renderIcon}
          renderExtra={props.renderExtra}
          {...(props.onSelect ? { selectedId: props.selected ?? null, onSelect: (n: Node) => props.onSelect!(n) } : {})}
          renderActions={(n) => (
            <RowActions compact>
              <Can action="add">
                <RowAction
                  icon={<Plus aria-hidden />}
                  label={t('tree.dictionary.addChild')}
                  ariaLabel={`${t('tree.dictionary.addChild')} ${nameOf(n)}`}
                  tone="plain"
                  onClick={() => addChild(n)}
                />
              </Can>
              {props.rowActions?.(n)}
              <Can action="edit">
                <RowAction
                  icon={<Pencil aria-hidden />}
                  label={t('common.edit')}
                  ariaLabel={`${t('common.edit')} ${nameOf(n)}`}
                  onClick={() => setEditing({ open: true, record: n, parent: null })}
                />
              </Can>
              <Can action="copy">
                <RowAction
                  icon={<Copy aria-hidden />}
                  label={t('tree.dictionary.copy')}
                  ariaLabel={`${t('tree.dictionary.copy')} ${nameOf(n)}`}
                  tone="plain"
                  onClick={() => setCopying(n)}
                />
              </Can>
              <Can action="delete">
                <RowAction
                  icon={<Trash2 aria-hidden />}
                  label={t('common.delete')}
                  ariaLabel={`${t('common.delete')} ${nameOf(n)}`}
                  tone="destructive"
                  onClick={() => remove(n)}
                  disabled={del.isPending}
                />
              </Can>
            </RowActions>
          )}
          move={canMove ? { onMove: move, busy: moving } : undefined}
          empty={
            <div className="flex flex-col items-center gap-2 px-6 py-16 text-center text-sm text-muted-foreground">
              {props.emptyIcon}
              {keyword.trim() ? (
                t('tree.dictionary.noMatch', { keyword: keyword.trim() })
              ) : (
                <>
                  <p className="font-medium text-foreground">{tx('empty')}</p>
                  <p>{tx('emptyHint')}</p>
                </>
              )}
            </div>
          }
        />
      </TreeQueryBody>

      <FormDialog
        key={editing.open ? (editing.record ? idOf(editing.record) : `new-${editing.parent ? idOf(editing.parent) : 'root'}`) : 'closed'}
        resource={resource}
        open={editing.open}
        onOpenChange={(o) => !o && setEditing({ open: false })}
        record={editing.open ? editing.record : null}
        title={editing.open && editing.parent ? t('tree.dictionary.addChildTitle', { parent: nameOf(editing.parent) }) : undefined}
        defaults={props.defaults(editing.open ? editing.parent : null)}
        onSaved={() => void refresh()}
      >
        {props.fields}
      </FormDialog>
      {copying && (
        <CopyDialog
          node={copying}
          count={1 + descendantCount(copying, access.children)}
          props={props as unknown as TreeDictionaryProps<FlatNode>}
          onClose={() => setCopying(null)}
        />
      )}
    </Card>
  )
}
