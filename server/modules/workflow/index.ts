/**
 * The workflow module's public surface: its routes (models and their deployed versions, instances and
 * tasks, workflow roles and their accounts) and the one
 * interface in front of the BPMN engine, WorkflowRuntime (start, approve, reject, return, withdraw,
 * delegate, transfer, cc; timers as jobs), for the areas that will run processes.
 */
import { setResourceKind } from '../roleAuth'
import { modelRecords } from './models'

export { existingWfRoleIds, wfRoleIdsOfAccount } from './members'
export { currentNodeIds, modelKeyPublished, startProcess } from './start'
export { registerWorkflowRoutes } from './routes'
export { TIMER_JOB, WorkflowRuntime, type StartInput } from './runtime'

/** Its models are records role authorisation grants (which roles may start which). */
export function setWorkflowPorts(): void {
  setResourceKind('wfModel', modelRecords)
}
