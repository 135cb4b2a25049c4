/**
 * The CRUD machinery every list screen reuses. A screen declares its resource, columns, filters
 * and form fields (its form code from ./forms, loaded with the dialogs); the rest (URL search, paging, sorting, selection, column settings, export,
 * add/edit dialog with validation and server errors, delete with confirmation) is here.
 */
export {
  listSearch,
  parseListSearch,
  serializeListSearch,
  toListParams,
  toQuery,
  withFilters,
  withPage,
  withSort,
  filtersOf,
  PAGE_SIZES,
  DEFAULT_PAGE_SIZE,
} from './search'
export type { ListSearch, ListParams } from './search'
export { defineResource, queryKeys } from './resource'
export { listPageQueryOptions, listQueryOptions } from './queries'
export type { ListResource } from './queries'
export type { Resource, ResourceDef, ResourcePaths, ResourceSchemas, FormValues, SubList } from './resource'
export { useListPage, useList, useSave, useSaveSubList, useDelete, useListSearch, invalidateResource, FORM_HANDLED_CODES } from './hooks'
export type { SaveInput } from './hooks'
export { FormDialog } from './FormDialog'
export { FormPending, LazyDeclaredFields, lazyDialog, lazyForm } from './lazyParts'
// the form machinery (useResourceForm, FormField, DeclaredFields, FormList, ActionDialog…) is ./forms: loaded with the dialogs
export type { DeclaredFieldProps, DeclaredFieldsProps } from './DeclaredField'
export { declaredColumns, declaredFilters, useTranslate, type OptionSources } from './declared'
export type { ResourceForm, UseResourceFormOptions, FormDialogProps, FieldFrameProps, FormFieldProps, FieldKind, FieldOption } from './form'
export { ListPage } from './ListPage'
export { PanelList, type PanelListProps } from './PanelList'
export {
  BulkActions,
  ColumnSettings,
  DataTable,
  DeleteRowAction,
  DeleteSelectedButton,
  EditRowAction,
  EmptyState,
  ExportCsvButton,
  FilterBar,
  ListFilters,
  ListPagination,
  ListToolbar,
  Pagination,
  RefreshButton,
  RowAction,
  RowActions,
  RowCheckbox,
  RowMenu,
  ToolbarEnd,
  plainCell,
  numberColumn,
  textColumn,
  timeColumn,
  useColumnVisibility,
  useListState,
} from './list'
export type { ColumnVisibility, DataTableProps, ListState, RowSelection } from './list'
// VirtualTable (with @tanstack/react-virtual) is imported from '@/lib/crud/VirtualTable' by the one
// screen that has one: through this index every list screen's chunk carried it (10 KiB gzip)
export type { FormListProps } from './FormList'
export { pageWindow } from './pageWindow'
export type { ListPageProps, ListColumn, FilterField } from './ListPage'
export { confirm, confirmDelete } from './confirm'
// ConfirmHost is not here: confirm() loads it with its dialog on first use (./confirm); from here every list would load both
export { useRefusableSubmit } from './useRefusableSubmit'
export { useEditorSave } from './editor'
export type { ActionDialogProps, ActionForm, UseActionFormOptions } from './ActionDialog'
export type { ConfirmOptions } from './confirm'
export { applyRefusal, onlyFields, errorText, mapServerErrors, normalizeFieldPath, isApiError } from './errors'
export type { ApiErrorLike, MappedErrors, RefusableForm, RefusalOptions } from './errors'
export { toCsv, csvCell, csvFileName, downloadText } from './export'
export { loadVisibility, saveVisibility } from './columns'
export { formatDateTime, enumOptions, todayDate } from './format'
