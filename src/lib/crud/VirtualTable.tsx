/**
 * A client-side table for long lists (thousands of rows, e.g. the 2,000 staff of SPEC §9): only
 * the rows in view are in the DOM (@tanstack/react-virtual), the header stays put while the body
 * scrolls, columns keep fixed widths so nothing jumps while scrolling. Same `ListColumn`s as
 * `<ListPage>` and the same parts (./list): column settings (`visibility` from useColumnVisibility),
 * row actions (`<RowAction>`s, compact: icons with their text as tooltip), checkboxes. Sorting is
 * client-side; selection by checkbox; per-row actions in a sticky column.
 *
 * The caller gives the table a bounded height (e.g. `className="min-h-0 flex-1"` in a flex column).
 */
import { memo, useCallback, useMemo, useRef, useState, type ReactNode } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { Loader2 } from 'lucide-react'
import { Skeleton } from '@/components/ui/skeleton'
import { translate, useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import type { Visibility } from './columns'
import { EmptyState, RowActions, RowCheckbox, SortButton, useActionTitles } from './list'
import { allChecked, cellContent, nextSorting, shownColumns, sortRows, withChecked, type RowSelection, type Sorting } from './list/rows'
import { alignClass, type ListColumn } from './list/types'
import { ACTIONS_SHADOW, EDGES_GROUP, useScrollEdges } from './tableEdges'

export interface VirtualTableProps<T> {
  rows: readonly T[]
  columns: ListColumn<T>[]
  /** From the column settings (`useColumnVisibility`); default: every column. */
  visibility?: Visibility
  getRowId: (row: T) => string
  /** Checkbox selection (controlled). */
  selection?: RowSelection
  onSelectionChange?: (next: RowSelection) => void
  /** Per-row actions (`<RowAction>`s…), in a column that sticks to the right edge. */
  rowActions?: (row: T) => ReactNode
  /** Width of the actions column in px (default 160). */
  actionsWidth?: number
  /** Row actions as icons only, their text as tooltip (for a narrow actions column). */
  compactActions?: boolean
  /** Row height in px; cells are one line (truncated), so rows are all this high. */
  rowHeight?: number
  loading?: boolean
  /** Rows still on their way (a first screen of the list is drawn before the rest): a line after the last row says how many. */
  arriving?: number
  /** Shown instead of rows when there are none. */
  empty?: ReactNode
  /** Accessible name of the table. */
  label?: string
  className?: string
  /** Rows rendered beyond the visible ones, above and below. */
  overscan?: number
}

const SELECT_WIDTH = 44
const DEFAULT_WIDTH = 140

/** What a column sorts by: its export value or its field's, a number or text; undefined when empty. */
function sortValue<T>(c: ListColumn<T>, row: T): string | number | undefined {
  const v = c.exportValue ? c.exportValue(row) : (row as Record<string, unknown>)[c.key]
  if (typeof v === 'number') return v
  return v === null || v === undefined || v === '' ? undefined : String(v)
}

export function VirtualTable<T>(props: VirtualTableProps<T>) {
  const {
    rows,
    columns,
    visibility,
    getRowId,
    selection,
    onSelectionChange,
    rowActions,
    actionsWidth = 160,
    compactActions = false,
    rowHeight = 44,
    loading,
    arriving,
    empty,
    label,
    className,
    overscan = 10,
  } = props
  const { t, locale } = useT()
  // the actions column shows a shadow while columns are out of view behind it
  const scrollRef = useScrollEdges()
  useActionTitles(scrollRef)
  // compact when told, else when the table does not fit (the box's mark)
  const compact = compactActions || undefined
  const [sorting, setSorting] = useState<Sorting | null>(null)
  const selectable = !!onSelectionChange

  const collator = useMemo(() => new Intl.Collator(locale === 'zh' ? 'zh-CN' : 'en', { numeric: true }), [locale])
  const shown = useMemo(() => shownColumns(columns, visibility), [columns, visibility])
  const model = useMemo(() => {
    const c = sorting && columns.find((x) => x.key === sorting.key)
    if (!c) return rows
    const compare = (x: unknown, y: unknown) =>
      typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y))
    return sortRows(rows, sorting, (row) => sortValue(c, row), compare)
  }, [rows, columns, sorting, collator])
  const ids = useMemo(() => model.map(getRowId), [model, getRowId])
  const checked = useMemo(() => selection ?? {}, [selection])
  const everyChecked = useMemo(() => allChecked(ids, checked), [ids, checked])
  // a row's checkbox reads the selection of the moment: the rows stay memoised while it changes elsewhere
  const latest = useRef({ checked, onSelectionChange })
  latest.current = { checked, onSelectionChange }
  const check = useCallback((rowIds: readonly string[], v: boolean) => {
    const { checked, onSelectionChange } = latest.current
    onSelectionChange?.(withChecked(checked, rowIds, v))
  }, [])

  const virtualizer = useVirtualizer({
    count: model.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
  })
  const items = virtualizer.getVirtualItems()
  const totalSize = virtualizer.getTotalSize()
  const padTop = items.length > 0 ? items[0]!.start : 0
  const padBottom = items.length > 0 ? totalSize - items[items.length - 1]!.end : 0

  const width = (c: ListColumn<T>) => c.width ?? DEFAULT_WIDTH
  const colCount = shown.length + (selectable ? 1 : 0) + (rowActions ? 1 : 0)
  const minWidth = shown.reduce((sum, c) => sum + width(c), selectable ? SELECT_WIDTH : 0) + (rowActions ? actionsWidth : 0)
  const selectRow = translate(locale, 'crud.selectRow')

  return (
    <div ref={scrollRef} className={cn(EDGES_GROUP, 'relative overflow-auto overscroll-contain', className)} data-virtual-table="">
      <table
        className="w-full table-fixed border-separate border-spacing-0 text-sm"
        style={{ minWidth }}
        aria-label={label}
        aria-rowcount={model.length + 1}
        aria-busy={loading || undefined}
      >
        <colgroup>
          {selectable && <col style={{ width: SELECT_WIDTH }} />}
          {shown.map((c) => (
            <col key={c.key} style={{ width: width(c) }} />
          ))}
          {rowActions && <col style={{ width: actionsWidth }} />}
        </colgroup>
        <thead className="sticky top-0 z-10">
          <tr aria-rowindex={1}>
            {selectable && (
              <th className={cn(TH, 'px-2')}>
                <RowCheckbox className="m-0" label={t('crud.selectAllRows')} checked={everyChecked} onChange={(v) => check(ids, v)} />
              </th>
            )}
            {shown.map((c) => {
              const sorted = sorting?.key === c.key ? (sorting.desc ? 'desc' : 'asc') : false
              return (
                <th
                  key={c.key}
                  className={cn(TH, alignClass(c.align))}
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : c.sortable ? 'none' : undefined}
                >
                  {c.sortable ? (
                    <SortButton
                      className="max-w-full"
                      sorted={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                      onClick={() => setSorting((s) => nextSorting(s, c.key, rows))}
                    >
                      <span className="truncate">{c.header}</span>
                    </SortButton>
                  ) : (
                    <span className="block truncate">{c.header}</span>
                  )}
                </th>
              )
            })}
            {rowActions && (
              <th
                className={cn(
                  'sticky right-0 h-10 border-b border-l bg-muted px-3 text-right align-middle font-medium text-muted-foreground',
                  ACTIONS_SHADOW,
                )}
              >
                {t('common.actions')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {loading ? (
            Array.from({ length: 8 }, (_, i) => (
              <tr key={`sk-${i}`} style={{ height: rowHeight }}>
                {Array.from({ length: colCount }, (_, j) => (
                  <td key={j} className="border-b px-3">
                    <Skeleton className={cn('h-4', j === 0 && selectable ? 'w-4' : 'w-full max-w-[8rem]')} />
                  </td>
                ))}
              </tr>
            ))
          ) : model.length === 0 ? (
            <tr>
              <td colSpan={colCount} className="h-52 text-center">
                {empty ?? <EmptyState text={t('crud.empty')} />}
              </td>
            </tr>
          ) : (
            <>
              {padTop > 0 && (
                <tr aria-hidden style={{ height: padTop }}>
                  <td colSpan={colCount} />
                </tr>
              )}
              {items.map((vi) => {
                const id = ids[vi.index]!
                return (
                  <VirtualRow
                    key={id}
                    row={model[vi.index]!}
                    id={id}
                    columns={shown}
                    index={vi.index}
                    selected={!!checked[id]}
                    check={selectable ? check : undefined}
                    selectLabel={selectRow}
                    rowActions={rowActions}
                    rowHeight={rowHeight}
                    compact={compact}
                  />
                )
              })}
              {padBottom > 0 && (
                <tr aria-hidden style={{ height: padBottom }}>
                  <td colSpan={colCount} />
                </tr>
              )}
              {!!arriving && (
                <tr>
                  <td colSpan={colCount} role="status" className="h-11 border-b text-muted-foreground">
                    {/* at the table's visible left edge, also when it is scrolled sideways */}
                    <span className="sticky left-0 inline-flex items-center gap-2 px-3">
                      <Loader2 className="size-4 animate-spin" aria-hidden />
                      {t('crud.arriving', { n: arriving })}
                    </span>
                  </td>
                </tr>
              )}
            </>
          )}
        </tbody>
      </table>
    </div>
  )
}

const TH = 'h-10 whitespace-nowrap border-b bg-muted px-3 text-left align-middle font-medium text-muted-foreground'

interface VirtualRowProps<T> {
  row: T
  id: string
  columns: ListColumn<T>[]
  index: number
  selected: boolean
  /** Checks or unchecks rows (stable); none without checkboxes. */
  check?: (ids: readonly string[], v: boolean) => void
  selectLabel: string
  compact?: boolean
  rowActions?: (row: T) => ReactNode
  rowHeight: number
}

/**
 * One row; memoised, so scrolling renders only the rows that come into view (its props are stable
 * while the rows, the columns shown and its selection are).
 */
const VirtualRow = memo(function VirtualRow<T>({
  row,
  id,
  columns,
  index,
  selected,
  check,
  selectLabel,
  rowActions,
  rowHeight,
  compact,
}: VirtualRowProps<T>) {
  return (
    <tr
      aria-rowindex={index + 2}
      aria-selected={check ? selected : undefined}
      data-state={selected ? 'selected' : undefined}
      className="group"
      style={{ height: rowHeight }}
    >
      {check && (
        <td className={cn(TD, 'px-2')}>
          <RowCheckbox className="m-0" label={selectLabel} checked={selected} onChange={(v) => check([id], v)} />
        </td>
      )}
      {columns.map((c) => (
        <td key={c.key} className={cn(TD, alignClass(c.align), c.className)}>
          {cellContent(c, row)}
        </td>
      ))}
      {rowActions && (
        <td
          data-row-actions=""
          className={cn(
            'sticky right-0 whitespace-nowrap border-b border-l bg-background px-1 text-right align-middle group-hover:bg-muted group-data-[state=selected]:bg-muted',
            ACTIONS_SHADOW,
          )}
        >
          <RowActions compact={compact}>{rowActions(row)}</RowActions>
        </td>
      )}
    </tr>
  )
}) as <T>(props: VirtualRowProps<T>) => ReactNode

const TD =
  'overflow-hidden text-ellipsis whitespace-nowrap border-b px-3 align-middle group-hover:bg-muted/40 group-data-[state=selected]:bg-muted'
