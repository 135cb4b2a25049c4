/**
 * The workflow area's paths, in a module of their own: endpoints.ts is in the entry, and a path table
 * only the workflow screens and the gateway use would stay there once a lazy screen imports it.
 */
import { ADMIN } from './paths'

/**
 * The workflow area (SPEC §7 "Workflow"; contract/schemas/workflow.ts): models and their deployed
 * versions, process instances and their tasks, workflow roles and their accounts.
 */
export const WORKFLOW_API = {
  model: {
    list: `${ADMIN}/actReModel/list`,
    add: `${ADMIN}/actReModel/add`,
    update: `${ADMIN}/actReModel/update`,
    detail: `${ADMIN}/actReModel/detail`,
    deploy: `${ADMIN}/actReModel/deploymentModel`,
  },
  history: {
    listPublish: `${ADMIN}/wfModelHistory/listPublish`,
    listPagePublish: `${ADMIN}/wfModelHistory/listPagePublish`,
    updateStatus: `${ADMIN}/wfModelHistory/updateStatus`,
  },
  instance: {
    start: `${ADMIN}/wfInstance/start`,
    /** The published versions in use the caller may start (their use scope names it). */
    startable: `${ADMIN}/wfInstance/startable`,
    listPage: `${ADMIN}/wfInstance/listPage`,
    myPage: `${ADMIN}/wfInstance/myPage`,
    detail: `${ADMIN}/wfInstance/detail`,
    withdraw: `${ADMIN}/wfInstance/withdraw`,
  },
  task: {
    todoPage: `${ADMIN}/wfTask/todoPage`,
    /** Accounts a task may be delegated, transferred or copied to: active ones in the caller's data scope. */
    accountOptions: `${ADMIN}/wfTask/accountOptions`,
    donePage: `${ADMIN}/wfTask/donePage`,
    approve: `${ADMIN}/wfTask/approve`,
    reject: `${ADMIN}/wfTask/reject`,
    returnTargets: `${ADMIN}/wfTask/returnList`,
    reset: `${ADMIN}/wfTask/reset`,
    delegate: `${ADMIN}/wfTask/delegate`,
    transfer: `${ADMIN}/wfTask/transfer`,
    cc: `${ADMIN}/wfTask/cc`,
  },
  cc: { myPage: `${ADMIN}/wfCc/myPage` },
  role: {
    listPage: `${ADMIN}/wfRole/listPage`,
    list: `${ADMIN}/wfRole/list`,
    add: `${ADMIN}/wfRole/add`,
    update: `${ADMIN}/wfRole/update`,
    delete: `${ADMIN}/wfRole/delete`,
  },
  roleAccount: {
    /** Accounts the caller may add: within its data scope, not yet members (50 at most, by keyword). */
    candidates: `${ADMIN}/wfRoleAccount/listCandidates`,
    list: `${ADMIN}/wfRoleAccount/list`,
    add: `${ADMIN}/wfRoleAccount/add`,
    delete: `${ADMIN}/wfRoleAccount/delete`,
  },
} as const
