/** Query keys and options of the logs screen, the one place they are written. */
import { queryOptions } from '@tanstack/react-query'
import { LOG_KINDS, LOG_PATHS, type LogKind, type LogPage } from '@/contract/schemas/logs'
import type { ListSearch } from '@/lib/crud/search'
import { http } from '@/lib/http'
import { API } from '@/contract/paths'
import type { AccountHolder } from '@/contract/schemas/shell'

export const logKeys = {
  all: () => ['logs'] as const,
  page: (kind: LogKind, params: Record<string, string>, cursor: string | undefined) =>
    ['logs', kind, 'page', params, cursor ?? ''] as const,
  detail: (kind: LogKind, id: string) => ['logs', kind, 'detail', id] as const,
  holder: (accountName: string) => ['logs', 'holder', accountName.toLowerCase()] as const,
}

/** Time ranges offered (hours back from now); the gateway allows any range up to a year. */
export const RANGES = { '1h': 1, '24h': 24, '7d': 24 * 7, '30d': 24 * 30, '90d': 24 * 90 } as const
export type RangeKey = keyof typeof RANGES
export const DEFAULT_RANGE: RangeKey = '7d'

/** The log kind of the URL (`kind`, default login). */
export const kindOf = (search: ListSearch): LogKind =>
  (LOG_KINDS as readonly string[]).includes(String(search.kind)) ? (search.kind as LogKind) : 'login'

/**
 * The query of a search: its filters, and the time range — `from`/`to` when the URL has them
 * (a shared view), else the preset `range` counted back from now to the minute (stable within a
 * minute, so the key does not change on every render).
 */
export function logParams(search: ListSearch): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(search)) {
    if (['kind', 'range', 'pageIndex', 'pageSize', 'sortBy', 'desc'].includes(k) || v === undefined || v === '') continue
    out[k] = String(v)
  }
  if (!out.from && !out.to) {
    const hours = RANGES[(String(search.range) in RANGES ? search.range : DEFAULT_RANGE) as RangeKey]
    const to = new Date(Math.ceil(Date.now() / 60_000) * 60_000)
    out.to = to.toISOString()
    out.from = new Date(to.getTime() - hours * 3_600_000).toISOString()
  }
  out.pageSize = String(search.pageSize ?? 20)
  return out
}

export const logPageQueryOptions = <T>(kind: LogKind, params: Record<string, string>, cursor?: string) =>
  queryOptions({
    queryKey: logKeys.page(kind, params, cursor),
    queryFn: () => http.get<LogPage<T>>(LOG_PATHS.listPage(kind), cursor ? { ...params, cursor } : params),
  })

export const logDetailQueryOptions = <T>(kind: LogKind, id: string) =>
  queryOptions({ queryKey: logKeys.detail(kind, id), queryFn: () => http.get<T>(LOG_PATHS.detail(kind), { id }) })

/** Who holds an account and their unit (SPEC §7 helper call by accountNames), for a row's details. */
export const accountHolderQueryOptions = (accountName: string) =>
  queryOptions({
    queryKey: logKeys.holder(accountName),
    queryFn: async ({ signal }) =>
      (await http.get<AccountHolder[]>(API.portal.usersByAccountNames, { accountNames: accountName }, { signal, silent: true }))[0] ?? null,
    staleTime: 5 * 60_000,
  })

/** The first page of the URL's log, for the route loader. */
export const firstLogPageQueryOptions = (search: ListSearch) => logPageQueryOptions<unknown>(kindOf(search), logParams(search))
