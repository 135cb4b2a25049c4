/**
 * Query options of a resource's lists, under the resource's keys (`queryKeys` in ./resource): the
 * hooks (`useListPage`, `useList`) and route loaders use the same ones, so a loader's prefetch is
 * what the screen reads.
 *
 *   ...preloadBySearch(listSearch, (search) => [listPageQueryOptions(roleResource, search)]),
 */
import { queryOptions } from '@tanstack/react-query'
import type { Page } from '@/contract'
import { http } from '@/lib/http'
import { queryKeys, type ResourcePaths } from './resource'
import { toListParams, toQuery, type ListSearch } from './search'

/** What the list queries need of a resource. */
export interface ListResource {
  key: string
  paths: Pick<ResourcePaths, 'listPage' | 'list'>
}

/** One page of records: GET listPage with pageIndex/pageSize/sortBy/desc and the filters of the list search (a route's
 * `validateSearch: listSearch` gives it) plus `extra`. */
export function listPageQueryOptions<T>(
  resource: Pick<ListResource, 'key'> & { paths: Pick<ResourcePaths, 'listPage'> },
  search: ListSearch,
  extra?: Record<string, string>,
) {
  const query = { ...toQuery(toListParams(search)), ...extra }
  return queryOptions({
    queryKey: queryKeys.listPage(resource, query),
    queryFn: ({ signal }) => http.get<Page<T>>(resource.paths.listPage, query, { signal, silent: true }),
  })
}

/** All records (GET list), e.g. options of a select or a tree. */
export function listQueryOptions<T>(
  resource: Pick<ListResource, 'key'> & { paths: Pick<ResourcePaths, 'list'> },
  params: Record<string, string | number | boolean> = {},
) {
  return queryOptions({
    queryKey: queryKeys.list(resource, params),
    queryFn: ({ signal }) => http.get<T[]>(resource.paths.list, params, { signal, silent: true }),
  })
}
