/**
 * A task's 同意 / 驳回 / 退回 as the outbox carries it (DESIGN §4, issue 29 "field use"): made on a
 * tablet without a connection it is kept on the device, the 待办 row marked, and replayed — signed
 * afresh, its entry id the Idempotency-Key: once — when the gateway can be reached. A task someone
 * else handled meanwhile answers 20008 with the task as it is now (status, comment, who): the sync
 * centre shows mine beside theirs. A decision is not re-sent over another's (`final`): the only way
 * on is to take theirs, and the entry stays exportable until then — nothing is lost.
 */
import type { WfTaskStatus } from '@/contract/schemas/workflow'
import { WORKFLOW_API } from '@/contract/workflowApi'
import { t } from '@/lib/i18n'
import { defineOfflineEntity } from '@/lib/offline'
import { RUN_LISTS } from './queries'

export const TASK_ENTITY = 'wfTask'

/** The verbs that go through the outbox, and the status each leaves the task in. */
export const OFFLINE_VERBS = { approve: 'approved', reject: 'rejected', reset: 'returned' } as const satisfies Record<string, WfTaskStatus>
export type OfflineVerb = keyof typeof OFFLINE_VERBS

const PATHS: Record<OfflineVerb, string> = {
  approve: WORKFLOW_API.task.approve,
  reject: WORKFLOW_API.task.reject,
  reset: WORKFLOW_API.task.reset,
}

/** An entry's payload: the verb's body, and what the conflict screen compares it by. */
export interface TaskVerbPayload extends Record<string, unknown> {
  verb: OfflineVerb
  body: { taskId: string; comment?: string; targetActivityId?: string }
  values: { status: WfTaskStatus; comment: string; handledByName: string }
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v))

export const taskOffline = defineOfflineEntity({
  entity: TASK_ENTITY,
  label: 'routes./admin/workflow-query',
  idKey: 'taskId',
  invalidates: [...Object.values(RUN_LISTS).map((l) => [l.key]), ['wfRun']],
  final: true,
  fields: [
    { key: 'status', label: 'workflow.query.field.result', format: (v) => (v ? t(`workflow.query.taskStatus.${v as WfTaskStatus}`) : '') },
    { key: 'comment', label: 'workflow.query.field.comment', format: text },
    { key: 'handledByName', label: 'workflow.query.field.handledBy', format: text },
  ],
  titleOf: (d) => text(d.title),
  steps(entry) {
    const p = entry.payload as TaskVerbPayload
    return [{ method: 'post', path: PATHS[p.verb], body: p.body }]
  },
  // the 待办 row as it will be: marked until the gateway took it
  apply: (prev, entry) => ({ ...(prev ?? {}), taskId: entry.entityId, status: (entry.payload as TaskVerbPayload).values.status }),
})
