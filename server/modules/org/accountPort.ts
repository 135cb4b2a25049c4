/**
 * What the organisation module asks about accounts — the unit of an account (a group's member, a
 * person's unit when it has no staff record), whether units still hold accounts (before they are
 * deleted) and the names of a group's members — answered by the account module, which owns the account rows and sets this port when it
 * registers (server/modules/account/index.ts): the organisation module imports no account code.
 */
import type { Db } from '../../db/client'
import { definePort } from '../../lib/port'
import type { accountRefs as AccountRefs } from '../account'

export interface UnitAccounts {
  /** The unit of the account with that id; null when there is no such account. */
  accountUnit(db: Db, accountId: string): Promise<{ organizationId: string | null } | null>
  /** Whether any account belongs to one of the units. */
  anyAccountIn(db: Db, organizationIds: string[]): Promise<boolean>
  /** A subquery of accounts' names and units, to join by `accountId` (a group's members). */
  accountRefs: typeof AccountRefs
}

const accounts = definePort<UnitAccounts>('the organisation module asked about accounts')

/** The account module, at start. */
export const setUnitAccounts = accounts.set

export const accountUnit = (db: Db, accountId: string) => accounts.get().accountUnit(db, accountId)
export const anyAccountIn = (db: Db, organizationIds: string[]) => accounts.get().anyAccountIn(db, organizationIds)
export const accountRefs: typeof AccountRefs = (alias) => accounts.get().accountRefs(alias)
