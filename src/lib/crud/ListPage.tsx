/**
 * The generic list page (SPEC §7), assembled from the list parts (./list): title, filters bound to
 * the URL, toolbar, a sortable and selectable table with column settings and row actions,
 * pagination, add/edit dialog, delete with confirmation. A screen that needs only some of it
 * composes the parts itself.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import type { RowSelection } from './list/rows'
import { AlertCircle, Plus } from 'lucide-react'
import type { FnAction } from '@/contract/catalogue'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { useIntent } from '@/lib/commands'
import { useCurrentPageTitle } from '@/lib/pages'
import { Can, useCan } from '@/lib/permissions'
import { SyncMark, useMarks, useMergedRows } from '@/lib/offline'
import { DataAgeNote, dataAge } from '@/lib/offline/read'
import { useT } from '@/lib/i18n'
import { FormDialog } from './FormDialog'
import type { ResourceForm } from './form'
import { useDelete, useListPage } from './hooks'
import type { FormValues, Resource } from './resource'
import { toListParams, withFilters, withPage, withSort, type ListSearch } from './search'
import {
  BulkActions,
  ColumnSettings,
  DataTable,
  DeleteRowAction,
  DeleteSelectedButton,
  EditRowAction,
  EmptyState,
  ExportCsvButton,
  ListFilters,
  ListPagination,
  ListToolbar,
  RefreshButton,
  ToolbarEnd,
  useColumnVisibility,
  useListState,
  type FilterField,
  type ListColumn,
} from './list'

export type { ListColumn, FilterField } from './list'

export interface ListPageProps<T extends object> {
  resource: Resource<T>
  /** The heading and the exports' name; by default the page's name (the menu's). */
  title?: string
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
    /** After a save (e.g. open the record just added). */
    onSaved?: (saved: T | undefined, editing: boolean) => void
    /** The lazy parts `render` shows (`lazyForm`'s `preload`), loaded when the dialog opens (FormDialog's `preload`). */
    preload?: () => Promise<unknown>
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
   * A text instead of false: the delete action stays visible, disabled, with the text as its tooltip
   * saying why (e.g. one's own account).
   */
  canDelete?: (row: T) => boolean | string
  /** Whether one row may be edited (default: all may); a row that may not has no edit action (e.g. a published version). */
  canEdit?: (row: T) => boolean
  /** What else a deletion of these rows does, said after the confirmation's sentence (e.g. a role's members lose it). */
  deleteHint?: (rows: T[]) => string | undefined
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
  actions?: { add?: FnAction; edit?: FnAction; delete?: FnAction }
  /** Inside a tab or panel: no page heading (the title still names exports). */
  headerless?: boolean
}

