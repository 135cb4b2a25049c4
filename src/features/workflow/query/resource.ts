import { wfStartBody, type WfCcRow, type WfInstanceRow, type WfTaskRow } from '@/contract/schemas/workflow'
import { defineResource } from '@/lib/crud'
import { RUN_LISTS, runPaths } from './queries'

/**
 * The lists of 流程查询 for the list machinery: they list only (no add, edit or delete here; the start
 * and the verbs are their own dialogs), so the schemas are never used to save.
 */
const listOnly = { addSchema: wfStartBody, updateSchema: wfStartBody }

export const todoResource = defineResource<WfTaskRow>({ key: RUN_LISTS.todo.key, paths: runPaths('todo'), idKey: 'taskId', ...listOnly })
export const doneResource = defineResource<WfTaskRow>({ key: RUN_LISTS.done.key, paths: runPaths('done'), idKey: 'taskId', ...listOnly })
export const startedResource = defineResource<WfInstanceRow>({
  key: RUN_LISTS.started.key,
  paths: runPaths('started'),
  idKey: 'instanceId',
  ...listOnly,
})
export const ccResource = defineResource<WfCcRow>({ key: RUN_LISTS.cc.key, paths: runPaths('cc'), idKey: 'ccId', ...listOnly })
export const allResource = defineResource<WfInstanceRow>({
  key: RUN_LISTS.all.key,
  paths: runPaths('all'),
  idKey: 'instanceId',
  ...listOnly,
})
