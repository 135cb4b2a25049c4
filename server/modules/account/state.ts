/**
 * Account state helpers shared by the general and registered account calls, the user audit, the
 * invite purpose and the login check: the SPEC §4 state machine (transitions), the change history,
 * ending sessions, seats (account limits), dates of valid periods.
 */
import { and, count, eq, inArray, isNull } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import type { AccountStatus } from '../../../src/contract/enums'
import { newId } from '../../../src/contract/ids'
import { ACCOUNT_TRANSITIONS, SEAT_STATUSES, type AccountAction, type AccountChangeField } from '../../../src/contract/schemas/account'
import type { Db } from '../../db/client'
import { accessToken, account, accountChange, session } from '../../db/schema'
import { lockUnitAccountLimit } from '../org'
import { ApiError, type Text } from '../../lib/http'
import { emitEvent } from '../../lib/jobs'
import type { AccountRow, AuthContext } from '../../types'
import texts from './texts.json'

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

/**
 * The gateway itself as the author of a change it makes on its own (failed sign-ins lock an
 * account, the lock's time ends): no account, no name — the change history shows 系统 / System.
 */
export const SYSTEM: Actor = { accountId: null, accountName: null }

/** The signed-in caller as the author of changes. */
export const actorOf = (auth: AuthContext): Actor => ({ accountId: auth.account.accountId, accountName: auth.account.accountName })

/** The same field's change on each of the accounts: from its own value (`from`) to `to`. */
export const fieldChanges = <T extends { accountId?: unknown; accountName?: unknown }>(
  accounts: readonly T[],
  field: AccountChangeField,
  from: (a: T) => string | null,
  to?: string | null,
  remark?: string | null,
): ChangeRow[] =>
  accounts.map((a) => ({
    accountId: String(a.accountId),
    accountName: String(a.accountName),
    field,
    fromValue: from(a),
    toValue: to,
    remark,
  }))

/** Writes change-history rows (inside the change's transaction). */
export async function recordChanges(tx: Db, rows: ChangeRow[], by: Actor, now: Date): Promise<void> {
  const changed = rows.filter(
    (r) => r.field === 'password' || r.field === 'created' || r.field === 'deleted' || (r.fromValue ?? null) !== (r.toValue ?? null),
  )
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
  // The unit's row is locked: two changes taking places in one unit wait for each other.
  const limit = await lockUnitAccountLimit(tx, organizationId)
  if (limit === undefined || limit === null) return
  const row = { limit }
  const [n] = await tx
    .select({ n: count() })
    .from(account)
    .where(and(eq(account.organizationId, organizationId), inArray(account.status, [...SEAT_STATUSES])))
  if (Number(n?.n ?? 0) + adding > row.limit)
    throw new ApiError(Code.REFUSED, { accountLimit: row.limit, organizationId }, LIMIT_REACHED(row.limit))
}

// ---- the state machine (SPEC §4, ACCOUNT_TRANSITIONS) -------------------------------------

const STATUS_LABEL: Record<AccountStatus, Text> = texts.state.statusLabel
/**
 * The transitions: the actions of ACCOUNT_TRANSITIONS, and the one the gateway takes on its own —
 * too many failed sign-ins lock a normal account (`lock`; any other status keeps its status).
 */
export type Transition = AccountAction | 'lock'
const TRANSITIONS: Record<Transition, { from: readonly AccountStatus[]; to: AccountStatus }> = {
  ...ACCOUNT_TRANSITIONS,
  lock: { from: ['normal'], to: 'locked' },
}
export const allows = (status: string, t: Transition): boolean => (TRANSITIONS[t].from as readonly string[]).includes(status)

const ACTION_LABEL: Record<Transition, Text> = texts.state.actionLabel

/** What a transition needs of an account. */
export type TransitionRow = Pick<AccountRow, 'accountId' | 'accountName' | 'status' | 'organizationId'>

