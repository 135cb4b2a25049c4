/** Account queries shared by login, registration and the portal. */
import { eq, or, sql } from 'drizzle-orm'
import type { UserAccount } from '../../../src/contract/schemas/auth'
import type { Ctx } from '../../context'
import { account, organization } from '../../db/schema'
import type { AccountRow } from '../../types'

export const normalizeName = (name: string): string => name.trim().toLowerCase()

/** By account name (case-insensitive) or by cellphone. */
export async function findAccountByLogin(ctx: Ctx, login: string): Promise<AccountRow | null> {
  const name = login.trim()
  if (!name) return null
  const rows = await ctx.db
    .select()
    .from(account)
    .where(or(eq(sql`lower(${account.accountName})`, normalizeName(name)), eq(account.cellphone, name)))
    .limit(2)
  // A name match wins over a phone match.
  return rows.find((r) => normalizeName(r.accountName) === normalizeName(name)) ?? rows[0] ?? null
}

export const matchesLogin = (a: AccountRow, login: string): boolean =>
  normalizeName(a.accountName) === normalizeName(login) || (a.cellphone !== null && a.cellphone === login.trim())

export async function organizationName(ctx: Ctx, organizationId: string | null): Promise<string | null> {
  if (!organizationId) return null
  const [o] = await ctx.db
    .select({ name: organization.organizationName })
    .from(organization)
    .where(eq(organization.organizationId, organizationId))
  return o?.name ?? null
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
