/**
 * The generic list page (SPEC §7): title, filter bar, toolbar, a sortable and selectable table,
 * column settings, pagination, loading/empty/error states, add/edit dialog, delete with
 * confirmation. Filters, paging and sorting live in the URL.
 */
import { useEffect, useMemo, useState, type ReactNode, type RefObject } from 'react'
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type RowSelectionState } from '@tanstack/react-table'
import { toast } from 'sonner'
import {
  AlertCircle,
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  ChevronLeft,
  ChevronRight,
  ChevronsLeft,
  ChevronsRight,
  Columns3,
  Download,
  Inbox,
  Pencil,
  Plus,
  RefreshCw,
  RotateCcw,
  Search,
  Trash2,
} from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Checkbox } from '@/components/ui/checkbox'
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { Input } from '@/components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { Skeleton } from '@/components/ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { Can, useCan } from '@/lib/permissions'
import { SyncMark, useMarks, useMergedRows } from '@/lib/offline'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { loadVisibility, saveVisibility, type Visibility } from './columns'
import { pageWindow } from './pageWindow'
import { csvFileName, downloadText, toCsv } from './export'
import { actionsEdge, useScrollEdges } from './tableEdges'
import { FormDialog, type ResourceForm } from './form'
import { useDelete, useListPage, useListSearch } from './hooks'
import { DataAgeNote, dataAge } from '@/lib/offline/read'
import type { FormValues, Resource } from './resource'
import { DEFAULT_PAGE_SIZE, filtersOf, PAGE_SIZES, toListParams, withFilters, withPage, withSort, type ListSearch } from './search'

export interface ListColumn<T> {
  /** The record field; also the `sortBy` sent to the server. */
  key: string
  header: string
  /** Cell content; default: the field's value, or -- when empty. */
  cell?: (row: T) => ReactNode
  /** Value written to the CSV export; default: the field's value. */
  exportValue?: (row: T) => unknown
  sortable?: boolean
  /** Hidden until the user shows it in the column settings. */
  defaultHidden?: boolean
  align?: 'left' | 'center' | 'right'
  /** Width in px (`<VirtualTable>` lays columns out at fixed widths; default 140). */
  width?: number
  className?: string
}

export interface FilterField {
  /** The query parameter. */
  name: string
  label: string
  kind?: 'text' | 'select'
  options?: readonly { value: string | number; label: string }[]
  placeholder?: string
}

export interface ListPageProps<T extends object> {
  resource: Resource<T>
  title: string
  description?: ReactNode
  columns: ListColumn<T>[]
  filters?: FilterField[]
  /** Defaults to the current route's search (URL). */
  search?: ListSearch
  onSearchChange?: (next: ListSearch) => void
  /** Add/edit: the fields inside `<FormDialog>`. Without it there are no add/edit actions. */
  form?: {
    render: (ctx: ResourceForm<T>) => ReactNode
    defaults?: FormValues | (() => FormValues)
    size?: 'md' | 'lg' | 'xl'
  }
  /** Extra per-row actions, before edit and delete. */
  rowActions?: (row: T) => ReactNode
  /**
   * Extra toolbar content, after the built-in actions. A function gets the current list query
   * (filters, sort and extraQuery, no paging), e.g. for `<ExportButton query={query} />`.
   */
  toolbar?: ReactNode | ((ctx: { query: Record<string, unknown> }) => ReactNode)
  deletable?: boolean
  /**
   * Whether one row may be deleted (default: all may). A row that may not has no delete action
   * and cannot be selected for the batch delete — e.g. a built-in record the server refuses to delete.
   */
  canDelete?: (row: T) => boolean
  /**
   * Actions on the selected rows, in the toolbar (e.g. approve / reject). With it rows can be
   * selected even without the delete function. `clear` empties the selection; `rows` are the
   * selected records (as the list shows them) in the order of `selectedIds`.
   */
  bulkActions?: (selectedIds: string[], clear: () => void, rows: T[]) => ReactNode
  /**
   * Whether one row may be selected for the bulkActions (default: all may). A row that may not
   * has a disabled checkbox (unless it may be deleted) and is never among their `selectedIds` —
   * e.g. a record whose state the server no longer lets the actions change.
   */
  canSelect?: (row: T) => boolean
  exportable?: boolean
  /** Fixed query parameters (e.g. a parent id) sent with every page request. */
  extraQuery?: Record<string, string>
  /**
   * The function actions that gate the built-in add / edit / delete (default 'add', 'edit',
   * 'delete'), for a list inside another menu's page (e.g. accounts on /admin/organization: 'account').
   */
  actions?: { add?: string; edit?: string; delete?: string }
  /** Inside a tab or panel: no page heading (the title still names exports). */
  headerless?: boolean
}

