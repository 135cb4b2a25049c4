/**
 * Query keys and options of 流程查询 (/admin/workflow-query), the one place they are written: my tasks
 * (wfTask/todoPage), the ones I handled (donePage), the instances I started (wfInstance/myPage), what
 * was copied to me (wfCc/myPage), every instance within the data scope (wfInstance/listPage), an
 * instance's detail, a task's return targets and the published versions one may start. Every key
 * starts with 'wfRun': a verb refetches them all (`invalidateRuns`).
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import type { SearchableOption } from '@/components/ui/searchable-select'
import type {
  WfAccountOption,
  WfCcRow,
  WfInstanceDetail,
  WfInstanceRow,
  WfReturnTarget,
  WfStartableVersion,
  WfTaskRow,
} from '@/contract/schemas/workflow'
import { WORKFLOW_API } from '@/contract/workflowApi'
import { listPageQueryOptions } from '@/lib/crud/queries'
import type { ListSearch } from '@/lib/crud/search'
import { http } from '@/lib/http'

const RUN = 'wfRun'

/** The lists of the screen: the list machinery's key (also its column settings' key) and its page call. */
export const RUN_LISTS = {
  todo: { key: `${RUN}Todo`, path: WORKFLOW_API.task.todoPage },
  done: { key: `${RUN}Done`, path: WORKFLOW_API.task.donePage },
  started: { key: `${RUN}Started`, path: WORKFLOW_API.instance.myPage },
  cc: { key: `${RUN}Cc`, path: WORKFLOW_API.cc.myPage },
  all: { key: `${RUN}All`, path: WORKFLOW_API.instance.listPage },
} as const
export type RunList = keyof typeof RUN_LISTS

/** The calls of one list as the list machinery names them (it lists only: nothing is added, edited or deleted here). */
export const runPaths = (list: RunList) => {
  const p = RUN_LISTS[list].path
  return { listPage: p, list: p, add: p, update: p, delete: p }
}

export const runKeys = {
  detail: (instanceId: string) => [RUN, 'detail', instanceId] as const,
  returnTargets: (taskId: string) => [RUN, 'returnTargets', taskId] as const,
  startable: () => [RUN, 'startable'] as const,
  accounts: () => [RUN, 'accounts'] as const,
}

/** My tasks (the first tab, its search the URL's): what the route's loader prefetches. */
export const todoListPageQueryOptions = (search: ListSearch) =>
  listPageQueryOptions<WfTaskRow>({ key: RUN_LISTS.todo.key, paths: runPaths('todo') }, search)

export const instanceDetailQueryOptions = (instanceId: string) =>
  queryOptions({
    queryKey: runKeys.detail(instanceId),
    queryFn: ({ signal }) => http.get<WfInstanceDetail>(WORKFLOW_API.instance.detail, { instanceId }, { signal, silent: true }),
  })

export const returnTargetsQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: runKeys.returnTargets(taskId),
    queryFn: ({ signal }) => http.get<WfReturnTarget[]>(WORKFLOW_API.task.returnTargets, { taskId }, { signal, silent: true }),
  })

/** The published versions in use the caller may start (their use scope names it), with their start forms. */
export const startableQueryOptions = () =>
  queryOptions({
    queryKey: runKeys.startable(),
    queryFn: ({ signal }) => http.get<WfStartableVersion[]>(WORKFLOW_API.instance.startable, undefined, { signal }),
    staleTime: 30_000,
  })

/** Accounts a task may be delegated, transferred or copied to, as a picker's options (the caller's data scope). */
export function useAccountOptions(): SearchableOption[] {
  const accounts = useQuery({
    queryKey: runKeys.accounts(),
    queryFn: ({ signal }) => http.get<WfAccountOption[]>(WORKFLOW_API.task.accountOptions, undefined, { signal }),
    staleTime: 60_000,
  })
  return (accounts.data ?? []).map((a) => {
    const text = a.userName ? `${a.userName}（${a.accountName}）` : a.accountName
    return { value: a.accountId, label: text, text }
  })
}

/** After a start or a verb: every list of the screen and every open detail. */
export const invalidateRuns = (qc: QueryClient) =>
  qc.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(RUN) })

export type { WfCcRow, WfInstanceRow, WfTaskRow }