export function ListPage<T extends object>(props: ListPageProps<T>) {
  const {
    resource,
    title: ownTitle,
    description,
    columns,
    filters = [],
    form,
    rowActions,
    toolbar,
    deletable = true,
    canDelete: rowDeletable,
    canEdit: rowEditable,
    deleteHint,
    bulkActions,
    canSelect: rowSelectable,
    exportable = true,
    extraQuery,
    headerless,
  } = props
  const pageTitle = useCurrentPageTitle()
  const title = ownTitle ?? pageTitle
  const act: Record<'add' | 'edit' | 'delete', FnAction> = { add: 'add', edit: 'edit', delete: 'delete', ...props.actions }
  const { t } = useT()
  const list = useListState(props)
  const { search } = list
  const [selection, setSelection] = useState<RowSelection>({})
  const setSearch = (next: ListSearch) => (setSelection({}), list.setSearch(next))
  const params = toListParams(search)
  const query = useListPage(resource, search, extraQuery)
  const page = query.data
  const serverRecords = useMemo(() => page?.records ?? [], [page])
  // offline-capable: local copies over the server's rows, records added offline on the first page
  const offlineEntity = resource.offline?.entity.entity
  const merged = useMergedRows(
    offlineEntity,
    serverRecords,
    resource.idOf,
    (data) => params.pageIndex === 1 && (resource.offline?.belongs?.(data, { ...extraQuery, ...params.filters }) ?? true),
  )
  const records = merged.rows
  const marks = useMarks(offlineEntity)
  const mark = useMemo(
    () => (marks ? (row: T) => (marks[resource.idOf(row)] ? <SyncMark status={marks[resource.idOf(row)]} /> : null) : undefined),
    [marks, resource],
  )
  const del = useDelete(resource)
  const canDelete = useCan(act.delete) && deletable
  const mayDeleteRow = (row: T) => canDelete && (rowDeletable?.(row) ?? true) === true
  const whyNotDelete = (row: T) => {
    const v = canDelete ? rowDeletable?.(row) : undefined
    return typeof v === 'string' ? v : undefined
  }
  const mayBulkRow = (row: T) => !!bulkActions && (rowSelectable?.(row) ?? true)
  const canEdit = useCan(act.edit) && !!form
  const [dialog, setDialog] = useState<{ open: boolean; record: T | null }>({ open: false, record: null })
  // the palette's 新增… commands open the add dialog
  useIntent('add', () => setDialog({ open: true, record: null }), useCan(act.add) && !!form)
  const cols = useColumnVisibility(resource.key, columns)

  const idsWhere = (ok: (r: T) => boolean) => records.filter((r) => selection[resource.idOf(r)] && ok(r)).map(resource.idOf)
  const selectedIds = idsWhere(() => true)
  const deleteIds = idsWhere(mayDeleteRow)
  const bulkIds = idsWhere(mayBulkRow)
  const total = (page?.total ?? 0) + merged.added - merged.removed
  const pages = Math.max(1, Math.ceil(total / params.pageSize))
  const filtering = Object.keys(params.filters).length > 0

  // past the last page (e.g. after deleting its last rows): go to the last page
  const overshoot = !!page && !query.isPlaceholderData && records.length === 0 && total > 0 && params.pageIndex > pages
  useEffect(() => {
    if (overshoot) list.replaceSearch(withPage(search, pages))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [overshoot])

  const removeRows = async (ids: string[]) => {
    if (await del.remove(ids, deleteHint?.(records.filter((r) => ids.includes(resource.idOf(r)))), records)) setSelection({})
  }
  const hasRowActions = canEdit || canDelete || !!rowActions
  const formDefaults = typeof form?.defaults === 'function' ? form.defaults() : form?.defaults

  return (
    <div className="flex min-w-0 flex-col gap-4">
      {!headerless && <PageHeader title={title} description={description} />}

      <ListFilters fields={filters} search={search} onSearchChange={setSearch} />

      <Card className="min-w-0 overflow-hidden">
        <ListToolbar>
          {form && (
            <Can action={act.add}>
              <Button onClick={() => setDialog({ open: true, record: null })} icon={Plus}>
                {t('common.add')}
              </Button>
            </Can>
          )}
          <BulkActions count={selectedIds.length} onClear={() => setSelection({})}>
            {canDelete && (
              <DeleteSelectedButton
                action={act.delete}
                count={deleteIds.length}
                pending={del.isPending}
                onClick={() => void removeRows(deleteIds)}
              />
            )}
            {bulkActions?.(
              bulkIds,
              () => setSelection({}),
              bulkIds.map((id) => records.find((r) => resource.idOf(r) === id)!),
            )}
            {typeof toolbar === 'function'
              ? toolbar({
                  query: {
                    ...extraQuery,
                    ...params.filters,
                    ...(params.sortBy ? { sortBy: params.sortBy, desc: params.desc === true } : {}),
                  },
                })
              : toolbar}
          </BulkActions>
          <ToolbarEnd>
            <RefreshButton query={query} />
            {exportable && <ExportCsvButton title={title} rows={records} columns={cols.visibleColumns} />}
            <ColumnSettings state={cols} />
          </ToolbarEnd>
        </ListToolbar>

        {dataAge(query).show ? (
          <DataAgeNote query={query} className="border-b bg-muted/40 px-4 py-2" />
        ) : (
          query.isError && page && <RefetchError retry={() => void query.refetch()} />
        )}

        <DataTable
          rows={records}
          columns={columns}
          getRowId={resource.idOf}
          visibility={cols.visibility}
          sort={{ sortBy: params.sortBy, desc: params.desc, onSort: (key) => setSearch(withSort(search, key)) }}
          selection={selection}
          onSelectionChange={canDelete || bulkActions ? setSelection : undefined}
          canSelect={(row) => mayBulkRow(row) || mayDeleteRow(row)}
          mark={mark}
          loading={query.isPending}
          loadingRows={Math.min(params.pageSize, 8)}
          error={query.isError && !page ? { message: query.error?.message, retry: () => void query.refetch() } : null}
          busy={query.isFetching && query.isPlaceholderData}
          empty={
            <EmptyState text={filtering ? t('crud.emptyFiltered') : t('crud.empty')}>
              {filtering && (
                <Button variant="link" className="h-9" onClick={() => setSearch(withFilters(search, {}))}>
                  {t('common.reset')}
                </Button>
              )}
            </EmptyState>
          }
          rowActions={
            hasRowActions
              ? (row) => (
                  <>
                    {rowActions?.(row)}
                    {canEdit && (rowEditable?.(row) ?? true) && (
                      <EditRowAction action={act.edit} onClick={() => setDialog({ open: true, record: row })} />
                    )}
                    {mayDeleteRow(row) && (
                      <DeleteRowAction action={act.delete} pending={del.isPending} onClick={() => void removeRows([resource.idOf(row)])} />
                    )}
                    {whyNotDelete(row) && <DeleteRowAction action={act.delete} refused={whyNotDelete(row)} onClick={() => undefined} />}
                  </>
                )
              : undefined
          }
        />

        <ListPagination total={total} capped={!!page?.totalCapped} search={search} onSearchChange={setSearch} />
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
          preload={form.preload}
          onSaved={form.onSaved ? (saved) => form.onSaved!(saved, !!dialog.record) : undefined}
        >
          {(rf) => form.render(rf)}
        </FormDialog>
      )}
    </div>
  )
}

/** A refetch failed while the last page is still shown. */
function RefetchError({ retry }: { retry: () => void }) {
  const { t } = useT()
  return (
    <div role="alert" className="flex items-center gap-2 border-b bg-destructive/10 px-4 py-2 text-sm text-destructive">
      <AlertCircle className="h-4 w-4" aria-hidden />
      {t('crud.loadError')}
      <Button variant="link" className="h-9 px-1" onClick={retry}>
        {t('common.retry')}
      </Button>
    </div>
  )
}
