/**
 * The one review decision of an account under review (issue 10 #1), made in 账号 (generalAccount/audit,
 * account/routes.ts) or in 用户审核 (userAudit/audit, people/audit.ts): the same choices and the same
 * effects wherever it happens.
 *   - the accounts move along the state machine (approve: pending → normal, taking a place; reject:
 *     pending → rejected), with an account_change row by the reviewer (state.ts applyTransition);
 *   - approving gives the chosen roles (the granting rule of roles.ts), recorded as a 'roles' change:
 *     an account without a role cannot sign in (auth/routes.ts getAccessToken says so);
 *   - the staff records under review (`people`) are decided with the same reason.
 * The reviewer is the signed-in caller, or (the user audit run as a process, issue 29) the account whose
 * task ended the process — an Actor, who gives no roles (null: the gateway itself, a timer).
 */
import type { ReviewDecision } from '../../../src/contract/schemas/common'
import type { Db } from '../../db/client'
import type { AuthContext } from '../../types'
import { decideStaffRecords, type ReviewedStaff } from './personPort'
import { checkGrantableRoles, giveRoles, roleNamesOf } from './roles'
import { actorOf, applyTransition, fieldChanges, recordChanges, type Actor, type TransitionRow } from './state'

const isSignedIn = (r: AuthContext | Actor): r is AuthContext => 'account' in r

export async function applyReview(
  tx: Db,
  reviewer: AuthContext | Actor,
  now: Date,
  /** The caller's visible units (null: all), for the roles they may give. */
  scope: string[] | null,
  accounts: TransitionRow[],
  /** Which staff records leave the review with this decision. */
  people: ReviewedStaff | undefined,
  input: Pick<ReviewDecision, 'decision' | 'reason' | 'roleIds'>,
): Promise<void> {
  const approve = input.decision === 'approve'
  const reason = input.reason ?? null
  const by = isSignedIn(reviewer) ? actorOf(reviewer) : reviewer
  await applyTransition(tx, accounts, approve ? 'approve' : 'reject', by, now, { remark: reason })
  const roleIds = approve ? [...new Set(input.roleIds ?? [])] : []
  if (roleIds.length && accounts.length) {
    // roles are given by a signed-in reviewer only, under the granting rule of what they hold
    if (!isSignedIn(reviewer)) throw new Error('a review without a signed-in reviewer gives no roles')
    await checkGrantableRoles(tx, reviewer, scope, roleIds)
    await giveRoles(
      tx,
      accounts.map((a) => a.accountId),
      roleIds,
    )
    const names = await roleNamesOf(tx, roleIds)
    await recordChanges(
      tx,
      fieldChanges(accounts, 'roles', () => null, names),
      by,
      now,
    )
  }
  if (!people) return
  await decideStaffRecords(tx, people, { approve, reason, by: by.accountId, byName: by.accountName, now })
}
