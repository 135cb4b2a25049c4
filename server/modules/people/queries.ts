/**
 * What other modules read and change of the staff records (the person rows), which only this module
 * writes SQL against: the record linked to an account, the holder's name beside an account, staff
 * counts and checks of units and departments, the pending count of the user audit, the staff a
 * project's sites may name as manager. Modules the people module itself imports (account, department,
 * org) reach these through ports it sets at start (index.ts setPeoplePorts).
 */
import { and, asc, count, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import type { ReviewedStaff } from '../account'
import { deptTree } from '../department'
import { orgNameOf, unitsUnderSql } from '../org'
import { person } from '../../db/schema'
import { inScope } from '../../lib/orgScope'
import { qualified } from '../../lib/sql'
import { refuseInProcess } from './auditProcessPort'

/** The staff record linked to an account, if any: its id and avatar. */
export async function staffOfAccount(
  db: Db,
  accountId: string,
): Promise<{ userId: string; avatarFileId: string | null; departmentId: string | null } | undefined> {
  const [p] = await db
    .select({ userId: person.userId, avatarFileId: person.avatarFileId, departmentId: person.departmentId })
    .from(person)
    .where(eq(person.accountId, accountId))
  return p
}

/** The account's holder renamed: its staff record (if any) takes the name. */
export async function renameStaffOfAccount(db: Db, accountId: string, name: string, now: Date): Promise<void> {
  await db.update(person).set({ name, updateTime: now, updateBy: accountId }).where(eq(person.accountId, accountId))
}

/** The account's staff record takes this avatar; false when the account has no staff record. */
export async function setStaffAvatarOfAccount(db: Db, accountId: string, fileId: string | null, now: Date): Promise<boolean> {
  const rows = await db
    .update(person)
    .set({ avatarFileId: fileId, updateTime: now, updateBy: accountId })
    .where(eq(person.accountId, accountId))
    .returning({ userId: person.userId })
  return rows.length > 0
}

/** How many staff records wait for review in these units (null: all). */
export async function pendingAuditCount(db: Db, orgIds: string[] | null): Promise<number> {
  const [c] = await db
    .select({ pending: sql<number>`count(*)`.mapWith(Number) })
    .from(person)
    .where(and(eq(person.auditStatus, 'pending'), inScope(person.organizationId, orgIds)))
  return c?.pending ?? 0
}

/** Whether the staff record belongs to one of the units or a unit below them. */
export async function isStaffUnder(db: Db, userId: string, unitIds: string[]): Promise<boolean> {
  const [staff] = await db
    .select({ id: person.userId })
    .from(person)
    .where(and(eq(person.userId, userId), inArray(person.organizationId, unitsUnderSql(unitIds))))
  return !!staff
}

/** The active staff of the units and the units below them, with their unit's name, by unit name, order and name. */
export function activeStaffUnder(db: Db, unitIds: string[], limit: number) {
  return db
    .select({ userId: person.userId, name: person.name, organizationName: sql<string>`${orgNameOf(person.organizationId)}` })
    .from(person)
    .where(and(eq(person.status, 'active'), inArray(person.organizationId, unitsUnderSql(unitIds))))
    .orderBy(asc(orgNameOf(person.organizationId)), asc(person.sort), asc(person.name))
    .limit(limit)
}

/** Active staff per (organisation, department) of some organisations. */
export async function activeStaffCounts(
  db: Db,
  orgIds: string[],
): Promise<{ organizationId: string; departmentId: string | null; n: number }[]> {
  if (orgIds.length === 0) return []
  const rows = await db
    .select({ organizationId: person.organizationId, departmentId: person.departmentId, n: count() })
    .from(person)
    .where(and(inArray(person.organizationId, orgIds), eq(person.status, 'active')))
    .groupBy(person.organizationId, person.departmentId)
  return rows.map((r) => ({ organizationId: r.organizationId!, departmentId: r.departmentId, n: Number(r.n) }))
}

/** Whether any staff record belongs to one of the departments. */
export async function anyStaffInDepartments(db: Db, departmentIds: string[]): Promise<boolean> {
  const [staff] = await db.select({ id: person.userId }).from(person).where(inArray(person.departmentId, departmentIds)).limit(1)
  return !!staff
}

/** The unit of a staff record: undefined when there is no such record (null: a record without unit). */
export async function staffUnit(db: Db, userId: string): Promise<string | null | undefined> {
  const [p] = await db.select({ org: person.organizationId }).from(person).where(eq(person.userId, userId))
  return p ? p.org : undefined
}

/** A staff record's unit and account, if it exists. */
export async function staffLink(db: Db, userId: string): Promise<{ organizationId: string | null; accountId: string | null } | undefined> {
  const [p] = await db
    .select({ organizationId: person.organizationId, accountId: person.accountId })
    .from(person)
    .where(eq(person.userId, userId))
  return p
}

/** The staff record is linked to the account. */
export async function linkStaffToAccount(db: Db, userId: string, accountId: string, now: Date, by: string): Promise<void> {
  await db.update(person).set({ accountId, updateTime: now, updateBy: by }).where(eq(person.userId, userId))
}

/** SQL: the name on the staff record linked to the account in `accountId` (null when none; one at most). */
export const holderNameOf = (accountId: AnyColumn): SQL<string | null> =>
  sql<string | null>`(select ${qualified(person.name)} from ${person} where ${qualified(person.accountId)} = ${qualified(accountId)})`

/** SQL: the id of the staff record linked to the account in `accountId` (null when none; the first found). */
export const staffIdOf = (accountId: AnyColumn): SQL<string | null> =>
  sql<
    string | null
  >`(select ${qualified(person.userId)} from ${person} where ${qualified(person.accountId)} = ${qualified(accountId)} limit 1)`

/** SQL: the name of the staff record whose id is in `userId` (null when none), for a list's column or filter. */
export const personNameOf = (userId: AnyColumn): SQL<string | null> =>
  sql<string | null>`(select ${qualified(person.name)} from ${person} where ${qualified(person.userId)} = ${qualified(userId)})`

/** The staff records leave the review with the decision. */
export async function decideStaffRecords(
  db: Db,
  which: ReviewedStaff,
  d: { approve: boolean; reason: string | null; by: string | null; byName: string | null; now: Date },
): Promise<void> {
  const where =
    'userIds' in which
      ? inArray(person.userId, which.userIds)
      : which.pendingOfAccounts.length
        ? and(inArray(person.accountId, which.pendingOfAccounts), sql`${person.auditStatus} = 'pending'`)
        : undefined
  if (!where) return
  // 账号's review of an account whose record waits in a running audit process: its task decides it (20021)
  if ('pendingOfAccounts' in which) {
    const pending = await db.select({ userId: person.userId }).from(person).where(where)
    await refuseInProcess(
      db,
      pending.map((p) => p.userId),
    )
  }
  await db
    .update(person)
    .set({
      auditStatus: d.approve ? 'approved' : 'rejected',
      auditReason: d.reason,
      auditBy: d.byName,
      auditTime: d.now,
      updateTime: d.now,
      updateBy: d.by,
    })
    .where(and(where))
}

/**
 * The department heads of an account's department (staff of position level deptHead with an account,
 * active): of its own department, else of the nearest department above it that has one. Empty when the
 * account has no staff record, no department, or no head up to the top.
 */
export async function departmentHeadAccountIds(db: Db, accountId: string): Promise<string[]> {
  const [me] = await db.select({ departmentId: person.departmentId }).from(person).where(eq(person.accountId, accountId))
  if (!me?.departmentId) return []
  const chain = [...(await deptTree.ancestorIds(db, me.departmentId)), me.departmentId].reverse()
  const heads = await db
    .select({ departmentId: person.departmentId, accountId: person.accountId })
    .from(person)
    .where(
      and(
        inArray(person.departmentId, chain),
        eq(person.positionLevel, 'deptHead'),
        eq(person.status, 'active'),
        sql`${person.accountId} is not null`,
      ),
    )
    .orderBy(asc(person.sort), asc(person.userId))
  for (const dept of chain) {
    const here = heads.filter((h) => h.departmentId === dept && h.accountId !== accountId).map((h) => h.accountId!)
    if (here.length) return here
  }
  return []
}

/** The department of the staff record linked to an account (null: none, or no department). */
export async function departmentOfAccount(db: Db, accountId: string): Promise<string | null> {
  const [row] = await db.select({ id: person.departmentId }).from(person).where(eq(person.accountId, accountId)).limit(1)
  return row?.id ?? null
}
