/**
 * Query keys and options of the workflow area, the one place they are written: the model list
 * (actReModel/list, paged), a model's detail, the deployed versions (wfModelHistory/listPagePublish
 * by versionType 1 published / 0 history). Every key starts with 'wfModel': a save, a deploy or a
 * stop refetches all of them.
 */
import { queryOptions } from '@tanstack/react-query'
import { resourcePaths } from '@/contract'
import type { Application, ApplicationMenu } from '@/contract/schemas/application'
import { WORKFLOW_API } from '@/contract/workflowApi'
import type {
  WfModelDetail,
  WfModelHistoryRow,
  WfModelRow,
  WfRoleAccountRow,
  WfRoleCandidate,
  WfRoleRow,
} from '@/contract/schemas/workflow'
import { listPageQueryOptions, listQueryOptions } from '@/lib/crud/queries'
import type { ListSearch } from '@/lib/crud/search'
import { http } from '@/lib/http'

const KEY = 'wfModel'
const HISTORY_KEY = 'wfModelHistory'
const ROLE_KEY = 'wfRole'
const ROLE_ACCOUNT_KEY = 'wfRoleAccount'

/** The list machinery's view of the calls: a model list page, a version list page (no delete call: nothing is deleted here). */
export const modelPaths = {
  listPage: WORKFLOW_API.model.list,
  list: WORKFLOW_API.model.list,
  add: WORKFLOW_API.model.add,
  update: WORKFLOW_API.model.update,
  delete: WORKFLOW_API.model.update,
}
export const historyPaths = {
  listPage: WORKFLOW_API.history.listPagePublish,
  list: WORKFLOW_API.history.listPublish,
  add: WORKFLOW_API.history.updateStatus,
  update: WORKFLOW_API.history.updateStatus,
  delete: WORKFLOW_API.history.updateStatus,
}

/** Workflow roles (/admin/process-role-management): the resource calls; their accounts: listed paged, added and removed in bulk. */
export const wfRolePaths = WORKFLOW_API.role
export const wfRoleAccountPaths = {
  listPage: WORKFLOW_API.roleAccount.list,
  list: WORKFLOW_API.roleAccount.list,
  add: WORKFLOW_API.roleAccount.add,
  update: WORKFLOW_API.roleAccount.add,
  delete: WORKFLOW_API.roleAccount.delete,
}

export const wfKeys = {
  all: () => [KEY] as const,
  /** The deployed versions (the version lists' resource key). */
  history: () => [HISTORY_KEY] as const,
  detail: (modelId: string) => [KEY, 'detail', modelId] as const,
  wfRoles: () => [KEY, 'wfRoles'] as const,
  /** The workflow role list (its resource key); a role's accounts (theirs). */
  roles: () => [ROLE_KEY] as const,
  roleAccounts: () => [ROLE_ACCOUNT_KEY] as const,
}

/** The model list page (/admin/process-model-management) for a list search. */
export const modelListPageQueryOptions = (search: ListSearch) => listPageQueryOptions<WfModelRow>({ key: KEY, paths: modelPaths }, search)

export const modelDetailQueryOptions = (modelId: string) =>
  queryOptions({
    queryKey: wfKeys.detail(modelId),
    queryFn: ({ signal }) => http.get<WfModelDetail>(WORKFLOW_API.model.detail, { modelId }, { signal }),
    gcTime: 0,
  })

/** The workflow role list page (/admin/process-role-management) for a list search. */
export const wfRoleListPageQueryOptions = (search: ListSearch) =>
  listPageQueryOptions<WfRoleRow>({ key: ROLE_KEY, paths: wfRolePaths }, search)

/** Accounts the caller may add to a workflow role (in its scope, not yet members). */
export const wfRoleCandidatesQueryOptions = (wfRoleId: string, keyword: string) =>
  queryOptions({
    queryKey: [...wfKeys.roleAccounts(), 'candidates', wfRoleId, keyword] as const,
    queryFn: ({ signal }) =>
      http.get<WfRoleCandidate[]>(WORKFLOW_API.roleAccount.candidates, { wfRoleId, ...(keyword ? { keyword } : {}) }, { signal }),
  })

/** Applications and the menus of one, to file a model under (under their own keys: their changes refetch these). */
export const applicationOptionsQueryOptions = () =>
  queryOptions({ ...listQueryOptions<Application>({ key: 'application', paths: resourcePaths('application') }), staleTime: 60_000 })
export const menuOptionsQueryOptions = (applicationId: string) =>
  queryOptions({
    ...listQueryOptions<ApplicationMenu>({ key: 'applicationMenu', paths: resourcePaths('applicationMenu') }, { applicationId }),
    staleTime: 60_000,
  })

/** The workflow roles (wfRole/list) a config may name. */
export const wfRoleOptionsQueryOptions = () =>
  queryOptions({
    queryKey: wfKeys.wfRoles(),
    queryFn: ({ signal }) => http.get<WfRoleRow[]>(WORKFLOW_API.role.list, undefined, { signal }),
    staleTime: 60_000,
  })

export type { WfModelHistoryRow, WfRoleAccountRow, WfRoleRow }
