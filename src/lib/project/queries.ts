/** The caller's projects (GET project/listVisible): for route loaders, without the picker's components. */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { redirect } from '@tanstack/react-router'
import { PROJECT_API } from '@/contract/projectApi'
import type { ProjectOption } from '@/contract/schemas/project'
import { listPageQueryOptions } from '@/lib/crud/queries'
import type { ListSearch } from '@/lib/crud/search'
import { http } from '@/lib/http'
import { preloadAll, type RoutePreload } from '@/lib/query'

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

/**
 * The loader of a route listing one project's records at a time: what projectListPreloads names, and
 * a URL without a project goes on to the caller's first project before the screen is drawn — drawn
 * once, with its rows, instead of drawn, then moved by useProjectSearch (a navigation and a second
 * render of the whole page at its start). When the projects come only later (the gateway slow, no
 * copy on the tablet), useProjectSearch still takes the first one.
 */
export async function loadOneProjectList(
  {
    context,
    deps: search,
    location,
    preload,
  }: { context: { queryClient: QueryClient }; deps: ListSearch; location: { pathname: string }; preload: boolean },
  resource: Parameters<typeof listPageQueryOptions>[0],
): Promise<void> {
  await preloadAll(context, projectListPreloads(resource, search))
  if (preload || typeof search.projectId === 'string') return
  const first = context.queryClient.getQueryData(projectOptionsQueryOptions().queryKey)?.[0]?.projectId
  // (as useProjectSearch's navigation: the other filters kept, the history entry replaced)
  if (first) throw redirect({ to: location.pathname, search: { ...search, projectId: first } as never, replace: true })
}
