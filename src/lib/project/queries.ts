/** The caller's projects (GET project/listVisible): for route loaders, without the picker's components. */
import { queryOptions } from '@tanstack/react-query'
import { PROJECT_API, type ProjectOption } from '@/contract/schemas/project'
import { http } from '@/lib/http'

/** Starts with 'project': a change of a project (its resource key) refetches the choices. */
export const projectOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['project', 'listVisible'] as const,
    queryFn: ({ signal }) => http.get<ProjectOption[]>(PROJECT_API.project.listVisible, undefined, { signal }),
    staleTime: 60_000,
  })
