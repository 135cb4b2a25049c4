/**
 * What the project module asks about accounts — how many belong to each project department — answered
 * by the account module, which owns the account rows and sets this port at start
 * (server/modules/account/index.ts): the project module imports no account code (the account module
 * offers its project departments).
 */
import type { Db } from '../../db/client'

export interface ProjectAccounts {
  /** How many accounts belong to each of the project departments (those with none left out). */
  accountCountsByProjectDepartment(db: Db, projectDepartmentIds: string[]): Promise<Map<string, number>>
}

let port: ProjectAccounts | null = null

/** The account module, at start. */
export const setProjectAccounts = (p: ProjectAccounts): void => {
  port = p
}

function accounts(): ProjectAccounts {
  if (!port) throw new Error('the project module asked about accounts before the account module registered')
  return port
}

export const accountCountsByProjectDepartment = (db: Db, projectDepartmentIds: string[]) =>
  accounts().accountCountsByProjectDepartment(db, projectDepartmentIds)
