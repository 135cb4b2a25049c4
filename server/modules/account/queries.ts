/**
 * The account module's queries that other modules use (login, registration, invitations, staff,
 * units, role members, the personal centre). Other modules call these instead of selecting from
 * `account` themselves.
 */
import { and, asc, count, eq, inArray, ne, notInArray, or, sql, type SQLWrapper } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { account, accountRole } from '../../db/schema'
import { orgNameOf } from '../org'
import { holderNameOf } from './personPort'
import { inScope } from '../../lib/orgScope'
import { anyLike } from '../../lib/sql'
import type { ThirdPlatform } from '../../../src/contract/schemas/auth'
import type { AccountRow } from '../../types'

/** Account names compare trimmed and case-insensitively. */
export const normalizeName = (name: string): string => name.trim().toLowerCase()

/** By account name (case-insensitive) or by cellphone. */
export async function findAccountByLogin(db: Db, login: string): Promise<AccountRow | null> {
  const name = login.trim()
  if (!name) return null
  const rows = await db
    .select()
    .from(account)
    .where(or(eq(sql`lower(${account.accountName})`, normalizeName(name)), eq(account.cellphone, name)))
    .limit(2)
  // A name match wins over a phone match.
  return rows.find((r) => normalizeName(r.accountName) === normalizeName(name)) ?? rows[0] ?? null
}

export const matchesLogin = (a: AccountRow, login: string): boolean =>
  normalizeName(a.accountName) === normalizeName(login) || (a.cellphone !== null && a.cellphone === login.trim())

/** The account row, or null; `forUpdate` locks it until the transaction ends. */
export async function accountById(db: Db, accountId: string, opts: { forUpdate?: boolean } = {}): Promise<AccountRow | null> {
  const q = db.select().from(account).where(eq(account.accountId, accountId))
  const [row] = opts.forUpdate ? await q.for('update') : await q
  return row ?? null
}

/** The account rows of some ids (those that exist); `forUpdate` locks them. */
export async function accountsByIds(db: Db, accountIds: string[], opts: { forUpdate?: boolean } = {}): Promise<AccountRow[]> {
  if (accountIds.length === 0) return []
  const q = db.select().from(account).where(inArray(account.accountId, accountIds))
  return opts.forUpdate ? q.for('update') : q
}

/** The unit of an account: null when there is no such account, `{ organizationId: null }` for one without a unit. */
export async function accountUnit(db: Db, accountId: string): Promise<{ organizationId: string | null } | null> {
  const [row] = await db.select({ organizationId: account.organizationId }).from(account).where(eq(account.accountId, accountId))
  return row ?? null
}

/** The units of some accounts (those that exist). */
export function accountUnits(db: Db, accountIds: string[]): Promise<{ id: string; organizationId: string | null }[]> {
  return db
    .select({ id: account.accountId, organizationId: account.organizationId })
    .from(account)
    .where(inArray(account.accountId, accountIds))
}

/** Name, holder's name and contact of an account (the contact invitation's form), or null. */
export async function accountContact(db: Db, accountId: string) {
  const [row] = await db
    .select({ accountName: account.accountName, userName: account.userName, cellphone: account.cellphone, email: account.email })
    .from(account)
    .where(eq(account.accountId, accountId))
  return row ?? null
}

/** The unit of the account of that name (case-insensitive; the first found), for a sign-in's log line. */
export async function unitOfAccountName(db: Db, accountName: string): Promise<{ organizationId: string | null } | undefined> {
  const [owner] = await db
    .select({ organizationId: account.organizationId })
    .from(account)
    .where(eq(sql`lower(${account.accountName})`, accountName.toLowerCase()))
    .limit(1)
  return owner
}

/** The holder's own contact details, as a contact invitation submits them. */
export async function setAccountContact(
  db: Db,
  accountId: string,
  c: { userName: string; cellphone: string; email: string | null },
  now: Date,
): Promise<void> {
  await db
    .update(account)
    .set({ userName: c.userName, cellphone: c.cellphone, email: c.email, updateTime: now })
    .where(eq(account.accountId, accountId))
}

