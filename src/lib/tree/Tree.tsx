/**
 * The one tree component of the console: a flat, virtualised list of the visible rows with ARIA
 * tree semantics (roving focus; ↑ ↓ Home End, → opens / goes to the first child, ← closes / goes
 * to the parent, Enter selects, Space checks, letters jump by name, Alt+↑/↓ move), local search
 * with highlight, tri-state checkboxes, lazy children (loading and error rows), and — when the
 * container passes `move` — drag to move with a mouse (drop before / inside / after a row) plus
 * 上移 / 下移 buttons and a 移动到… dialog that work on touch. The container owns the data and
 * the expanded ids; moves are callbacks (`onMove(id, { parentId, index })`).
 */
import { useMemo, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { ArrowDown, ArrowUp, ChevronRight, FolderInput, Loader2 } from 'lucide-react'
import { Checkbox } from '@/components/ui/checkbox'
import { OnceOpened } from '@/lib/chunks'
import { lazyDialog } from '@/lib/crud/lazyParts'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import {
  dropPlace,
  dropPositionAt,
  filterTree,
  flattenTree,
  indexTree,
  stepPlace,
  type CheckState,
  type DropPosition,
  type FlatRow,
  type MovePlace,
  type TreeAccess,
  type TreeIndex,
  textMatch,
} from './data'
import { Highlight } from './Highlight'

/** Up to this many rows every row is rendered (find in page, tests); above, only those in view. */
const RENDER_ALL = 300

export interface TreeRowContext {
  depth: number
  selected: boolean
  expanded: boolean
  hasChildren: boolean
  disabled: boolean
  /** The text to highlight (the search keyword), '' when none. */
  highlight: string
}

export interface TreeCheck<T> {
  state: (node: T) => CheckState
  onToggle: (node: T) => void
  disabled?: (node: T) => boolean
}

export interface TreeMove<T> {
  /** Moves a node; a returned promise keeps the 移动到… dialog open (busy) until it settles. */
  onMove: (id: string, place: MovePlace) => void | Promise<unknown>
  canMove?: (node: T) => boolean
  /** Whether a node may take children (drops inside it, a target in 移动到…); default yes. */
  canHoldChildren?: (node: T) => boolean
  /** A move is under way: the move controls wait. */
  busy?: boolean
}

export interface TreeProps<T> {
  /** The accessible name of the tree. */
  label: string
  nodes: readonly T[]
  /** A node's id and its children (undefined: not loaded yet; an open node shows a loading row). */
  access: TreeAccess<T>
  /** For lazy trees: whether a node has children before they are loaded. */
  hasChildren?: (node: T) => boolean
  /** The node's name: its treeitem's accessible name, type-ahead and the 移动到… dialog. */
  getLabel: (node: T) => string
  expanded: ReadonlySet<string>
  onExpandedChange: (next: Set<string>) => void
  /** Local search: only matching nodes and their ancestors, opened, the keyword highlighted. */
  keyword?: string
  /** Whether a node matches (default: its label contains the keyword, ignoring case). */
  match?: (node: T, keyword: string) => boolean
  /** A match also shows everything below it. */
  searchSubtree?: boolean
  /** Only highlight this text (the rows were searched elsewhere, e.g. by the gateway). */
  highlight?: string
  selectedId?: string | null
  /** A row chosen by click, Enter (or Space without checkboxes); path: root … node. */
  onSelect?: (node: T, path: T[], how: 'pointer' | 'keyboard') => void
  isDisabled?: (node: T) => boolean
  check?: TreeCheck<T>
  /** Lazy children failed to load: the loading row offers a retry. */
  childError?: (node: T) => boolean
  onRetry?: (node: T) => void
  renderIcon?: (node: T, ctx: TreeRowContext) => ReactNode
  /** The name part (default: the label with the highlight). */
  renderLabel?: (node: T, ctx: TreeRowContext) => ReactNode
  /** Beside the name (counts, badges). */
  renderExtra?: (node: T, ctx: TreeRowContext) => ReactNode
  /** Below the name line (e.g. a menu's function checkboxes). */
  renderDetail?: (node: T, ctx: TreeRowContext) => ReactNode
  /** Buttons at the end of the row. */
  renderActions?: (node: T, ctx: TreeRowContext) => ReactNode
  move?: TreeMove<T>
  /** Minimum row height in px (rows grow with their content). */
  rowHeight?: number
  /** Indent per level in px. */
  indent?: number
  className?: string
  rowClassName?: string
  /** Shown when there are no rows. */
  empty?: ReactNode
}

type NodeRow<T> = Extract<FlatRow<T>, { kind: 'node' }>

export function Tree<T>(props: TreeProps<T>) {
  const { t } = useT()
  const { nodes, access, getLabel, expanded, onExpandedChange, selectedId = null, check, move, isDisabled } = props
  const rowHeight = props.rowHeight ?? 36
  const indent = props.indent ?? 16

  // search: matches and their ancestors, all open unless closed during this search
  const keyword = props.keyword?.trim() ?? ''
  const [closed, setClosed] = useState<{ keyword: string; ids: ReadonlySet<string> }>({ keyword: '', ids: new Set() })
  const searchClosed = closed.keyword === keyword ? closed.ids : new Set<string>()
  const match = props.match ?? textMatch(getLabel)
  const filter = keyword ? filterTree(nodes, access, (n) => match(n, keyword), { subtree: props.searchSubtree }) : null
  const rows = flattenTree(nodes, access, {
    expanded: (id) => (filter ? !searchClosed.has(id) : expanded.has(id)),
    keep: filter?.keep,
    hasChildren: props.hasChildren,
  })
  const highlight = props.highlight ?? keyword
  const byId = new Map(rows.map((r) => [r.id, r]))
  const moveIndex = useMemo(() => (move ? indexTree(nodes, access) : null), [move, nodes, access])

  const setOpen = (id: string, open: boolean) => {
    if (filter) {
      const ids = new Set(searchClosed)
      if (open) ids.delete(id)
      else ids.add(id)
      setClosed({ keyword, ids })
      return
    }
    if (expanded.has(id) === open) return
    const next = new Set(expanded)
    if (open) next.add(id)
    else next.delete(id)
    onExpandedChange(next)
  }

  const pathOf = (row: NodeRow<T>): T[] => {
    const path = [row.node]
    for (let p = row.parentId, i = 0; p != null && i < rows.length; i++) {
      const r = byId.get(p)
      if (!r || r.kind !== 'node') break
      path.unshift(r.node)
      p = r.parentId
    }
    return path
  }

  // ---- focus (roving tabindex) -----------------------------------------------------------------
  const scroller = useRef<HTMLDivElement>(null)
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: rows.length <= RENDER_ALL ? RENDER_ALL : 12,
    getItemKey: (i) => rows[i]?.id ?? i,
  })
  const [focusId, setFocusId] = useState<string | null>(null)
  const nodeRows = rows.filter((r): r is NodeRow<T> => r.kind === 'node')
  const tabId =
    (focusId && byId.has(focusId) ? focusId : null) ?? (selectedId && byId.has(selectedId) ? selectedId : null) ?? nodeRows[0]?.id ?? null

  const focusRow = (id: string | undefined) => {
    if (!id) return
    const i = rows.findIndex((r) => r.id === id)
    if (i < 0) return
    setFocusId(id)
    virtual.scrollToIndex(i)
    requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-tree-id="${CSS.escape(id)}"]`)?.focus())
  }

  const [moving, setMoving] = useState<T | null>(null)
  const doMove = (id: string, place: MovePlace | null) => {
    if (!place || !move || move.busy) return
    setFocusId(id) // the row keeps its element (keyed by id), so focus stays on it
    void Promise.resolve(move.onMove(id, place)).catch(() => undefined)
  }
  const canMove = (n: T) => !!move && !keyword && (move.canMove?.(n) ?? true)
  const canHold = (n: T) => move?.canHoldChildren?.(n) ?? true

  const typed = useRef({ text: '', at: 0 })
  const activate = (row: NodeRow<T>, how: 'pointer' | 'keyboard', key?: 'Enter' | ' ') => {
    const disabled = isDisabled?.(row.node) ?? false
    if (props.onSelect && !(key === ' ' && check)) {
      if (!disabled) props.onSelect(row.node, pathOf(row), how)
      return
    }
    if (check && !(check.disabled?.(row.node) ?? false)) check.onToggle(row.node)
    else if (how === 'keyboard' && row.hasChildren) setOpen(row.id, !row.expanded)
  }

  const onKeyDown = (e: KeyboardEvent) => {
    if ((e.target as HTMLElement).getAttribute('role') !== 'treeitem') return
    const at = nodeRows.findIndex((r) => r.id === tabId)
    const row = nodeRows[at]
    if (!row) return
    if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      if (moveIndex && canMove(row.node)) doMove(row.id, stepPlace(moveIndex, row.id, e.key === 'ArrowUp' ? -1 : 1))
      e.preventDefault()
      return
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return
    switch (e.key) {
      case 'ArrowDown':
        focusRow(nodeRows[at + 1]?.id)
        break
      case 'ArrowUp':
        focusRow(nodeRows[at - 1]?.id)
        break
      case 'Home':
        focusRow(nodeRows[0]?.id)
        break
      case 'End':
        focusRow(nodeRows[nodeRows.length - 1]?.id)
        break
      case 'ArrowRight':
        if (row.hasChildren && !row.expanded) setOpen(row.id, true)
        else if (row.expanded) focusRow(nodeRows[at + 1]?.parentId === row.id ? nodeRows[at + 1]!.id : undefined)
        break
      case 'ArrowLeft':
        if (row.expanded) setOpen(row.id, false)
        else focusRow(row.parentId ?? undefined)
        break
      case 'Enter':
      case ' ':
        activate(row, 'keyboard', e.key)
        break
      default: {
        if (e.key.length !== 1 || e.key === ' ') return
        // type-ahead: the next row whose name starts with what was typed
        const now = Date.now()
        const text = (now - typed.current.at < 700 ? typed.current.text : '') + e.key.toLowerCase()
        typed.current = { text, at: now }
        const order = [...nodeRows.slice(at + (text.length === 1 ? 1 : 0)), ...nodeRows.slice(0, at)]
        const hit = order.find((r) => getLabel(r.node).toLowerCase().startsWith(text))
        if (hit) focusRow(hit.id)
      }
    }
    e.preventDefault()
  }

  // ---- drag to move (mouse) ----------------------------------------------------------------------
  const [dragId, setDragId] = useState<string | null>(null)
  const [drop, setDrop] = useState<{ id: string; position: DropPosition } | null>(null)
  const endDrag = () => {
    setDragId(null)
    setDrop(null)
  }
  const onDragOver = (e: DragEvent, row: NodeRow<T>) => {
    if (!dragId || !moveIndex) return
    const rect = e.currentTarget.getBoundingClientRect()
    const position = dropPositionAt(e.clientY - rect.top, rect.height, canHold(row.node))
    const place = dropPlace(moveIndex, dragId, row.id, position)
    if (!place) {
      if (drop) setDrop(null)
      return
    }
    e.preventDefault()
    e.dataTransfer.dropEffect = 'move'
    if (drop?.id !== row.id || drop.position !== position) setDrop({ id: row.id, position })
  }
  const onDrop = (e: DragEvent, row: NodeRow<T>) => {
    e.preventDefault()
    if (dragId && moveIndex && drop?.id === row.id) doMove(dragId, dropPlace(moveIndex, dragId, row.id, drop.position))
    endDrag()
  }

  if (rows.length === 0)
    return (
      <div className={cn('min-h-0 flex-1', props.className)}>
        {props.empty ?? <p className="px-4 py-10 text-center text-sm text-muted-foreground">{t('tree.empty')}</p>}
      </div>
    )

  return (
    <div ref={scroller} className={cn('relative min-h-0 flex-1 overflow-auto', props.className)}>
      <div
        role="tree"
        aria-label={props.label}
        aria-multiselectable={check ? true : undefined}
        onKeyDown={onKeyDown}
        style={{ height: virtual.getTotalSize(), position: 'relative' }}
      >
        {virtual.getVirtualItems().map((v) => {
          const row = rows[v.index]!
          const style = { transform: `translateY(${v.start}px)`, minHeight: rowHeight }
          const pad = row.depth * indent + 4
          if (row.kind === 'loading') {
            const failed = props.childError?.(row.node) ?? false
            return (
              <div
                key={row.id}
                ref={virtual.measureElement}
                data-index={v.index}
                role="none"
                style={{ ...style, paddingLeft: pad }}
                className="absolute left-0 right-0 top-0 flex items-center gap-2 text-xs text-muted-foreground"
              >
                <span className="w-6 shrink-0" />
                {failed ? (
                  <button
                    type="button"
                    className="text-destructive underline-offset-2 hover:underline"
                    onClick={() => props.onRetry?.(row.node)}
                  >
                    {t('tree.loadError')} · {t('tree.retry')}
                  </button>
                ) : (
                  <>
                    <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden />
                    {t('tree.loading')}
                  </>
                )}
              </div>
            )
          }
          const { node } = row
          const name = getLabel(node)
          const selected = row.id === selectedId
          const disabled = isDisabled?.(node) ?? false
          const ctx: TreeRowContext = {
            depth: row.depth,
            selected,
            expanded: row.expanded,
            hasChildren: row.hasChildren,
            disabled,
            highlight,
          }
          const draggable = canMove(node) && !move?.busy
          const dropHere = drop?.id === row.id ? drop.position : null
          const checkState = check?.state(node)
          const checkDisabled = check ? (check.disabled?.(node) ?? false) : false
          const steps = moveIndex && canMove(node) ? { up: stepPlace(moveIndex, row.id, -1), down: stepPlace(moveIndex, row.id, 1) } : null
          return (
            <div
              key={row.id}
              ref={virtual.measureElement}
              data-index={v.index}
              data-tree-id={row.id}
              role="treeitem"
              aria-label={name}
              aria-level={row.depth + 1}
              aria-posinset={row.index + 1}
              aria-setsize={row.setSize}
              aria-expanded={row.hasChildren ? row.expanded : undefined}
              aria-selected={check ? checkState === true : selected}
              aria-checked={check ? (checkState === 'indeterminate' ? 'mixed' : checkState === true) : undefined}
              aria-disabled={disabled || undefined}
              tabIndex={row.id === tabId ? 0 : -1}
              draggable={draggable}
              onDragStart={(e) => {
                if (!draggable) return
                e.dataTransfer.effectAllowed = 'move'
                e.dataTransfer.setData('text/plain', name)
                setDragId(row.id)
              }}
              onDragOver={(e) => onDragOver(e, row)}
              onDrop={(e) => onDrop(e, row)}
              onDragEnd={endDrag}
              onFocus={(e) => {
                if (e.target === e.currentTarget) setFocusId(row.id)
              }}
              onClick={() => {
                setFocusId(row.id)
                activate(row, 'pointer')
              }}
              style={{ ...style, paddingLeft: pad }}
              className={cn(
                'group absolute left-0 right-0 top-0 flex items-center gap-1 rounded-md pr-1 text-sm outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
                props.onSelect && !disabled ? 'cursor-pointer' : check && !checkDisabled ? 'cursor-pointer' : undefined,
                selected ? 'bg-primary/10 font-medium text-primary hover:bg-primary/15' : 'hover:bg-accent',
                disabled && 'cursor-not-allowed opacity-50',
                dragId === row.id && 'opacity-40',
                dropHere === 'inside' && 'bg-primary/10 ring-2 ring-inset ring-primary',
                props.rowClassName,
              )}
            >
              {dropHere === 'before' && (
                <span
                  className="pointer-events-none absolute left-2 right-2 top-0 h-0.5 rounded bg-primary"
                  style={{ marginLeft: pad }}
                  aria-hidden
                />
              )}
              {dropHere === 'after' && (
                <span
                  className="pointer-events-none absolute bottom-0 left-2 right-2 h-0.5 rounded bg-primary"
                  style={{ marginLeft: pad }}
                  aria-hidden
                />
              )}
              {row.hasChildren ? (
                <button
                  type="button"
                  tabIndex={-1}
                  className="flex h-7 w-6 shrink-0 items-center justify-center self-start rounded text-muted-foreground hover:bg-background/80 hover:text-foreground"
                  style={{ marginTop: Math.max(0, (rowHeight - 28) / 2) }}
                  aria-label={row.expanded ? t('tree.collapse') : t('tree.expand')}
                  onClick={(e) => {
                    e.stopPropagation()
                    setFocusId(row.id)
                    setOpen(row.id, !row.expanded)
                  }}
                >
                  <ChevronRight className={cn('h-4 w-4 transition-transform', row.expanded && 'rotate-90')} aria-hidden />
                </button>
              ) : (
                <span className="w-6 shrink-0" />
              )}
              {check && (
                <span
                  className="flex shrink-0 items-center self-start pr-1"
                  style={{ height: rowHeight }}
                  onClick={(e) => e.stopPropagation()}
                >
                  <Checkbox
                    tabIndex={-1}
                    checked={checkState}
                    disabled={checkDisabled}
                    onCheckedChange={() => check.onToggle(node)}
                    aria-label={name}
                  />
                </span>
              )}
              <div className="flex min-w-0 flex-1 flex-col justify-center">
                <div className="flex min-w-0 items-center gap-1.5" style={{ minHeight: rowHeight }}>
                  {props.renderIcon?.(node, ctx)}
                  <span className="min-w-0 flex-1 truncate">
                    {props.renderLabel ? props.renderLabel(node, ctx) : <Highlight text={name} keyword={highlight} />}
                  </span>
                  {props.renderExtra?.(node, ctx)}
                </div>
                {props.renderDetail && <div onClick={(e) => e.stopPropagation()}>{props.renderDetail(node, ctx)}</div>}
              </div>
              {steps && (
                <div
                  role="group"
                  aria-label={t('tree.rowActions', { name })}
                  className="flex shrink-0 items-center opacity-0 focus-within:opacity-100 group-hover:opacity-100 group-focus:opacity-100 group-aria-selected:opacity-100 [@media(hover:none)]:opacity-100"
                  onClick={(e) => e.stopPropagation()}
                >
                  <MoveButton label={t('tree.moveUp')} disabled={!steps.up || !!move?.busy} onClick={() => doMove(row.id, steps.up)}>
                    <ArrowUp aria-hidden />
                  </MoveButton>
                  <MoveButton label={t('tree.moveDown')} disabled={!steps.down || !!move?.busy} onClick={() => doMove(row.id, steps.down)}>
                    <ArrowDown aria-hidden />
                  </MoveButton>
                  <MoveButton label={t('tree.moveTo')} disabled={!!move?.busy} onClick={() => setMoving(node)}>
                    <FolderInput aria-hidden />
                  </MoveButton>
                </div>
              )}
              {props.renderActions && (
                <div className="flex shrink-0 items-center" onClick={(e) => e.stopPropagation()}>
                  {props.renderActions(node, ctx)}
                </div>
              )}
            </div>
          )
        })}
      </div>
      {move && moveIndex && (
        <OnceOpened open={moving !== null}>
          <MoveToDialog
            node={moving}
            onClose={() => setMoving(null)}
            nodes={nodes}
            access={access}
            getLabel={getLabel}
            index={moveIndex}
            canHoldChildren={canHold}
            renderIcon={props.renderIcon}
            onMove={(id, place) => {
              setFocusId(id)
              return move.onMove(id, place)
            }}
          />
        </OnceOpened>
      )}
    </div>
  )
}

function MoveButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string
  disabled: boolean
  onClick: () => void
  children: ReactNode
}) {
  return (
    <button
      type="button"
      className="flex h-8 w-8 items-center justify-center rounded-md text-muted-foreground hover:bg-background hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-30 [&_svg]:h-4 [&_svg]:w-4"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  )
}

/** What 移动到… (./MoveToDialog.tsx) is given: the node to move (null: closed) and the tree it moves in. */
export interface MoveToDialogProps<T> {
  /** The node to move; null: closed. */
  node: T | null
  onClose: () => void
  nodes: readonly T[]
  access: TreeAccess<T>
  getLabel: (node: T) => string
  index: TreeIndex<T>
  canHoldChildren?: (node: T) => boolean
  renderIcon?: (node: T, ctx: TreeRowContext) => ReactNode
  onMove: (id: string, place: MovePlace) => void | Promise<unknown>
}

/** 移动到…, loaded the first time a node is moved with it. */
const MoveToDialog = lazyDialog(() => import('./MoveToDialog'), 'MoveToDialog') as unknown as <U>(props: MoveToDialogProps<U>) => ReactNode
