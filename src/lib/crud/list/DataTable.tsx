/**
 * The list's table: columns from `ListColumn`s (shown per the column settings), sortable headers,
 * checkbox selection, row actions in a sticky right-hand column (compact when the table does not
 * fit), and the loading / error / empty states. Rows are given (one page of a server list, or a
 * client-side list); sorting is the caller's (`sort`).
 */
import { useMemo, type ReactNode } from 'react'
import { AlertCircle, ArrowDown, ArrowUp, ArrowUpDown, Inbox, RefreshCw } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import type { Visibility } from '../columns'
import { ACTIONS_EDGE, EDGES_GROUP, useScrollEdges } from '../tableEdges'
import { RowActions, useActionTitles } from './RowActions'
import { allChecked, cellContent, shownColumns, withChecked, type RowSelection } from './rows'
import { alignClass, type ListColumn } from './types'

export interface DataTableProps<T> {
  rows: readonly T[]
  columns: ListColumn<T>[]
  getRowId: (row: T) => string
  /** From the column settings (`useColumnVisibility`); default: every column. */
  visibility?: Visibility
  /** Sorting by clicking a sortable header; `sortBy`/`desc` mark the sorted column. */
  sort?: { sortBy?: string; desc?: boolean; onSort: (key: string) => void }
  /** Checkbox selection (controlled); without `onSelectionChange` there are no checkboxes. */
  selection?: RowSelection
  onSelectionChange?: (next: RowSelection) => void
  /** Whether a row may be selected (default: all). */
  canSelect?: (row: T) => boolean
  /** The accessible name of a row's checkbox (default 选择此行). */
  selectLabel?: (row: T) => string
  /** The buttons of a row (`<RowAction>`s…), in the sticky actions column. */
  rowActions?: (row: T) => ReactNode
  /** Attributes of a row's `<tr>` (e.g. `data-*` for a test or a style). */
  rowAttributes?: (row: T) => Record<`data-${string}`, string | boolean | undefined>
  /** Something after the first column's content, e.g. an offline sync mark. */
  mark?: (row: T) => ReactNode
  loading?: boolean
  /** Skeleton rows while loading (default 8). */
  loadingRows?: number
  /** A failed load with nothing to show: the message and a retry. */
  error?: { message?: string; retry: () => void } | null
  /** Shown instead of rows when there are none. */
  empty?: ReactNode
  /** Dimmed while a new page is on its way. */
  busy?: boolean
  /** The header stays on top while the rows scroll (in a box of bounded height). */
  stickyHeader?: boolean
  /** Accessible name of the table. */
  label?: string
  /** The scroll box (e.g. `min-h-0 flex-1` in a flex column). */
  className?: string
}