/** The account whose id the subquery gives (a third-party identity's account), or null. */
export async function accountByIdIn(db: Db, accountIds: SQLWrapper): Promise<AccountRow | null> {
  const [row] = await db.select().from(account).where(inArray(account.accountId, accountIds))
  return row ?? null
}

/** What the holder changes of its own account (the personal centre, a password reset by code). */
export type OwnAccountValues = Partial<Pick<AccountRow, 'userName' | 'cellphone' | 'email' | 'passwordHash'>>

/**
 * The holder's own change of its account, stamped by the holder (its version moves by the database's
 * trigger, migration 0010_versions_trigger); with `version`, only while the row still has that version. Whether the row changed (a unique cellphone clash is the caller's to answer).
 */
export async function updateOwnAccount(db: Db, accountId: string, values: OwnAccountValues, now: Date, version?: number): Promise<boolean> {
  const rows = await db
    .update(account)
    .set({ ...values, updateTime: now, updateBy: accountId })
    .where(and(eq(account.accountId, accountId), version === undefined ? undefined : eq(account.version, version)))
    .returning({ id: account.accountId })
  return rows.length > 0
}

/** A registration's new account: general, pending review, in the chosen unit (if any), created by the registrant. */
export async function addPendingAccount(
  db: Db,
  a: Pick<AccountRow, 'accountId' | 'accountName' | 'userName' | 'cellphone' | 'email' | 'organizationId' | 'passwordHash'>,
): Promise<void> {
  await db.insert(account).values({ ...a, level: 'general', status: 'pending', createBy: a.accountId, updateBy: a.accountId })
}

/** account.wechat_id / qq_id show a bound third-party identity in the account lists (set by the oauth module). */
export async function mirrorBinding(db: Db, accountId: string, platform: ThirdPlatform, value: string | null): Promise<void> {
  await db
    .update(account)
    .set(platform === 'wechat' ? { wechatId: value } : { qqId: value })
    .where(eq(account.accountId, accountId))
}

/** Of the wanted account ids, those that exist in the units (null: any unit). */
export function accountIdsWithin(db: Db, accountIds: string[], organizationIds: string[] | null): Promise<{ id: string }[]> {
  return db
    .select({ id: account.accountId })
    .from(account)
    .where(and(inArray(account.accountId, accountIds), inScope(account.organizationId, organizationIds)))
}

/** Accounts by their names (any case) among the units' accounts (null: every unit): the holder's name and unit. */
export function accountsByNames(db: Db, names: string[], organizationIds: string[] | null) {
  if (names.length === 0) return Promise.resolve([])
  return db
    .select({ accountName: account.accountName, userName: account.userName, organizationId: account.organizationId })
    .from(account)
    .where(
      and(
        inArray(sql`lower(${account.accountName})`, [...new Set(names.map((n) => n.toLowerCase()))]),
        inScope(account.organizationId, organizationIds),
      ),
    )
}

/** Whether the role has a member whose account is normal (the built-in administrators' role keeps one). */
export async function roleHasNormalMember(db: Db, roleId: string): Promise<boolean> {
  const [active] = await db
    .select({ id: account.accountId })
    .from(accountRole)
    .innerJoin(account, eq(account.accountId, accountRole.accountId))
    .where(and(eq(accountRole.roleId, roleId), eq(account.status, 'normal')))
    .limit(1)
  return Boolean(active)
}

/** How many accounts belong to each of the project departments (those with none left out). */
export async function accountCountsByProjectDepartment(db: Db, projectDepartmentIds: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: account.projectDepartmentId, n: count() })
    .from(account)
    .where(inArray(account.projectDepartmentId, projectDepartmentIds))
    .groupBy(account.projectDepartmentId)
  return new Map(rows.map((r) => [r.id!, Number(r.n)]))
}

/** Some account has this name (case-insensitive). */
export async function accountNameInUse(db: Db, name: string): Promise<boolean> {
  const rows = await db
    .select({ id: account.accountId })
    .from(account)
    .where(eq(sql`lower(${account.accountName})`, normalizeName(name)))
  return rows.length > 0
}

/** Another account (not `except`) has this cellphone. */
export async function cellphoneInUse(db: Db, phone: string, except?: string): Promise<boolean> {
  const rows = await db
    .select({ id: account.accountId })
    .from(account)
    .where(and(eq(account.cellphone, phone), except === undefined ? undefined : ne(account.accountId, except)))
  return rows.length > 0
}

