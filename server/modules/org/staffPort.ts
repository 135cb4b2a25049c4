/**
 * What the organisation module asks of the staff records — the unit of a staff record — answered by
 * the people module, which owns the person rows and sets this port when it registers
 * (server/modules/people/index.ts): the organisation module imports no people code.
 */
import type { Db } from '../../db/client'
import { definePort } from '../../lib/port'

export interface UnitStaff {
  /** The unit of a staff record: undefined when there is no such record (null: a record without unit). */
  staffUnit(db: Db, userId: string): Promise<string | null | undefined>
}

/** The people module, at start. */
const staff = definePort<UnitStaff>('the organisation module asked about staff records')

export const setUnitStaff = staff.set

export const staffUnit = (db: Db, userId: string) => staff.get().staffUnit(db, userId)
