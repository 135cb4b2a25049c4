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
import type { WfModelDetail, WfModelHistoryRow, WfModelRow, WfRoleRow } from '@/contract/schemas/workflow'
import { listPageQueryOptions, listQueryOptions } from '@/lib/crud/queries'
import type { ListSearch } from '@/lib/crud/search'
import { http } from '@/lib/http'

const KEY = 'wfModel'
const HISTORY_KEY = 'wfModelHistory'

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

export const wfKeys = {
  all: () => [KEY] as const,
  /** The deployed versions (the version lists' resource key). */
  history: () => [HISTORY_KEY] as const,
  detail: (modelId: string) => [KEY, 'detail', modelId] as const,
  wfRoles: () => [KEY, 'wfRoles'] as const,
}

/** The model list page (/admin/process-model-management) for a list search. */
export const modelListPageQueryOptions = (search: ListSearch) => listPageQueryOptions<WfModelRow>({ key: KEY, paths: modelPaths }, search)

export const modelDetailQueryOptions = (modelId: string) =>
  queryOptions({
    queryKey: wfKeys.detail(modelId),
    queryFn: ({ signal }) => http.get<WfModelDetail>(WORKFLOW_API.model.detail, { modelId }, { signal }),
    gcTime: 0,
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

export type { WfModelHistoryRow }