/** Another account (not `except`) has this email (case-insensitive). */
export async function emailInUse(db: Db, email: string, except?: string): Promise<boolean> {
  const rows = await db
    .select({ id: account.accountId })
    .from(account)
    .where(eq(sql`lower(${account.email})`, email.trim().toLowerCase()))
  return rows.some((r) => r.id !== except)
}

/** Whether any account belongs to one of these units. */
export async function anyAccountIn(db: Db, organizationIds: string[]): Promise<boolean> {
  const [row] = await db.select({ id: account.accountId }).from(account).where(inArray(account.organizationId, organizationIds)).limit(1)
  return Boolean(row)
}

/** The accounts of some units with their unit's name, by account name (pickers). */
export function accountOptionsIn(db: Db, organizationIds: string[], limit: number) {
  return db
    .select({
      accountId: account.accountId,
      accountName: account.accountName,
      userName: account.userName,
      organizationName: orgNameOf(account.organizationId).as('organization_name'),
    })
    .from(account)
    .where(inArray(account.organizationId, organizationIds))
    .orderBy(asc(account.accountName))
    .limit(limit)
}

/**
 * Accounts with the holder's name (the staff record's, else the account's) and unit name, by
 * account name (the role member list and picker): ids in / not in a subquery, statuses, units
 * (null: any; empty: none), a keyword in the account name, user name or staff name.
 */
export function accountsWithHolder(
  db: Db,
  f: { in?: SQLWrapper; notIn?: SQLWrapper; statuses?: string[]; organizationIds?: string[] | null; keyword?: string; limit: number },
) {
  return db
    .select({
      accountId: account.accountId,
      accountName: account.accountName,
      userName: sql<string | null>`coalesce(${holderNameOf(account.accountId)}, ${account.userName})`.as('user_name'),
      organizationId: account.organizationId,
      organizationName: orgNameOf(account.organizationId).as('organization_name'),
      level: account.level,
      status: account.status,
    })
    .from(account)
    .where(
      and(
        f.in ? inArray(account.accountId, f.in) : undefined,
        f.notIn ? notInArray(account.accountId, f.notIn) : undefined,
        f.statuses ? inArray(account.status, f.statuses as AccountRow['status'][]) : undefined,
        f.organizationIds === undefined || f.organizationIds === null
          ? undefined
          : f.organizationIds.length
            ? inArray(account.organizationId, f.organizationIds)
            : sql`false`,
        f.keyword ? anyLike(f.keyword, account.accountName, account.userName, holderNameOf(account.accountId)) : undefined,
      ),
    )
    .orderBy(asc(account.accountName))
    .limit(f.limit)
}

/** How many accounts of these units (null: all) have each status (statuses without accounts left out). */
export function accountCountsByStatus(db: Db, organizationIds: string[] | null) {
  return db
    .select({ status: account.status, count: sql<number>`count(*)`.mapWith(Number) })
    .from(account)
    .where(inScope(account.organizationId, organizationIds))
    .groupBy(account.status)
}

/** Of these account ids, those of existing accounts whose status is normal (the workflow's executors), in the order given. */
export async function normalAccountIds(db: Db, accountIds: string[]): Promise<string[]> {
  if (accountIds.length === 0) return []
  const rows = await db
    .select({ id: account.accountId })
    .from(account)
    .where(and(inArray(account.accountId, accountIds), eq(account.status, 'normal')))
  const ok = new Set(rows.map((r) => r.id))
  return accountIds.filter((id) => ok.has(id))
}

/** The normal accounts holding any of these roles (the workflow's role executors), by account name. */
export async function normalAccountIdsOfRoles(db: Db, roleIds: string[]): Promise<string[]> {
  if (roleIds.length === 0) return []
  const rows = await db
    .selectDistinct({ id: account.accountId, name: account.accountName })
    .from(accountRole)
    .innerJoin(account, eq(account.accountId, accountRole.accountId))
    .where(and(inArray(accountRole.roleId, roleIds), eq(account.status, 'normal')))
    .orderBy(asc(account.accountName))
  return rows.map((r) => r.id)
}