const SELECT_ALL = '__all__'

function plain(value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return <span className="text-muted-foreground">--</span>
  return String(value)
}

export function ListPage<T extends object>(props: ListPageProps<T>) {
  const { resource, title, description, columns, filters = [], form, rowActions, toolbar, deletable = true, canDelete: rowDeletable, bulkActions, canSelect: rowSelectable, exportable = true, extraQuery, headerless } = props
  const act = { add: 'add', edit: 'edit', delete: 'delete', ...props.actions }
  const { t } = useT()
  const [urlSearch, setUrlSearch] = useListSearch()
  const search = props.search ?? urlSearch
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({})
  const setUrlOrProp = (next: ListSearch) => (props.onSearchChange ? props.onSearchChange(next) : setUrlSearch(next, { replace: true }))
  const setSearch = (next: ListSearch) => {
    setRowSelection({})
    if (props.onSearchChange) props.onSearchChange(next)
    else setUrlSearch(next)
  }
  const params = toListParams(search)
  const query = useListPage(resource, search, extraQuery)
  const page = query.data
  const serverRecords = useMemo(() => page?.records ?? [], [page])
  // offline-capable: local copies over the server's rows, records added offline on the first page
  const offlineEntity = resource.offline?.entity.entity
  const merged = useMergedRows(offlineEntity, serverRecords, resource.idOf, (data) =>
    params.pageIndex === 1 && (resource.offline?.belongs?.(data, { ...extraQuery, ...params.filters }) ?? true),
  )
  const records = merged.rows
  const marks = useMarks(offlineEntity)
  const del = useDelete(resource)
  const canDelete = useCan(act.delete) && deletable
  const mayDeleteRow = (row: T) => canDelete && (rowDeletable?.(row) ?? true)
  const mayBulkRow = (row: T) => !!bulkActions && (rowSelectable?.(row) ?? true)
  const selectable = canDelete || !!bulkActions
  const canEdit = useCan(act.edit) && !!form
  const [dialog, setDialog] = useState<{ open: boolean; record: T | null }>({ open: false, record: null })

  // column visibility, per resource in localStorage
  const defaults = useMemo(() => Object.fromEntries(columns.map((c) => [c.key, !c.defaultHidden])) as Visibility, [columns])
  const [visibility, setVisibilityState] = useState<Visibility>(() => loadVisibility(resource.key, defaults))
  const setVisibility = (next: Visibility) => {
    setVisibilityState(next)
    saveVisibility(resource.key, next)
  }
  const visibleColumns = columns.filter((c) => visibility[c.key] !== false)

  const hasRowActions = canEdit || canDelete || !!rowActions
  const [scrollRef, edges] = useScrollEdges({ inner: true })
  useActionTitles(scrollRef, edges.compact)
  const tableColumns = useMemo<ColumnDef<T>[]>(() => {
    const cols: ColumnDef<T>[] = []
    if (selectable) {
      cols.push({
        id: '__select',
        header: ({ table }) => (
          <RowCheckbox
            label={t('crud.selectAll')}
            checked={table.getIsAllPageRowsSelected() ? true : table.getIsSomePageRowsSelected() ? 'indeterminate' : false}
            disabled={!table.getRowModel().rows.some((row) => row.getCanSelect())}
            onChange={(v) => table.toggleAllPageRowsSelected(v)}
          />
        ),
        cell: ({ row }) => (
          <RowCheckbox label={t('crud.selectRow')} checked={row.getIsSelected()} disabled={!row.getCanSelect()} onChange={(v) => row.toggleSelected(v)} />
        ),
      })
    }
    columns.forEach((c, i) => {
      cols.push({
        id: c.key,
        accessorFn: (row) => (row as Record<string, unknown>)[c.key],
        header: c.header,
        cell: ({ row, getValue }) => {
          const content = c.cell ? c.cell(row.original) : plain(getValue())
          const mark = i === 0 ? marks?.[row.id] : undefined
          if (!mark) return content
          return (
            <span className="inline-flex items-center gap-1.5">
              {content}
              <SyncMark status={mark} />
            </span>
          )
        },
        meta: c,
      })
    })
    return cols
  }, [columns, selectable, t, marks])

  const table = useReactTable({
    data: records,
    columns: tableColumns,
    getRowId: (row) => resource.idOf(row),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableRowSelection: selectable ? (row) => mayBulkRow(row.original) || mayDeleteRow(row.original) : false,
    state: { rowSelection, columnVisibility: visibility },
    onRowSelectionChange: setRowSelection,
  })

  const selectedIds = Object.keys(rowSelection).filter((id) => rowSelection[id] && records.some((r) => resource.idOf(r) === id))
  const deleteIds = selectedIds.filter((id) => records.some((r) => resource.idOf(r) === id && mayDeleteRow(r)))
  const bulkIds = selectedIds.filter((id) => records.some((r) => resource.idOf(r) === id && mayBulkRow(r)))
  const total = (page?.total ?? 0) + merged.added - merged.removed
  const pages = Math.max(1, Math.ceil(total / params.pageSize))
  const filtering = Object.keys(params.filters).length > 0
  const colCount = table.getVisibleLeafColumns().length + (hasRowActions ? 1 : 0)

  // past the last page (e.g. after deleting its last rows): go to the last page
  const overshoot = !!page && !query.isPlaceholderData && records.length === 0 && total > 0 && params.pageIndex > pages
  useEffect(() => {
    if (overshoot) setUrlOrProp(withPage(search, pages))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [overshoot])

  const openAdd = () => setDialog({ open: true, record: null })
  const openEdit = (record: T) => setDialog({ open: true, record })
  const removeRows = async (ids: string[]) => {
    if (await del.remove(ids, undefined, records)) setRowSelection({})
  }

  const exportCsv = () => {
    if (records.length === 0) {
      toast.info(t('crud.exportEmpty'))
      return
    }
    const cols = visibleColumns
    const rows = records.map((r) => cols.map((c) => (c.exportValue ? c.exportValue(r) : (r as Record<string, unknown>)[c.key])))
    downloadText(
      csvFileName(title),
      toCsv(
        cols.map((c) => c.header),
        rows,
      ),
    )
    toast.success(t('crud.exportDone', { n: records.length }))
  }

  const formDefaults = typeof form?.defaults === 'function' ? form.defaults() : form?.defaults

  return (
    <div className="flex min-w-0 flex-col gap-4">
      {!headerless && (
        <header className="flex flex-wrap items-end justify-between gap-2">
          <div className="min-w-0">
            <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
            {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
          </div>
        </header>
      )}

      {filters.length > 0 && (
        <FilterBar
          key={JSON.stringify(filtersOf(search))}
          fields={filters}
          values={filtersOf(search)}
          onSubmit={(values) => setSearch(withFilters(search, values))}
        />
      )}

      <Card className="min-w-0 overflow-hidden">
        {/* toolbar */}
        <div className="flex flex-wrap items-center gap-2 border-b px-3 py-2.5 sm:px-4">
          {form && (
            <Can action={act.add}>
              <Button onClick={openAdd}>
                <Plus aria-hidden />
                {t('common.add')}
              </Button>
            </Can>
          )}
          {canDelete && (
            <Can action={act.delete}>
              <Button variant="outline" disabled={deleteIds.length === 0 || del.isPending} onClick={() => void removeRows(deleteIds)}>
                <Trash2 aria-hidden />
                {t('crud.deleteSelected')}
              </Button>
            </Can>
          )}
          {bulkActions?.(
            bulkIds,
            () => setRowSelection({}),
            bulkIds.map((id) => records.find((r) => resource.idOf(r) === id)!),
          )}
          {typeof toolbar === 'function'
            ? toolbar({ query: { ...extraQuery, ...params.filters, ...(params.sortBy ? { sortBy: params.sortBy, desc: params.desc === true } : {}) } })
            : toolbar}
          {selectedIds.length > 0 && (
            <span className="flex items-center gap-1 text-sm text-muted-foreground">
              {t('crud.selected', { n: selectedIds.length })}
              <Button variant="link" className="h-9 px-1" onClick={() => setRowSelection({})}>
                {t('crud.clearSelection')}
              </Button>
            </span>
          )}
          <div className="ml-auto flex items-center gap-1">
            <Button
              variant="ghost"
              size="icon"
              title={t('common.refresh')}
              aria-label={t('common.refresh')}
              onClick={() => void query.refetch()}
              disabled={query.isFetching}
            >
              <RefreshCw className={cn(query.isFetching && 'animate-spin')} aria-hidden />
            </Button>
            {exportable && (
              <Can action="export">
                <Button variant="ghost" size="icon" title={t('common.export')} aria-label={t('common.export')} onClick={exportCsv}>
                  <Download aria-hidden />
                </Button>
              </Can>
            )}
            <ColumnSettings columns={columns} visibility={visibility} defaults={defaults} onChange={setVisibility} />
          </div>
        </div>

        {dataAge(query).show ? (
          <DataAgeNote query={query} className="border-b bg-muted/40 px-4 py-2" />
        ) : query.isError && page && (
          <div role="alert" className="flex items-center gap-2 border-b bg-destructive/10 px-4 py-2 text-sm text-destructive">
            <AlertCircle className="h-4 w-4" aria-hidden />
            {t('crud.loadError')}
            <Button variant="link" className="h-9 px-1" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        )}

        {/* table: scrolls sideways when wider than the list, with a shadow on the side where columns are out of view (behind the actions column on the right) */}
        <div
          ref={scrollRef}
          className={cn('relative transition-opacity', query.isFetching && query.isPlaceholderData && 'opacity-60')}
          aria-busy={query.isFetching}
        >
          {edges.left && <div aria-hidden className="pointer-events-none absolute inset-y-0 left-0 z-10 w-4 bg-gradient-to-r from-black/15 to-transparent" />}
          {edges.right && !hasRowActions && <div aria-hidden className="pointer-events-none absolute inset-y-0 right-0 z-10 w-4 bg-gradient-to-l from-black/15 to-transparent" />}
          <Table>
            <TableHeader>
              {table.getHeaderGroups().map((hg) => (
                <TableRow key={hg.id} className="hover:bg-transparent">
                  {hg.headers.map((h) => {
                    const meta = h.column.columnDef.meta as ListColumn<T> | undefined
                    if (!meta)
                      return (
                        <TableHead key={h.id} className="w-10">
                          {flexRender(h.column.columnDef.header, h.getContext())}
                        </TableHead>
                      )
                    const sorted = params.sortBy === meta.key ? (params.desc ? 'descending' : 'ascending') : undefined
                    return (
                      <TableHead key={h.id} aria-sort={sorted ?? (meta.sortable ? 'none' : undefined)} className={cn(alignClass(meta.align), meta.className)}>
                        {meta.sortable ? (
                          <button
                            type="button"
                            className={cn(
                              '-mx-2 inline-flex min-h-9 items-center gap-1 rounded px-2 hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                              sorted && 'text-foreground',
                            )}
                            onClick={() => setSearch(withSort(search, meta.key))}
                          >
                            {meta.header}
                            {sorted === 'ascending' ? (
                              <ArrowUp className="h-3.5 w-3.5" aria-label={t('crud.sortAsc')} />
                            ) : sorted === 'descending' ? (
                              <ArrowDown className="h-3.5 w-3.5" aria-label={t('crud.sortDesc')} />
                            ) : (
                              <ArrowUpDown className="h-3.5 w-3.5 opacity-40" aria-hidden />
                            )}
                          </button>
                        ) : (
                          meta.header
                        )}
                      </TableHead>
                    )
                  })}
                  {hasRowActions && (
                    <TableHead className={cn('sticky right-0 bg-muted text-right', actionsEdge(edges.right))}>{t('common.actions')}</TableHead>
                  )}
                </TableRow>
              ))}
            </TableHeader>
            <TableBody>
              {query.isPending ? (
                Array.from({ length: Math.min(params.pageSize, 8) }, (_, i) => (
                  <TableRow key={`sk-${i}`} className="hover:bg-transparent">
                    {Array.from({ length: colCount }, (_, j) => (
                      <TableCell key={j} className="py-3.5">
                        <Skeleton className={cn('h-4', j === 0 && selectable ? 'w-4' : 'w-full max-w-[10rem]')} />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              ) : query.isError && !page ? (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={colCount} className="h-52 text-center">
                    <div role="alert" className="flex flex-col items-center gap-3 text-sm">
                      <AlertCircle className="h-8 w-8 text-destructive" aria-hidden />
                      <p className="font-medium">{t('crud.loadError')}</p>
                      {query.error?.message && <p className="max-w-md text-muted-foreground">{query.error.message}</p>}
                      <Button variant="outline" onClick={() => void query.refetch()}>
                        <RefreshCw aria-hidden />
                        {t('common.retry')}
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              ) : records.length === 0 ? (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={colCount} className="h-52 text-center">
                    <div className="flex flex-col items-center gap-2 text-sm text-muted-foreground">
                      <Inbox className="h-10 w-10 opacity-50" aria-hidden />
                      <p>{filtering ? t('crud.emptyFiltered') : t('crud.empty')}</p>
                      {filtering && (
                        <Button variant="link" className="h-9" onClick={() => setSearch(withFilters(search, {}))}>
                          {t('common.reset')}
                        </Button>
                      )}
                    </div>
                  </TableCell>
                </TableRow>
              ) : (
                table.getRowModel().rows.map((row) => (
                  <TableRow key={row.id} data-state={row.getIsSelected() ? 'selected' : undefined} className="group">
                    {row.getVisibleCells().map((cell) => {
                      const meta = cell.column.columnDef.meta as ListColumn<T> | undefined
                      return (
                        <TableCell key={cell.id} className={cn('whitespace-nowrap', meta && alignClass(meta.align), meta?.className, !meta && 'w-10 py-0')}>
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </TableCell>
                      )
                    })}
                    {hasRowActions && (
                      <TableCell
                        data-row-actions=""
                        className={cn('sticky right-0 whitespace-nowrap bg-background py-1 text-right group-hover:bg-muted group-data-[state=selected]:bg-muted', actionsEdge(edges.right))}
                      >
                        <div className={cn('inline-flex items-center justify-end gap-0.5', edges.compact && COMPACT_ACTIONS)}>
                          {rowActions?.(row.original)}
                          {canEdit && (
                            <Can action={act.edit}>
                              <Button variant="ghost" className="h-9 px-2 text-primary" title={edges.compact ? t('common.edit') : undefined} onClick={() => openEdit(row.original)}>
                                <Pencil aria-hidden />
                                {t('common.edit')}
                              </Button>
                            </Can>
                          )}
                          {mayDeleteRow(row.original) && (
                            <Can action={act.delete}>
                              <Button
                                variant="ghost"
                                className="h-9 px-2 text-destructive hover:text-destructive"
                                title={edges.compact ? t('common.delete') : undefined}
                                disabled={del.isPending}
                                onClick={() => void removeRows([row.id])}
                              >
                                <Trash2 aria-hidden />
                                {t('common.delete')}
                              </Button>
                            </Can>
                          )}
                        </div>
                      </TableCell>
                    )}
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </div>

        <Pagination
          total={total}
          capped={!!page?.totalCapped}
          pageIndex={params.pageIndex}
          pageSize={params.pageSize}
          pages={pages}
          onChange={(pageIndex, pageSize) => setSearch(withPage(search, pageIndex, pageSize))}
        />
      </Card>

      {form && (
        <FormDialog
          key={dialog.record ? resource.idOf(dialog.record) : 'new'}
          resource={resource}
          open={dialog.open}
          onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
          record={dialog.record}
          defaults={formDefaults}
          size={form.size}
        >
          {(rf) => form.render(rf)}
        </FormDialog>
      )}
    </div>
  )
}

/**
 * Compact row actions: every button with an icon shrinks to a 36 px square showing the icon; its
 * text stays inside, clipped (still its accessible name, and its tooltip — see useActionTitles).
 * Text-only buttons keep their text. For the built-in ones and whatever `rowActions` renders.
 */
const COMPACT_ACTIONS =
  '[&_button:has(svg)]:w-9 [&_button:has(svg)]:justify-start [&_button:has(svg)]:gap-[10px] [&_button:has(svg)]:overflow-hidden [&_button:has(svg)]:px-[10px]'

/**
 * In compact mode a row action without a title of its own (one a screen passed in `rowActions`)
 * gets its text as tooltip, kept in step with the text; out of compact mode those titles go again.
 */
function useActionTitles(ref: RefObject<HTMLElement | null>, compact: boolean) {
  useEffect(() => {
    ref.current?.querySelectorAll<HTMLButtonElement>('td[data-row-actions] button').forEach((b) => {
      const auto = b.dataset.autoTitle !== undefined
      const text = b.textContent?.trim() ?? ''
      if (compact && text && b.querySelector('svg') && (auto || !b.title)) {
        if (b.title !== text) b.title = text
        b.dataset.autoTitle = ''
      } else if (!compact && auto) {
        b.removeAttribute('title')
        delete b.dataset.autoTitle
      }
    })
  })
}

function alignClass(align: ListColumn<unknown>['align']) {
  return align === 'right' ? 'text-right' : align === 'center' ? 'text-center' : undefined
}

/** A checkbox with a 36px touch target. */
function RowCheckbox({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string
  checked: boolean | 'indeterminate'
  disabled?: boolean
  onChange: (v: boolean) => void
}) {
  return (
    <label className={cn('-m-2 flex h-9 w-9 items-center justify-center', disabled ? 'cursor-not-allowed' : 'cursor-pointer')}>
      <Checkbox aria-label={label} checked={checked} disabled={disabled} onCheckedChange={(v) => onChange(v === true)} />
    </label>
  )
}

// ---- filter bar ---------------------------------------------------------------

function FilterBar({
  fields,
  values,
  onSubmit,
}: {
  fields: FilterField[]
  values: Record<string, string>
  onSubmit: (values: Record<string, string>) => void
}) {
  const { t } = useT()
  const [draft, setDraft] = useState<Record<string, string>>(values)
  const set = (name: string, v: string) => setDraft((d) => ({ ...d, [name]: v }))
  return (
    <Card className="px-3 py-3 sm:px-4">
      <form
        role="search"
        className="flex flex-wrap items-end gap-x-4 gap-y-3"
        onSubmit={(e) => {
          e.preventDefault()
          onSubmit(draft)
        }}
      >
        {fields.map((f) => {
          const id = `filter-${f.name}`
          return (
            <div key={f.name} className="flex w-full min-w-0 flex-col gap-1.5 sm:w-56">
              <label htmlFor={id} className="text-sm font-medium text-muted-foreground">
                {f.label}
              </label>
              {f.kind === 'select' ? (
                <Select value={draft[f.name] || SELECT_ALL} onValueChange={(v) => set(f.name, v === SELECT_ALL ? '' : v)}>
                  <SelectTrigger id={id}>
                    <SelectValue placeholder={t('crud.selectPlaceholder', { field: f.label })} />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={SELECT_ALL} className="min-h-9">
                      {t('crud.all')}
                    </SelectItem>
                    {(f.options ?? []).map((o) => (
                      <SelectItem key={String(o.value)} value={String(o.value)} className="min-h-9">
                        {o.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              ) : (
                <Input
                  id={id}
                  value={draft[f.name] ?? ''}
                  placeholder={f.placeholder ?? t('crud.inputPlaceholder', { field: f.label })}
                  onChange={(e) => set(f.name, e.target.value)}
                  enterKeyHint="search"
                />
              )}
            </div>
          )
        })}
        <div className="flex gap-2">
          <Button type="submit">
            <Search aria-hidden />
            {t('common.search')}
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setDraft({})
              onSubmit({})
            }}
          >
            <RotateCcw aria-hidden />
            {t('common.reset')}
          </Button>
        </div>
      </form>
    </Card>
  )
}

// ---- column settings ------------------------------------------------------------

function ColumnSettings<T>({
  columns,
  visibility,
  defaults,
  onChange,
}: {
  columns: ListColumn<T>[]
  visibility: Visibility
  defaults: Visibility
  onChange: (v: Visibility) => void
}) {
  const { t } = useT()
  const shown = columns.filter((c) => visibility[c.key] !== false).length
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" title={t('crud.columns')} aria-label={t('crud.columns')}>
          <Columns3 aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-96 overflow-y-auto">
        <DropdownMenuLabel>{t('crud.columns')}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {columns.map((c) => {
          const on = visibility[c.key] !== false
          return (
            <DropdownMenuCheckboxItem
              key={c.key}
              className="min-h-9"
              checked={on}
              disabled={on && shown === 1}
              onSelect={(e) => e.preventDefault()}
              onCheckedChange={(v) => onChange({ ...visibility, [c.key]: v === true })}
            >
              {c.header}
            </DropdownMenuCheckboxItem>
          )
        })}
        <DropdownMenuSeparator />
        <DropdownMenuItem className="min-h-9" onSelect={() => onChange(Object.fromEntries(columns.map((c) => [c.key, true])))}>
          {t('crud.showAllColumns')}
        </DropdownMenuItem>
        {Object.keys(defaults).some((k) => defaults[k] !== (visibility[k] !== false)) && (
          <DropdownMenuItem className="min-h-9" onSelect={() => onChange(defaults)}>
            {t('common.reset')}
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

// ---- pagination -------------------------------------------------------------------

function Pagination({
  total,
  capped,
  pageIndex,
  pageSize,
  pages,
  onChange,
}: {
  total: number
  /** More rows match than the gateway counts exactly: `total` is a lower bound. */
  capped: boolean
  pageIndex: number
  pageSize: number
  pages: number
  onChange: (pageIndex: number, pageSize?: number) => void
}) {
  const { t } = useT()
  const go = (p: number) => onChange(Math.min(Math.max(1, p), pages))
  const nav = 'h-9 w-9'
  return (
    <nav
      aria-label={t('crud.pageOf', { page: pageIndex, pages })}
      className="flex flex-wrap items-center justify-between gap-3 border-t px-3 py-2.5 text-sm sm:px-4"
    >
      <div className="flex items-center gap-3 text-muted-foreground">
        <span>{t(capped ? 'crud.totalCapped' : 'crud.total', { total })}</span>
        <Select value={String(pageSize)} onValueChange={(v) => onChange(1, Number(v))}>
          <SelectTrigger className="h-9 w-28" aria-label={t('crud.pageSize')}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {(PAGE_SIZES.includes(pageSize as (typeof PAGE_SIZES)[number]) ? PAGE_SIZES : [DEFAULT_PAGE_SIZE, ...PAGE_SIZES]).map((n) => (
              <SelectItem key={n} value={String(n)} className="min-h-9">
                {t('crud.perPage', { n })}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex items-center gap-1">
        <Button variant="outline" size="icon" className={nav} disabled={pageIndex <= 1} onClick={() => go(1)} aria-label={t('crud.firstPage')}>
          <ChevronsLeft aria-hidden />
        </Button>
        <Button variant="outline" size="icon" className={nav} disabled={pageIndex <= 1} onClick={() => go(pageIndex - 1)} aria-label={t('crud.prevPage')}>
          <ChevronLeft aria-hidden />
        </Button>
        <div className="hidden items-center gap-1 md:flex">
          {pageWindow(pageIndex, pages).map((p, i) =>
            p === '…' ? (
              <span key={`gap-${i}`} className="px-1 text-muted-foreground">
                …
              </span>
            ) : (
              <Button
                key={p}
                variant={p === pageIndex ? 'default' : 'ghost'}
                className="h-9 min-w-9 px-2"
                aria-current={p === pageIndex ? 'page' : undefined}
                onClick={() => go(p)}
              >
                {p}
              </Button>
            ),
          )}
        </div>
        <span className="px-2 text-muted-foreground md:hidden">{t('crud.pageOf', { page: pageIndex, pages })}</span>
        <Button variant="outline" size="icon" className={nav} disabled={pageIndex >= pages} onClick={() => go(pageIndex + 1)} aria-label={t('crud.nextPage')}>
          <ChevronRight aria-hidden />
        </Button>
        <Button variant="outline" size="icon" className={nav} disabled={pageIndex >= pages} onClick={() => go(pages)} aria-label={t('crud.lastPage')}>
          <ChevronsRight aria-hidden />
        </Button>
      </div>
    </nav>
  )
}
