/**
 * The parts of a list, for a screen to compose (ListPage assembles them all): filters bound to the
 * URL, toolbar (refresh, CSV export, column settings), bulk actions, the table with row actions,
 * pagination.
 */
export type { ListColumn, FilterField } from './types'
export type { RowSelection } from './rows'
export { numberColumn, plainCell, textColumn, timeColumn } from './types'
export { useListState } from './state'
export type { ListState } from './state'
export { ListFilters, FilterBar } from './FilterBar'
export { ListToolbar, ToolbarEnd, RefreshButton, ExportCsvButton } from './Toolbar'
export { ColumnSettings, useColumnVisibility } from './ColumnSettings'
export type { ColumnVisibility } from './ColumnSettings'
export { BulkActions, DeleteSelectedButton } from './BulkActions'
export { DataTable, EmptyState, RowCheckbox, SortButton } from './DataTable'
export type { DataTableProps } from './DataTable'
export { RowActions, RowAction, RowMenu, EditRowAction, DeleteRowAction, COMPACT_ACTIONS, useActionTitles } from './RowActions'
export { ListPagination, Pagination } from './Pagination'
