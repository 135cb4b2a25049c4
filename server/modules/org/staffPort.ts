/**
 * What the organisation module asks of the staff records — the unit of a staff record — answered by
 * the people module, which owns the person rows and sets this port when it registers
 * (server/modules/people/index.ts): the organisation module imports no people code.
 */
import type { Db } from '../../db/client'

export interface UnitStaff {
  /** The unit of a staff record: undefined when there is no such record (null: a record without unit). */
  staffUnit(db: Db, userId: string): Promise<string | null | undefined>
}

let port: UnitStaff | null = null

/** The people module, at start. */
export const setUnitStaff = (p: UnitStaff): void => {
  port = p
}

export function staffUnit(db: Db, userId: string): Promise<string | null | undefined> {
  if (!port) throw new Error('the organisation module asked about staff records before the people module registered')
  return port.staffUnit(db, userId)
}
