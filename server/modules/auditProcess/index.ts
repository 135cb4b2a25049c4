/**
 * The user audit run as a process (issue 29): a workflow model whose menu (所属菜单) is 用户审核
 * (/admin/user-audit), published and in use, is the audit process — of several, the version deployed
 * last (workflow's boundVersion). This module is the glue between the people module, which owns the
 * records under review, and the workflow module, which the people module may not import (workflow's
 * executors read the department heads there): it answers the people module's port (auditProcessPort.ts)
 * and registers the workflow module's end hook (outcomes.ts) for the business type `userAudit`.
 *
 *   - a record goes under review (a registration, an account registered through an invitation, a profile
 *     completed through an invitation): with a process bound and none running for it, an instance starts
 *     in the same transaction — on the system's behalf (the registrant is no user of the model's use
 *     scope), starter = the record's account (a profile's record without one: the invitation's author),
 *     business key = the record's id, title 用户审核：<name>; a refused start refuses the submission;
 *   - the instance ends approved (its end event reached) → the record is approved and its pending account
 *     becomes normal (taking a place: beyond the unit's account limit the task's 同意 is refused, 20021,
 *     and nothing of it is kept); rejected (驳回) → the record is rejected with the comment as its reason
 *     and the account becomes rejected; both by the account whose task ended it. Withdrawn or cancelled:
 *     the record stays pending and is decided on 用户审核 as without a process;
 *   - while it runs, 用户审核 shows where it waits and refuses a direct decision (20021).
 * No model bound: nothing starts, and the audit works as it always did.
 */
import type { Db } from '../../db/client'
import { accountsByIds, type Actor } from '../account'
import { menuIdsOfAction } from '../menu'
import { AUDIT_MENU, decideByProcess, setAuditProcess, type RecordUnderReview } from '../people'
import { boundVersion, onInstanceEnd, runningInstances, startSystemProcess, type EndedInstance } from '../workflow'

/** The business type of an audit instance (its business key: the staff record's id). */
export const AUDIT_BUSINESS_TYPE = 'userAudit'

async function underReview(db: Db, record: RecordUnderReview): Promise<void> {
  const bound = await boundVersion(db, await menuIdsOfAction(db, AUDIT_MENU))
  if (!bound) return
  // one still running (a profile submitted again while its process waits) goes on and decides this submission
  if ((await runningInstances(db, AUDIT_BUSINESS_TYPE, [record.userId])).size) return
  const starter = record.accountId ?? record.requestedBy ?? null
  if (!starter) return
  await startSystemProcess(db, {
    modelHistoryId: bound.modelHistoryId,
    starterAccountId: starter,
    starterOrganizationId: record.organizationId,
    businessType: AUDIT_BUSINESS_TYPE,
    businessKey: record.userId,
    title: `用户审核：${record.name}`,
    // what a condition of the model may read
    variables: { submitKind: record.submitKind, organizationId: record.organizationId },
  })
}

/** The account whose command ended the instance, as the author of the review (null: the gateway itself). */
async function reviewerOf(db: Db, accountId: string | null): Promise<Actor> {
  const [acc] = accountId ? await accountsByIds(db, [accountId]) : []
  return { accountId: acc?.accountId ?? null, accountName: acc?.accountName ?? null }
}

async function ended(tx: Db, inst: EndedInstance): Promise<void> {
  if (!inst.businessKey || (inst.status !== 'approved' && inst.status !== 'rejected')) return
  const approved = inst.status === 'approved'
  await decideByProcess(
    tx,
    inst.businessKey,
    await reviewerOf(tx, inst.by),
    approved ? 'approve' : 'reject',
    approved ? null : inst.comment,
  )
}

/** At start: the people module's audit process port, and the workflow module's hook for ended audit instances. */
export function setAuditProcessPorts(): void {
  setAuditProcess({
    underReview,
    running: (db, userIds) => runningInstances(db, AUDIT_BUSINESS_TYPE, userIds),
  })
  onInstanceEnd(AUDIT_BUSINESS_TYPE, ended)
}
