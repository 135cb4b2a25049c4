/**
 * Account columns other modules' lists join — who a group member, a staff record, a message's
 * receiver or a push is — as subqueries built here, each with its purpose: the consumer joins one
 * by `accountId` in its own query (PostgreSQL pulls such a plain subquery up into the join: one
 * query per list, as with the table), and the account rows stay read and written by this module.
 */
import { getTableColumns, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { account } from '../../db/schema'
import { inScope } from '../../lib/orgScope'
import { contains, qualified } from '../../lib/sql'

const qb = new QueryBuilder()

/** An account's names, unit, level and status, to show beside the rows of another module's list (joined by `accountId`). */
export const accountRefs = <A extends string>(alias: A) =>
  qb
    .select({
      accountId: account.accountId,
      accountName: account.accountName,
      userName: account.userName,
      organizationId: account.organizationId,
      level: account.level,
      status: account.status,
    })
    .from(account)
    .as(alias)

/** SQL: the name the account in `accountId` is shown by — the holder's name, else the account name (null when none). */
export const accountShownNameOf = (accountId: AnyColumn): SQL<string | null> =>
  sql<
    string | null
  >`(select coalesce(${qualified(account.userName)}, ${qualified(account.accountName)}) from ${account} where ${qualified(account.accountId)} = ${qualified(accountId)})`

/** The statuses whose accounts receive no messages: waiting for review, rejected, stopped. */
const NOT_RECEIVING = sql`${account.status} not in ('pending', 'rejected', 'stopped')`

/**
 * The accounts that receive messages (not waiting for review, rejected or stopped) with their
 * names, unit and the contact the outside channels send to (the messages' fan-out and pickers).
 */
export const receivingAccounts = <A extends string>(alias: A) =>
  qb
    .select({
      accountId: account.accountId,
      accountName: account.accountName,
      userName: account.userName,
      organizationId: account.organizationId,
      email: account.email,
      cellphone: account.cellphone,
    })
    .from(account)
    .where(NOT_RECEIVING)
    .as(alias)

/** For `in (…)`: the ids of the accounts whose name contains the text (a list's keyword). */
export const accountIdsNamedLike = (text: string) =>
  qb.select({ id: account.accountId }).from(account).where(contains(account.accountName, text))

/** For `in (…)`: the ids of the accounts of some units. */
export const accountIdsOfUnits = (organizationIds: string[]) =>
  qb.select({ id: account.accountId }).from(account).where(inScope(account.organizationId, organizationIds))

/**
 * The account row as the session check reads it with its session (plugins/session.ts, through
 * lib/accountPort.ts): a subquery named `account` and its columns, for the gate's one joined query.
 */
export function gateAccount() {
  const source = qb.select().from(account).as('account')
  const row = Object.fromEntries(Object.keys(getTableColumns(account)).map((k) => [k, source[k as keyof typeof source]])) as unknown as {
    [K in keyof typeof account._.columns]: (typeof source)[K]
  }
  return { source, row }
}
