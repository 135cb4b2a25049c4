/**
 * 消息设置 "account stopped or expiring", the expiring half: a recurring job (every hour, any
 * instance) tells once per account and end date that an account's valid period ends within
 * EXPIRING_DAYS — the event's dedupe key makes a second scan, on this instance or another, write
 * nothing. An account whose end date is moved gets a new notice for the new date.
 */
import { and, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { account } from '../../db/schema'
import { emitEvent, type JobRunner } from '../../lib/jobs'
import { dayOf } from './state'

export const EXPIRY_JOB = 'account.expiring'
export const EXPIRING_DAYS = 7

/** Emits the notices due at `now`; how many were new. */
export async function tellExpiring(db: Db, now = new Date()): Promise<number> {
  const until = new Date(now.getTime() + EXPIRING_DAYS * 86_400_000)
  const rows = await db
    .select({
      accountId: account.accountId,
      accountName: account.accountName,
      userName: account.userName,
      organizationId: account.organizationId,
      validUntil: account.validUntil,
    })
    .from(account)
    .where(
      and(
        inArray(account.status, ['normal', 'locked']),
        isNotNull(account.validUntil),
        gt(account.validUntil, now),
        lte(account.validUntil, until),
      ),
    )
    .orderBy(sql`${account.validUntil}`)
    .limit(10_000)
  let told = 0
  for (const r of rows) {
    const day = dayOf(r.validUntil)!
    const id = await db.transaction((tx) =>
      emitEvent(
        tx as unknown as Db,
        'account.stopped',
        {
          accountId: r.accountId,
          accountName: r.accountName,
          userName: r.userName ?? r.accountName,
          reasonZh: `将于 ${day} 到期`,
          reasonEn: `expires on ${day}`,
        },
        r.organizationId,
        `account.expiring:${r.accountId}:${day}`,
      ),
    )
    if (id !== null) told++
  }
  return told
}

/** The hourly scan: handled by every runner, scheduled (one row) when a runner starts. */
export function registerExpiringScan(runner: JobRunner, db: Db): void {
  runner.every(EXPIRY_JOB, 3600, async () => void (await tellExpiring(db)))
}
