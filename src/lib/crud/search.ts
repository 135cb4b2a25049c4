/**
 * List-page URL search params: paging, sorting and string filters live in the URL, so back,
 * forward and reload keep them. Routes use `validateSearch: listSearch`; defaults are not
 * written to the URL (a fresh list is just `/admin/role-manage`).
 */
export const PAGE_SIZES = [10, 20, 50, 100] as const
export const DEFAULT_PAGE_SIZE = 20

/** The page sizes a list offers: the usual ones, and the one it shows when that is another (a list's own default). */
export const pageSizes = (current: number): number[] => [...new Set([...PAGE_SIZES, current])].sort((a, b) => a - b)

/** Parsed search: paging and sorting, plus any number of string filters. */
export interface ListSearch {
  pageIndex?: number
  pageSize?: number
  sortBy?: string
  desc?: boolean
  [filter: string]: string | number | boolean | undefined
}

/** What a list page sends to `listPage`: paging always present, filters non-empty strings. */
export interface ListParams {
  pageIndex: number
  pageSize: number
  sortBy?: string
  desc?: boolean
  filters: Record<string, string>
}

const RESERVED = new Set(['pageIndex', 'pageSize', 'sortBy', 'desc'])
const FIELD = /^[A-Za-z][A-Za-z0-9]*$/

function toInt(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN
  return Number.isInteger(n) ? n : undefined
}

/**
 * Reads raw search params (strings, or the numbers and booleans TanStack Router's JSON parsing
 * produces) into a clean `ListSearch`. Never throws: invalid values are dropped.
 */
export function parseListSearch(raw: Record<string, unknown>): ListSearch {
  const out: ListSearch = {}
  const pageIndex = toInt(raw.pageIndex)
  if (pageIndex !== undefined && pageIndex > 1) out.pageIndex = pageIndex
  const pageSize = toInt(raw.pageSize)
  if (pageSize !== undefined && pageSize !== DEFAULT_PAGE_SIZE && (PAGE_SIZES as readonly number[]).includes(pageSize))
    out.pageSize = pageSize
  if (typeof raw.sortBy === 'string' && FIELD.test(raw.sortBy)) {
    out.sortBy = raw.sortBy
    if (raw.desc === true || raw.desc === 'true') out.desc = true
    else if (raw.desc === false || raw.desc === 'false') out.desc = false
  }
  for (const [key, value] of Object.entries(raw)) {
    if (RESERVED.has(key) || !FIELD.test(key)) continue
    const s = typeof value === 'string' ? value.trim() : typeof value === 'number' || typeof value === 'boolean' ? String(value) : ''
    if (s !== '' && s.length <= 200) out[key] = s
  }
  return out
}

/** `validateSearch` of list routes: a plain function (the router loads every route's with the entry, zod is not needed there). */
export const listSearch = (raw: Record<string, unknown>): ListSearch =>
  parseListSearch(raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {})

/** Paging, sorting and filters with defaults applied, ready for the request. */
export function toListParams(search: ListSearch): ListParams {
  const filters: Record<string, string> = {}
  for (const [key, value] of Object.entries(search)) {
    if (RESERVED.has(key) || value === undefined || value === '') continue
    filters[key] = String(value)
  }
  return {
    pageIndex: typeof search.pageIndex === 'number' && search.pageIndex >= 1 ? search.pageIndex : 1,
    pageSize: typeof search.pageSize === 'number' ? search.pageSize : DEFAULT_PAGE_SIZE,
    ...(search.sortBy ? { sortBy: search.sortBy, desc: search.desc === true } : {}),
    filters,
  }
}

/** The query string params of a `listPage` call. */
export function toQuery(params: ListParams): Record<string, string | number | boolean> {
  const q: Record<string, string | number | boolean> = { ...params.filters, pageIndex: params.pageIndex, pageSize: params.pageSize }
  if (params.sortBy) {
    q.sortBy = params.sortBy
    q.desc = params.desc === true
  }
  return q
}

/**
 * A filter value as written to the URL. TanStack Router JSON-parses each value, so `"1"` would be
 * written quoted (`status=%221%22`); numbers and booleans are written bare and read back as strings.
 */
function urlValue(v: string): string | number | boolean {
  if (v === 'true') return true
  if (v === 'false') return false
  if (/^-?(0|[1-9]\d{0,14})$/.test(v)) return Number(v)
  return v
}

/** The next URL search from a change: defaults and empty values are left out. */
export function serializeListSearch(search: ListSearch): Record<string, string | number | boolean> {
  const params = toListParams(search)
  const out: Record<string, string | number | boolean> = {}
  for (const [k, v] of Object.entries(params.filters)) out[k] = urlValue(v)
  if (params.pageIndex > 1) out.pageIndex = params.pageIndex
  if (params.pageSize !== DEFAULT_PAGE_SIZE) out.pageSize = params.pageSize
  if (params.sortBy) {
    out.sortBy = params.sortBy
    out.desc = params.desc === true
  }
  return out
}

/** New filters: replaces all filters, keeps page size and sorting, goes back to page 1. */
export function withFilters(search: ListSearch, filters: Record<string, string | undefined>): ListSearch {
  const next: ListSearch = { pageSize: search.pageSize, sortBy: search.sortBy, desc: search.desc }
  for (const [k, v] of Object.entries(filters)) {
    const s = v?.trim()
    if (s && !RESERVED.has(k)) next[k] = s
  }
  return next
}

/** The filters of a search, as strings. */
export function filtersOf(search: ListSearch): Record<string, string> {
  return toListParams(search).filters
}

/** Sorting cycles ascending → descending → none, and goes back to page 1. */
export function withSort(search: ListSearch, field: string): ListSearch {
  const { pageIndex: _p, sortBy, desc, ...rest } = search
  if (sortBy !== field) return { ...rest, sortBy: field, desc: false }
  if (!desc) return { ...rest, sortBy: field, desc: true }
  return rest
}

export function withPage(search: ListSearch, pageIndex: number, pageSize?: number): ListSearch {
  if (pageSize !== undefined && pageSize !== (search.pageSize ?? DEFAULT_PAGE_SIZE)) return { ...search, pageSize, pageIndex: 1 }
  return { ...search, pageIndex }
}