export function DataTable<T>(props: DataTableProps<T>) {
  const {
    rows,
    columns,
    getRowId,
    visibility,
    sort,
    selection,
    onSelectionChange,
    canSelect,
    selectLabel,
    rowActions,
    rowAttributes,
    mark,
    loading,
    loadingRows = 8,
    error,
    empty,
    busy,
    stickyHeader,
    label,
    className,
  } = props
  const { t } = useT()
  const selectable = !!onSelectionChange
  const scrollRef = useScrollEdges({ inner: true })
  useActionTitles(scrollRef)

  const shown = useMemo(() => shownColumns(columns, visibility), [columns, visibility])
  const checked = selection ?? {}
  const mayCheck = (row: T) => canSelect?.(row) ?? true
  const checkable = selectable ? rows.filter(mayCheck).map(getRowId) : []
  const check = (ids: readonly string[], v: boolean) => onSelectionChange?.(withChecked(checked, ids, v))

  const hasRowActions = !!rowActions
  const colCount = shown.length + (selectable ? 1 : 0) + (hasRowActions ? 1 : 0)

  return (
    /* scrolls sideways when wider than the list, with a shadow on the side where columns are out of view (behind the actions column on the right) */
    <div
      ref={scrollRef}
      className={cn(EDGES_GROUP, 'relative flex min-h-0 flex-col transition-opacity', busy && 'opacity-60', className)}
      aria-busy={busy || undefined}
    >
      <div className="relative min-h-0 w-full flex-1 overflow-auto">
        <table className="w-full caption-bottom text-sm" aria-label={label}>
          <TableHeader className={cn(stickyHeader && 'sticky top-0 z-10 bg-muted')}>
            <TableRow className="hover:bg-transparent">
              {selectable && (
                <TableHead className="w-10">
                  <RowCheckbox
                    label={t('crud.selectAll')}
                    checked={allChecked(checkable, checked)}
                    disabled={checkable.length === 0}
                    onChange={(v) => check(checkable, v)}
                  />
                </TableHead>
              )}
              {shown.map((c) => {
                const sorted = sort?.sortBy === c.key ? (sort.desc ? 'descending' : 'ascending') : undefined
                const sortable = c.sortable && !!sort
                return (
                  <TableHead
                    key={c.key}
                    aria-sort={sorted ?? (sortable ? 'none' : undefined)}
                    className={cn(alignClass(c.align), c.className)}
                  >
                    {sortable ? (
                      <SortButton sorted={sorted} onClick={() => sort.onSort(c.key)}>
                        {c.header}
                      </SortButton>
                    ) : (
                      c.header
                    )}
                  </TableHead>
                )
              })}
              {hasRowActions && (
                <TableHead className={cn('sticky right-0 bg-muted text-right', ACTIONS_EDGE)}>{t('common.actions')}</TableHead>
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {loading ? (
              Array.from({ length: loadingRows }, (_, i) => (
                <TableRow key={`sk-${i}`} className="hover:bg-transparent">
                  {Array.from({ length: colCount }, (_, j) => (
                    <TableCell key={j} className="py-3.5">
                      <Skeleton className={cn('h-4', j === 0 && selectable ? 'w-4' : 'w-full max-w-[10rem]')} />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            ) : error && rows.length === 0 ? (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={colCount} className="h-52 text-center">
                  <div role="alert" className="flex flex-col items-center gap-3 text-sm">
                    <AlertCircle className="h-8 w-8 text-destructive" aria-hidden />
                    <p className="font-medium">{t('crud.loadError')}</p>
                    {error.message && <p className="max-w-md text-muted-foreground">{error.message}</p>}
                    <Button variant="outline" onClick={error.retry} icon={RefreshCw}>
                      {t('common.retry')}
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ) : rows.length === 0 ? (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={colCount} className="h-52 text-center">
                  {empty ?? <EmptyState text={t('crud.empty')} />}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => {
                const id = getRowId(row)
                return (
                  <TableRow key={id} {...rowAttributes?.(row)} data-state={checked[id] ? 'selected' : undefined} className="group">
                    {selectable && (
                      <TableCell className="w-10 py-0">
                        <RowCheckbox
                          label={selectLabel?.(row) ?? t('crud.selectRow')}
                          checked={!!checked[id]}
                          disabled={!mayCheck(row)}
                          onChange={(v) => check([id], v)}
                        />
                      </TableCell>
                    )}
                    {shown.map((c, i) => {
                      const extra = i === 0 ? mark?.(row) : undefined
                      return (
                        <TableCell key={c.key} className={cn('whitespace-nowrap', alignClass(c.align), c.className)}>
                          {extra ? (
                            <span className="inline-flex items-center gap-1.5">
                              {cellContent(c, row)}
                              {extra}
                            </span>
                          ) : (
                            cellContent(c, row)
                          )}
                        </TableCell>
                      )
                    })}
                    {hasRowActions && (
                      <TableCell
                        data-row-actions=""
                        className={cn(
                          'sticky right-0 whitespace-nowrap bg-background py-1 text-right group-hover:bg-muted group-data-[state=selected]:bg-muted',
                          ACTIONS_EDGE,
                        )}
                      >
                        <RowActions>{rowActions(row)}</RowActions>
                      </TableCell>
                    )}
                  </TableRow>
                )
              })
            )}
          </TableBody>
        </table>
      </div>
      <div
        aria-hidden
        className="pointer-events-none absolute inset-y-0 left-0 z-10 hidden w-4 bg-gradient-to-r from-black/15 to-transparent group-data-[edge-left]/edges:block"
      />
      {!hasRowActions && (
        <div
          aria-hidden
          className="pointer-events-none absolute inset-y-0 right-0 z-10 hidden w-4 bg-gradient-to-l from-black/15 to-transparent group-data-[edge-right]/edges:block"
        />
      )}
    </div>
  )
}

/** The empty state: an icon and a sentence, and e.g. a reset button. */
export function EmptyState({ text, children }: { text: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 text-sm text-muted-foreground">
      <Inbox className="h-10 w-10 opacity-50" aria-hidden />
      <p>{text}</p>
      {children}
    </div>
  )
}

/**
 * A row's (or the header's) checkbox with a 36px touch target: a native input drawn as the form
 * checkbox is (`.row-check`, styles.css) — a list renders one per row, and as it scrolls a screenful
 * at a time, so it is one element, not Radix's provider, button, presence and indicator with an icon.
 */
export function RowCheckbox({
  label,
  checked,
  disabled,
  onChange,
  className,
}: {
  label: string
  checked: boolean | 'indeterminate'
  disabled?: boolean
  onChange: (v: boolean) => void
  className?: string
}) {
  return (
    <label className={cn('-m-2 flex h-9 w-9 items-center justify-center', disabled ? 'cursor-not-allowed' : 'cursor-pointer', className)}>
      <input
        type="checkbox"
        className="row-check"
        aria-label={label}
        checked={checked === true}
        // 'indeterminate' is a property only: set on the element, shown by :indeterminate
        ref={(el) => void (el && (el.indeterminate = checked === 'indeterminate'))}
        data-state={checked === 'indeterminate' ? 'indeterminate' : checked ? 'checked' : 'unchecked'}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
    </label>
  )
}

/** A sortable column's header: its title and the sort's arrow (both tables). */
export function SortButton({
  sorted,
  onClick,
  className,
  children,
}: {
  sorted: 'ascending' | 'descending' | undefined
  onClick: () => void
  className?: string
  children: ReactNode
}) {
  const { t } = useT()
  return (
    <button
      type="button"
      className={cn(
        '-mx-2 inline-flex min-h-9 items-center gap-1 rounded px-2 hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        sorted && 'text-foreground',
        className,
      )}
      onClick={onClick}
    >
      {children}
      {sorted === 'ascending' ? (
        <ArrowUp className="h-3.5 w-3.5 shrink-0" aria-label={t('crud.sortAsc')} />
      ) : sorted === 'descending' ? (
        <ArrowDown className="h-3.5 w-3.5 shrink-0" aria-label={t('crud.sortDesc')} />
      ) : (
        <ArrowUpDown className="h-3.5 w-3.5 shrink-0 opacity-40" aria-hidden />
      )}
    </button>
  )
}
