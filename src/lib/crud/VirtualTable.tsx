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
import { memo, useMemo, useState, type ReactNode } from 'react'
import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type OnChangeFn,
  type Row,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table'
import { useVirtualizer } from '@tanstack/react-virtual'
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import { Skeleton } from '@/components/ui/skeleton'
import { translate, useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import type { Visibility } from './columns'
import { EmptyState, RowActions, RowCheckbox, useActionTitles } from './list'
import { alignClass, plainCell, type ListColumn } from './list/types'
import { ACTIONS_SHADOW, EDGES_GROUP, useScrollEdges } from './tableEdges'

export interface VirtualTableProps<T> {
  rows: readonly T[]
  columns: ListColumn<T>[]
  /** From the column settings (`useColumnVisibility`); default: every column. */
  visibility?: Visibility
  getRowId: (row: T) => string
  /** Checkbox selection (controlled). */
  selection?: RowSelectionState
  onSelectionChange?: (next: RowSelectionState) => void
  /** Per-row actions (`<RowAction>`s…), in a column that sticks to the right edge. */
  rowActions?: (row: T) => ReactNode
  /** Width of the actions column in px (default 160). */
  actionsWidth?: number
  /** Row actions as icons only, their text as tooltip (for a narrow actions column). */
  compactActions?: boolean
  /** Row height in px; cells are one line (truncated), so rows are all this high. */
  rowHeight?: number
  loading?: boolean
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

function sortValue<T>(c: ListColumn<T>, row: T): string | number {
  const v = c.exportValue ? c.exportValue(row) : (row as Record<string, unknown>)[c.key]
  if (typeof v === 'number') return v
  return v === null || v === undefined ? '' : String(v)
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
  const [sorting, setSorting] = useState<SortingState>([])
  const selectable = !!onSelectionChange

  const collator = useMemo(() => new Intl.Collator(locale === 'zh' ? 'zh-CN' : 'en', { numeric: true }), [locale])
  const tableColumns = useMemo<ColumnDef<T>[]>(() => {
    const cols: ColumnDef<T>[] = []
    if (selectable) {
      cols.push({
        id: '__select',
        size: SELECT_WIDTH,
        enableSorting: false,
        header: ({ table }) => (
          <RowCheckbox
            className="m-0"
            label={translate(locale, 'crud.selectAllRows')}
            checked={table.getIsAllRowsSelected() ? true : table.getIsSomeRowsSelected() ? 'indeterminate' : false}
            onChange={(v) => table.toggleAllRowsSelected(v)}
          />
        ),
        cell: ({ row }) => (
          <RowCheckbox
            className="m-0"
            label={translate(locale, 'crud.selectRow')}
            checked={row.getIsSelected()}
            onChange={(v) => row.toggleSelected(v)}
          />
        ),
      })
    }
    for (const c of columns) {
      cols.push({
        id: c.key,
        accessorFn: (row) => (row as Record<string, unknown>)[c.key],
        header: c.header,
        size: c.width ?? DEFAULT_WIDTH,
        enableSorting: !!c.sortable,
        sortingFn: (a, b) => {
          const x = sortValue(c, a.original)
          const y = sortValue(c, b.original)
          return typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y))
        },
        cell: ({ row, getValue }) => (c.cell ? c.cell(row.original) : plainCell(getValue())),
        meta: c,
      })
    }
    return cols
    // `t` is new on every render: depend on the locale, or every scroll would rebuild the row models
  }, [columns, selectable, locale, collator])

  const onRowSelectionChange: OnChangeFn<RowSelectionState> = (updater) => {
    if (!onSelectionChange) return
    onSelectionChange(typeof updater === 'function' ? updater(selection ?? {}) : updater)
  }

  const table = useReactTable({
    data: rows as T[],
    columns: tableColumns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    enableRowSelection: selectable,
    state: { rowSelection: selection ?? {}, sorting, columnVisibility: visibility ?? {} },
    onRowSelectionChange,
    onSortingChange: setSorting,
  })

  const model = table.getRowModel().rows
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

  const leaf = table.getVisibleLeafColumns()
  const colCount = leaf.length + (rowActions ? 1 : 0)
  const minWidth = leaf.reduce((sum, c) => sum + c.getSize(), 0) + (rowActions ? actionsWidth : 0)

  return (
    <div ref={scrollRef} className={cn(EDGES_GROUP, 'relative overflow-auto overscroll-contain', className)} data-virtual-table="">
      <table
        className="w-full table-fixed border-separate border-spacing-0 text-sm"
        style={{ minWidth }}
        aria-label={label}
        aria-rowcount={model.length + 1}
      >
        <colgroup>
          {leaf.map((c) => (
            <col key={c.id} style={{ width: c.getSize() }} />
          ))}
          {rowActions && <col style={{ width: actionsWidth }} />}
        </colgroup>
        <thead className="sticky top-0 z-10">
          {table.getHeaderGroups().map((hg) => (
            <tr key={hg.id} aria-rowindex={1}>
              {hg.headers.map((h) => {
                const meta = h.column.columnDef.meta as ListColumn<T> | undefined
                const sorted = h.column.getIsSorted()
                const th = 'h-10 whitespace-nowrap border-b bg-muted px-3 text-left align-middle font-medium text-muted-foreground'
                if (!meta)
                  return (
                    <th key={h.id} className={cn(th, 'px-2')}>
                      {flexRender(h.column.columnDef.header, h.getContext())}
                    </th>
                  )
                return (
                  <th
                    key={h.id}
                    className={cn(th, alignClass(meta.align))}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : meta.sortable ? 'none' : undefined}
                  >
                    {meta.sortable ? (
                      <button
                        type="button"
                        className={cn(
                          '-mx-2 inline-flex min-h-9 max-w-full items-center gap-1 rounded px-2 hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                          sorted && 'text-foreground',
                        )}
                        onClick={h.column.getToggleSortingHandler()}
                      >
                        <span className="truncate">{meta.header}</span>
                        {sorted === 'asc' ? (
                          <ArrowUp className="h-3.5 w-3.5 shrink-0" aria-label={t('crud.sortAsc')} />
                        ) : sorted === 'desc' ? (
                          <ArrowDown className="h-3.5 w-3.5 shrink-0" aria-label={t('crud.sortDesc')} />
                        ) : (
                          <ArrowUpDown className="h-3.5 w-3.5 shrink-0 opacity-40" aria-hidden />
                        )}
                      </button>
                    ) : (
                      <span className="block truncate">{meta.header}</span>
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
          ))}
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
                const row = model[vi.index]!
                return (
                  <VirtualRow
                    key={row.id}
                    row={row}
                    index={vi.index}
                    selected={row.getIsSelected()}
                    selectable={selectable}
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
            </>
          )}
        </tbody>
      </table>
    </div>
  )
}

/**
 * One row; memoised, so scrolling renders only the rows that come into view (the row object is
 * stable while data and columns are).
 */
const VirtualRow = memo(function VirtualRow<T>({
  row,
  index,
  selected,
  selectable,
  rowActions,
  rowHeight,
  compact,
}: {
  row: Row<T>
  index: number
  selected: boolean
  selectable: boolean
  compact?: boolean
  rowActions?: (row: T) => ReactNode
  rowHeight: number
}) {
  return (
    <tr
      aria-rowindex={index + 2}
      aria-selected={selectable ? selected : undefined}
      data-state={selected ? 'selected' : undefined}
      className="group"
      style={{ height: rowHeight }}
    >
      {row.getVisibleCells().map((cell) => {
        const meta = cell.column.columnDef.meta as ListColumn<T> | undefined
        return (
          <td
            key={cell.id}
            className={cn(
              'overflow-hidden text-ellipsis whitespace-nowrap border-b px-3 align-middle group-hover:bg-muted/40 group-data-[state=selected]:bg-muted',
              meta ? alignClass(meta.align) : 'px-2',
              meta?.className,
            )}
          >
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        )
      })}
      {rowActions && (
        <td
          data-row-actions=""
          className={cn(
            'sticky right-0 whitespace-nowrap border-b border-l bg-background px-1 text-right align-middle group-hover:bg-muted group-data-[state=selected]:bg-muted',
            ACTIONS_SHADOW,
          )}
        >
          <RowActions compact={compact}>{rowActions(row.original)}</RowActions>
        </td>
      )}
    </tr>
  )
}) as <T>(props: {
  row: Row<T>
  index: number
  selected: boolean
  selectable: boolean
  rowActions?: (row: T) => ReactNode
  rowHeight: number
  compact?: boolean
}) => ReactNode
