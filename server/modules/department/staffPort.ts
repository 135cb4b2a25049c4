/**
 * What the department module asks of the staff records — the active staff per department of some
 * units (head counts) and whether departments still hold staff (before they are deleted) — answered by
 * the people module, which owns the person rows and sets this port when it registers
 * (server/modules/people/index.ts): the department module imports no people code.
 */
import type { Db } from '../../db/client'
import { definePort } from '../../lib/port'

export interface DepartmentStaff {
  /** Active staff per (organisation, department) of some organisations. */
  activeStaffCounts(db: Db, orgIds: string[]): Promise<{ organizationId: string; departmentId: string | null; n: number }[]>
  /** Whether any staff record belongs to one of the departments. */
  anyStaffInDepartments(db: Db, departmentIds: string[]): Promise<boolean>
}

const staff = definePort<DepartmentStaff>('the department module asked about staff records')

/** The people module, at start. */
export const setDepartmentStaff = staff.set

export const activeStaffCounts = (db: Db, orgIds: string[]) => staff.get().activeStaffCounts(db, orgIds)
export const anyStaffInDepartments = (db: Db, departmentIds: string[]) => staff.get().anyStaffInDepartments(db, departmentIds)
