/**
 * Account state helpers shared by the general and registered account calls, the invite purpose and
 * the login check: the change history, ending sessions, seats (account limits), dates of valid periods.
 */
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import { newId } from '../../../src/contract/ids'
import { SEAT_STATUSES, type AccountChangeField } from '../../../src/contract/schemas/account'
import type { Db } from '../../db/client'
import { accessToken, account, accountChange, organization, session } from '../../db/schema'
import { ApiError } from '../../lib/http'
import type { AccountRow } from '../../types'

export interface ChangeRow {
  accountId: string
  accountName: string
  field: AccountChangeField
  fromValue?: string | null
  toValue?: string | null
  remark?: string | null
}

export interface Actor {
  accountId: string | null
  accountName: string | null
}

/** Writes change-history rows (inside the change's transaction). */
export async function recordChanges(tx: Db, rows: ChangeRow[], by: Actor, now: Date): Promise<void> {
  const changed = rows.filter((r) => r.field === 'password' || r.field === 'created' || r.field === 'deleted' || (r.fromValue ?? null) !== (r.toValue ?? null))
  if (changed.length === 0) return
  await tx.insert(accountChange).values(
    changed.map((r) => ({
      changeId: newId(),
      accountId: r.accountId,
      accountName: r.accountName,
      field: r.field,
      fromValue: r.fromValue ?? null,
      toValue: r.toValue ?? null,
      remark: r.remark ?? null,
      changedBy: by.accountId,
      changedByName: by.accountName,
      changedAt: now,
    })),
  )
}

/**
 * Ends every open session of the accounts (and their access tokens) at once. Their next call is
 * answered 20119 when the account is stopped, expired or removed (plugins/session.ts).
 */
export async function endSessions(tx: Db, accountIds: string[], now: Date): Promise<void> {
  if (accountIds.length === 0) return
  const ended = await tx
    .update(session)
    .set({ revokedAt: now })
    .where(and(inArray(session.accountId, accountIds), isNull(session.revokedAt)))
    .returning({ id: session.sessionId })
  if (ended.length)
    await tx
      .update(accessToken)
      .set({ revokedAt: now })
      .where(
        and(
          inArray(
            accessToken.sessionId,
            ended.map((s) => s.id),
          ),
          isNull(accessToken.revokedAt),
        ),
      )
}

export const LIMIT_REACHED = (limit: number) => ({
  zh: `已达到账号数量上限（该单位最多${limit}个账号）`,
  en: `The account limit has been reached (the unit may have ${limit} accounts)`,
})

/**
 * Refuses (20021) when giving `adding` more accounts a place in the unit would exceed its account
 * limit. Places are taken by accounts in SEAT_STATUSES (pending and rejected ones take none).
 */
export async function ensureSeats(tx: Db, organizationId: string | null | undefined, adding: number): Promise<void> {
  if (!organizationId || adding <= 0) return
  const [row] = await tx.select({ limit: organization.accountLimit }).from(organization).where(eq(organization.organizationId, organizationId))
  if (!row || row.limit === null) return
  const [n] = await tx
    .select({ n: count() })
    .from(account)
    .where(and(eq(account.organizationId, organizationId), inArray(account.status, [...SEAT_STATUSES])))
  if (Number(n?.n ?? 0) + adding > row.limit) throw new ApiError(Code.REFUSED, { accountLimit: row.limit, organizationId }, LIMIT_REACHED(row.limit))
}

/** `YYYY-MM-DD` → the end of that day in China time (UTC+8); null stays null. */
export const endOfDay = (date: string | null | undefined): Date | null => (date ? new Date(`${date}T23:59:59.999+08:00`) : null)

/** A stored period end → `YYYY-MM-DD` in China time, for the history. */
export function dayOf(d: Date | null | undefined): string | null {
  if (!d) return null
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10)
}

export const isExpired = (a: Pick<AccountRow, 'validUntil'>, now = new Date()): boolean => !!a.validUntil && a.validUntil.getTime() < now.getTime()
export const isPasswordExpired = (a: Pick<AccountRow, 'passwordValidUntil'>, now = new Date()): boolean =>
  !!a.passwordValidUntil && a.passwordValidUntil.getTime() < now.getTime()

/** Bumps version and stamps an update of account rows. */
export const touched = (by: string | null, now: Date) => ({ version: sql`${account.version} + 1`, updateTime: now, updateBy: by })

/**
 * For calls where the holder changes their own password (forgot password, the login page's
 * password-change step, the personal centre): the password valid period starts again (cleared)
 * and the history records it. Inside the change's transaction.
 */
export async function passwordChanged(tx: Db, acc: Pick<AccountRow, 'accountId' | 'accountName'>, now: Date, remark = 'self'): Promise<void> {
  await tx.update(account).set({ passwordValidUntil: null }).where(eq(account.accountId, acc.accountId))
  await recordChanges(tx, [{ accountId: acc.accountId, accountName: acc.accountName, field: 'password', remark }], acc, now)
}
