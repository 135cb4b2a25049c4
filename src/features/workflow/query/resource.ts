import type { WfCcRow, WfInstanceRow, WfTaskRow } from '@/contract/schemas/workflow'
import { defineResource } from '@/lib/crud'
import { taskOffline } from './offline'
import { RUN_LISTS, runPaths, type RunList } from './queries'

/**
 * The lists of 流程查询 for the list machinery: they list only (no add, edit or delete here; the start
 * and the verbs are their own dialogs), so they declare no schemas.
 */
const runResource = <T extends object>(list: RunList, idKey: keyof T & string) =>
  defineResource<T>({ key: RUN_LISTS[list].key, paths: runPaths(list), idKey })

/** 待办: a task decided without a connection stays listed, marked, until the outbox has sent it. */
export const todoResource = defineResource<WfTaskRow>({
  key: RUN_LISTS.todo.key,
  paths: runPaths('todo'),
  idKey: 'taskId',
  offline: { entity: taskOffline, belongs: () => false },
})
export const doneResource = runResource<WfTaskRow>('done', 'taskId')
export const startedResource = runResource<WfInstanceRow>('started', 'instanceId')
export const ccResource = runResource<WfCcRow>('cc', 'ccId')
export const allResource = runResource<WfInstanceRow>('all', 'instanceId')
