/**
 * Query keys and options of the projects area, the one place they are written. Public (with
 * ./index.ts): other areas import `@/features/projects/queries` (e.g. 项目账号管理's project departments).
 */
import { queryOptions } from '@tanstack/react-query'
import { PROJECT_API } from '@/contract/projectApi'
import type { Project, ProjectDepartmentOption, ProjectOrg } from '@/contract/schemas/project'
import { listPageQueryOptions } from '@/lib/crud/queries'
import type { ListSearch } from '@/lib/crud/search'
import { http } from '@/lib/http'

/** Resource keys: a change of one refetches everything under it. */
export const projectKeys = {
  project: 'project',
  unit: 'projectUnit',
  line: 'line',
  major: 'engineeringMajor',
  org: 'projectOrg',
  dept: 'projectDepartment',
  one: (projectId: string) => ['project', 'get', projectId] as const,
  orgs: (projectId: string) => ['projectOrg', 'tree', projectId] as const,
  deptOptions: () => ['projectDepartment', 'options'] as const,
}

/** The project overview's list page for a list search. */
export const projectListPageQueryOptions = (search: ListSearch) =>
  listPageQueryOptions<Project>({ key: projectKeys.project, paths: PROJECT_API.project }, search)

export const projectQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: projectKeys.one(projectId),
    queryFn: ({ signal }) => http.get<Project>(PROJECT_API.project.get, { projectId }, { signal }),
  })

/** A project's organisations, each with its department tree (projectDepartmentNodeVOS). */
export const projectOrgsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: projectKeys.orgs(projectId),
    queryFn: ({ signal }) => http.get<ProjectOrg[]>(PROJECT_API.projectOrg.list, { projectId }, { signal }),
  })

/** Departments a registered account may be put in (项目账号管理's 项目部门). */
export const projectDepartmentOptionsQueryOptions = () =>
  queryOptions({
    queryKey: projectKeys.deptOptions(),
    queryFn: ({ signal }) =>
      http.get<ProjectDepartmentOption[]>(PROJECT_API.projectDepartment.listOptions, undefined, { signal, silent: true }),
    staleTime: 60_000,
  })