/** 20021 naming the accounts that cannot take the action and the statuses it needs. */
export function transitionRefused(action: Transition, rows: Pick<AccountRow, 'accountId' | 'accountName' | 'status'>[]): ApiError {
  const from = TRANSITIONS[action].from
  const list = (lang: 'zh' | 'en') =>
    rows.map((r) => `${r.accountName}（${STATUS_LABEL[r.status as AccountStatus]?.[lang] ?? r.status}）`).join(lang === 'zh' ? '、' : ', ')
  const need = (lang: 'zh' | 'en') => from.map((s) => STATUS_LABEL[s][lang]).join(lang === 'zh' ? '或' : ' or ')
  return new ApiError(
    Code.REFUSED,
    rows.map((r) => ({ accountId: r.accountId, accountName: r.accountName, status: r.status })),
    {
      zh: `只有「${need('zh')}」的账号可以${ACTION_LABEL[action].zh}：${list('zh')}`,
      en: `Only ${need('en')} accounts can be ${ACTION_LABEL[action].en}: ${list('en').replace(/（/g, ' (').replace(/）/g, ')')}`,
    },
  )
}

/** Refuses (20021, naming them) when any of the accounts cannot take the action. */
export function assertTransition(rows: Pick<AccountRow, 'accountId' | 'accountName' | 'status'>[], action: Transition): void {
  const refused = rows.filter((r) => !allows(r.status, action))
  if (refused.length) throw transitionRefused(action, refused)
}

const isSeat = (status: string) => (SEAT_STATUSES as readonly string[]).includes(status)
/**
 * Statuses whose open sessions go on: a lock only refuses new sign-ins (someone guessing the
 * password must not sign the holder out).
 */
const KEEPS_SESSIONS: readonly AccountStatus[] = ['normal', 'locked']

/**
 * Moves the accounts (read `for update` in the caller's transaction) along one transition of the
 * state machine, all or none: 20021 when one cannot take it; 20021 with LIMIT_REACHED when the
 * accounts that come to take a place (approve) do not fit their unit's account limit. Writes a
 * `status` history row per account (by, remark) and ends the sessions of accounts that leave
 * `normal` for a status that cannot sign in (stopped, rejected; a lock keeps them).
 */
export async function applyTransition(
  tx: Db,
  rows: TransitionRow[],
  action: Transition,
  by: Actor,
  now: Date,
  opts: { extra?: Partial<typeof account.$inferInsert>; remark?: string | null } = {},
): Promise<void> {
  if (rows.length === 0) return
  assertTransition(rows, action)
  const to = TRANSITIONS[action].to
  if (isSeat(to)) {
    // Accounts that take a place now: each unit must have room for its newly seated ones.
    const perUnit = new Map<string, number>()
    for (const r of rows) if (r.organizationId && !isSeat(r.status)) perUnit.set(r.organizationId, (perUnit.get(r.organizationId) ?? 0) + 1)
    for (const [unit, n] of [...perUnit].sort(([a], [b]) => (a < b ? -1 : 1))) await ensureSeats(tx, unit, n)
  }
  const ids = rows.map((r) => r.accountId)
  await tx
    .update(account)
    .set({ status: to, ...opts.extra, ...touched(by.accountId, now) })
    .where(inArray(account.accountId, ids))
  if (!KEEPS_SESSIONS.includes(to)) await endSessions(tx, ids, now)
  await recordChanges(
    tx,
    fieldChanges(rows, 'status', (r) => r.status, to, opts.remark ?? null),
    by,
    now,
  )
  if (to === 'stopped') await tellStopped(tx, ids, by)
}

