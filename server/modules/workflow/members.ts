/** What other modules ask of the workflow roles: the ones an account belongs to (a tabulation rule's subject). */
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { wfRoleAccount } from '../../db/schema'

/** The ids of the workflow roles the account is a member of. */
export async function wfRoleIdsOfAccount(db: Db, accountId: string): Promise<string[]> {
  const rows = await db.select({ id: wfRoleAccount.wfRoleId }).from(wfRoleAccount).where(eq(wfRoleAccount.accountId, accountId))
  return rows.map((r) => r.id)
}
