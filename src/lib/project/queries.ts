/** The caller's projects (GET project/listVisible): for route loaders, without the picker's components. */
import { queryOptions } from '@tanstack/react-query'
import { PROJECT_API } from '@/contract/projectApi'
import type { ProjectOption } from '@/contract/schemas/project'
import { listPageQueryOptions } from '@/lib/crud/queries'
import type { ListSearch } from '@/lib/crud/search'
import { http } from '@/lib/http'
import type { RoutePreload } from '@/lib/query'

/** Starts with 'project': a change of a project (its resource key) refetches the choices. */
export const projectOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['project', 'listVisible'] as const,
    queryFn: ({ signal }) => http.get<ProjectOption[]>(PROJECT_API.project.listVisible, undefined, { signal }),
    staleTime: 60_000,
  })

/** What the route of a project's list preloads: the picker's projects, and the list once a project is picked (URL search `projectId`). */
export const projectListPreloads = (resource: Parameters<typeof listPageQueryOptions>[0], search: ListSearch): RoutePreload[] => [
  projectOptionsQueryOptions(),
  typeof search.projectId === 'string' && listPageQueryOptions(resource, search),
]