/** 消息设置 "account stopped or expiring": one event per stopped account, delivered once this commits. */
async function tellStopped(tx: Db, ids: string[], by: Actor): Promise<void> {
  const rows = await tx
    .select({
      accountId: account.accountId,
      accountName: account.accountName,
      userName: account.userName,
      organizationId: account.organizationId,
    })
    .from(account)
    .where(inArray(account.accountId, ids))
  for (const r of rows)
    await emitEvent(
      tx,
      'account.stopped',
      {
        accountId: r.accountId,
        accountName: r.accountName,
        userName: r.userName ?? r.accountName,
        reasonZh: `已被${by.accountName ?? '系统'}停用`,
        reasonEn: `stopped by ${by.accountName ?? 'the system'}`,
      },
      r.organizationId,
    )
}

/** `YYYY-MM-DD` → the end of that day in China time (UTC+8); null stays null. */
export const endOfDay = (date: string | null | undefined): Date | null => (date ? new Date(`${date}T23:59:59.999+08:00`) : null)

/** A stored period end → `YYYY-MM-DD` in China time, for the history. */
export function dayOf(d: Date | null | undefined): string | null {
  if (!d) return null
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10)
}

export const isExpired = (a: Pick<AccountRow, 'validUntil'>, now = new Date()): boolean =>
  !!a.validUntil && a.validUntil.getTime() < now.getTime()
export const isPasswordExpired = (a: Pick<AccountRow, 'passwordValidUntil'>, now = new Date()): boolean =>
  !!a.passwordValidUntil && a.passwordValidUntil.getTime() < now.getTime()

/** Stamps an update of account rows (their version moves by the database's trigger, migration 0010_versions_trigger). */
export const touched = (by: string | null, now: Date) => ({ updateTime: now, updateBy: by })

/**
 * For calls where the holder changes their own password (forgot password, the login page's
 * password-change step, the personal centre): the password valid period starts again (cleared)
 * and the history records it. Inside the change's transaction.
 */
export async function passwordChanged(
  tx: Db,
  acc: Pick<AccountRow, 'accountId' | 'accountName'>,
  now: Date,
  remark = 'self',
): Promise<void> {
  await tx.update(account).set({ passwordValidUntil: null }).where(eq(account.accountId, acc.accountId))
  await recordChanges(tx, [{ accountId: acc.accountId, accountName: acc.accountName, field: 'password', remark }], acc, now)
}

// ---- lockout (auth/routes.ts login, auth/register.ts forgot password) ------------------------

const lockedRow = async (tx: Db, accountId: string): Promise<AccountRow | undefined> =>
  (await tx.select().from(account).where(eq(account.accountId, accountId)).for('update'))[0]

/**
 * Too many failed sign-ins: a normal account moves to locked until `until` (history by the
 * system, remark `lockout`); one already locked by failures gets the new end. Any other status
 * (pending, rejected, stopped) stays as it is — a lock must never become a way out of it.
 */
export async function lockAfterFailures(db: Db, accountId: string, until: Date, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockedRow(tx, accountId)
    if (!row) return
    if (allows(row.status, 'lock'))
      await applyTransition(tx, [row], 'lock', SYSTEM, now, { extra: { lockedUntil: until }, remark: 'lockout' })
    else if (row.status === 'locked' && row.lockedUntil)
      await tx.update(account).set({ lockedUntil: until }).where(eq(account.accountId, accountId))
  })
}

/**
 * The right password (or a bound third-party identity) after a lock's time has passed: locked →
 * normal by the system (remark `lockExpired`). Answers the account as it is afterwards (still
 * locked when its lock has not ended; null when it is gone).
 */
export async function endExpiredLock(db: Db, accountId: string, now: Date): Promise<AccountRow | null> {
  return db.transaction(async (tx) => {
    const row = await lockedRow(tx, accountId)
    if (!row) return null
    if (row.status !== 'locked' || !row.lockedUntil || row.lockedUntil.getTime() > now.getTime()) return row
    await applyTransition(tx, [row], 'unlock', SYSTEM, now, { extra: { lockedUntil: null }, remark: 'lockExpired' })
    return (await tx.select().from(account).where(eq(account.accountId, accountId)))[0] ?? null
  })
}
