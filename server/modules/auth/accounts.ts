/** The signed-in account as login, the portal and the personal centre answer it (the queries are the account and org modules'). */
import type { UserAccount } from '../../../src/contract/schemas/auth'
import type { Ctx } from '../../context'
import type { AccountRow } from '../../types'
import { orgName } from '../org'

export async function organizationName(ctx: Ctx, organizationId: string | null): Promise<string | null> {
  if (!organizationId) return null
  return orgName(ctx.db, organizationId)
}

export async function toUserAccount(ctx: Ctx, a: AccountRow): Promise<UserAccount> {
  return {
    accountId: a.accountId,
    accountName: a.accountName,
    level: a.level,
    status: a.status,
    userId: null,
    userName: a.userName,
    organizationId: a.organizationId,
    organizationName: await organizationName(ctx, a.organizationId),
  }
}
