/**
 * What the project module asks about accounts — how many belong to each project department — answered
 * by the account module, which owns the account rows and sets this port at start
 * (server/modules/account/index.ts): the project module imports no account code (the account module
 * offers its project departments).
 */
import type { Db } from '../../db/client'
import { definePort } from '../../lib/port'

export interface ProjectAccounts {
  /** How many accounts belong to each of the project departments (those with none left out). */
  accountCountsByProjectDepartment(db: Db, projectDepartmentIds: string[]): Promise<Map<string, number>>
}

const accounts = definePort<ProjectAccounts>('the project module asked about accounts')

/** The account module, at start. */
export const setProjectAccounts = accounts.set

export const accountCountsByProjectDepartment = (db: Db, projectDepartmentIds: string[]) =>
  accounts.get().accountCountsByProjectDepartment(db, projectDepartmentIds)
