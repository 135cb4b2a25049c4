/**
 * The staff record an account registered through an invitation gets (pending, so the user audit
 * sees it too), and what the account module reads and changes of the staff records (a record's unit and
 * account, the holder's name and staff record id beside an account, a review's decision on the records), are answered by the people module, which owns the person rows and sets this port when it
 * registers (server/modules/people/index.ts): the account module imports no people code (people
 * reads accounts through the account module's index).
 */
import type { AnyColumn, SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { definePort } from '../../lib/port'

export interface RegistrationPerson {
  accountId: string
  userName: string
  cellphone: string | null
  email?: string | null
  organizationId?: string | null
}

const writer = definePort<(db: Db, acc: RegistrationPerson) => Promise<void>>('an account registered')

/** The people module, at start. */
export const setRegistrationPersonWriter = writer.set

export const addRegistrationPerson = (db: Db, acc: RegistrationPerson): Promise<void> => writer.get()(db, acc)

/** Which staff records a review decides: these records, or those of these accounts still pending. */
export type ReviewedStaff = { userIds: string[] } | { pendingOfAccounts: string[] }

/** What the account module asks of the staff records, answered by the people module (set at start). */
export interface StaffRecords {
  /** A staff record's unit and account, if it exists. */
  staffLink(db: Db, userId: string): Promise<{ organizationId: string | null; accountId: string | null } | undefined>
  /** The staff record is linked to the account. */
  linkStaffToAccount(db: Db, userId: string, accountId: string, now: Date, by: string): Promise<void>
  /** SQL: the name on the staff record linked to the account in the column (null when none). */
  holderNameOf(accountId: AnyColumn): SQL<string | null>
  /** SQL: the id of the staff record linked to the account in the column (null when none). */
  staffIdOf(accountId: AnyColumn): SQL<string | null>
  /** The staff records leave the review with the decision. */
  decideStaffRecords(
    db: Db,
    which: ReviewedStaff,
    /** by, byName: the reviewer's account (null: the gateway itself). */
    d: { approve: boolean; reason: string | null; by: string | null; byName: string | null; now: Date },
  ): Promise<void>
}

const records = definePort<StaffRecords>('the account module asked about staff records')

/** The people module, at start. */
export const setStaffRecords = records.set

export const staffLink: StaffRecords['staffLink'] = (db, userId) => records.get().staffLink(db, userId)
export const linkStaffToAccount: StaffRecords['linkStaffToAccount'] = (db, userId, accountId, now, by) =>
  records.get().linkStaffToAccount(db, userId, accountId, now, by)
export const holderNameOf: StaffRecords['holderNameOf'] = (accountId) => records.get().holderNameOf(accountId)
export const staffIdOf: StaffRecords['staffIdOf'] = (accountId) => records.get().staffIdOf(accountId)
export const decideStaffRecords: StaffRecords['decideStaffRecords'] = (db, which, d) => records.get().decideStaffRecords(db, which, d)
