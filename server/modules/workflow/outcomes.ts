/**
 * What other areas do when an instance of theirs ends (issue 29): an area that starts instances for its
 * records (`businessType` + `businessKey`, startSystemProcess) registers at start one hook per business
 * type, and the runtime calls it in the transaction of the command that ended the instance — the task's
 * 同意 or 驳回, a withdrawal, a timer — after the instance row is written. A hook that throws refuses that
 * command: nothing of it is kept (the task stays pending, the instance running).
 *
 * This is the workflow module's port the other way round: the workflow module imports no area that
 * decides its records (people/account import nothing of the workflow module's, and the area that glues
 * them — server/modules/auditProcess — registers here).
 */
import type { WfInstanceStatus } from '../../../src/contract/schemas/workflow'
import type { Db } from '../../db/client'

/** An instance that has just ended, as its hook sees it. */
export interface EndedInstance {
  instanceId: string
  businessType: string
  businessKey: string | null
  /** approved (its end event reached), rejected (驳回), withdrawn or cancelled. */
  status: Exclude<WfInstanceStatus, 'running'>
  /** The account whose command ended it (null: a timer, the gateway itself). */
  by: string | null
  /** That command's comment (a rejection's reason; an approval's opinion), if any. */
  comment: string | null
}

export type InstanceEndHook = (tx: Db, ended: EndedInstance) => Promise<void>

const hooks = new Map<string, InstanceEndHook>()

/** At start: `hook` runs when an instance of `businessType` ends (one hook per type). */
export function onInstanceEnd(businessType: string, hook: InstanceEndHook): void {
  if (hooks.has(businessType) && hooks.get(businessType) !== hook)
    throw new Error(`a hook for ended '${businessType}' instances is registered twice`)
  hooks.set(businessType, hook)
}

/** Calls the hook of the instance's business type, if it has one (inside the ending command's transaction). */
export async function instanceEnded(tx: Db, ended: EndedInstance): Promise<void> {
  await hooks.get(ended.businessType)?.(tx, ended)
}
