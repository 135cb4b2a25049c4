/** What other modules ask of the workflow roles: the ones an account belongs to, and which exist (a tabulation rule's subject). */
import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { wfRole, wfRoleAccount } from '../../db/schema'

/** The ids of the workflow roles the account is a member of. */
export async function wfRoleIdsOfAccount(db: Db, accountId: string): Promise<string[]> {
  const rows = await db.select({ id: wfRoleAccount.wfRoleId }).from(wfRoleAccount).where(eq(wfRoleAccount.accountId, accountId))
  return rows.map((r) => r.id)
}

/** Which of these workflow roles exist. */
export async function existingWfRoleIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set()
  const rows = await db.select({ id: wfRole.wfRoleId }).from(wfRole).where(inArray(wfRole.wfRoleId, ids))
  return new Set(rows.map((r) => r.id))
}
