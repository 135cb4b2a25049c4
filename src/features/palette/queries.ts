/** The palette's record search (GET search, server/modules/search): cached per text like any read, so what was found stays findable offline. */
import { queryOptions } from '@tanstack/react-query'
import { SEARCH_PATH, type SearchHit } from '@/contract/schemas/search'
import { http } from '@/lib/http'

export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['search', q],
    queryFn: ({ signal }) => http.get<SearchHit[]>(SEARCH_PATH, { q, limit: 5 }, { signal, silent: true }),
    staleTime: 30_000,
    enabled: q.length > 0,
  })
