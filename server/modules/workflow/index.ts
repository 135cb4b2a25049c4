/**
 * The workflow module's public surface: its routes (models and their deployed versions, instances and
 * tasks, workflow roles and their accounts) and the one
 * interface in front of the BPMN engine, WorkflowRuntime (start, approve, reject, return, withdraw,
 * delegate, transfer, cc; timers as jobs), for the areas that will run processes; what an area that runs
 * its records through a process uses: the process bound to its menu, a start on the system's behalf,
 * where its records' instances wait, and the hook that decides a record when its instance ends.
 */
import { setResourceKind } from '../roleAuth'
import { modelRecords } from './models'

export { existingWfRoleIds, wfRoleIdsOfAccount } from './members'
export { onInstanceEnd, type EndedInstance, type InstanceEndHook } from './outcomes'
export {
  boundVersion,
  currentNodeIds,
  modelKeyPublished,
  runningInstances,
  startProcess,
  startSystemProcess,
  type RunningInstance,
} from './start'
export { registerWorkflowRoutes } from './routes'
export { TIMER_JOB, WorkflowRuntime, type StartInput } from './runtime'

/** Its models are records role authorisation grants (which roles may start which). */
export function setWorkflowPorts(): void {
  setResourceKind('wfModel', modelRecords)
}
