/** Query keys and options of terminal authorisation, the one place they are written. */
import { queryOptions } from '@tanstack/react-query'
import { resourcePaths } from '@/contract'
import { TERMINAL_PATHS, type Terminal, type TerminalStatistics } from '@/contract/schemas/terminal'
import { listPageQueryOptions } from '@/lib/crud/queries'
import type { ListSearch } from '@/lib/crud/search'
import { http } from '@/lib/http'

const terminalList = { key: 'terminal', paths: resourcePaths('terminal') }

export const terminalKeys = {
  all: () => [terminalList.key] as const,
  statistics: () => [terminalList.key, 'statistics'] as const,
}

/** The terminal list page (/admin/terminal-authentication) for a list search. */
export const terminalListPageQueryOptions = (search: ListSearch) => listPageQueryOptions<Terminal>(terminalList, search)

/** Online now, authorised, expiring, applications per day; refreshed every 30 s (online is derived from heartbeats). */
export const terminalStatisticsQueryOptions = () =>
  queryOptions({
    queryKey: terminalKeys.statistics(),
    queryFn: () => http.get<TerminalStatistics>(TERMINAL_PATHS.statistics),
    refetchInterval: 30_000,
  })
