/**
 * What the role authorisation module asks about accounts — whether a role still has a member whose
 * account is normal (the built-in administrators' role keeps one) — answered by the account module,
 * which owns the account rows and sets this port at start (server/modules/account/index.ts): the
 * role authorisation module imports no account code (the account module uses its holdings).
 */
import type { Db } from '../../db/client'

export interface RoleAccounts {
  /** Whether the role has a member whose account is normal. */
  roleHasNormalMember(db: Db, roleId: string): Promise<boolean>
}

let port: RoleAccounts | null = null

/** The account module, at start. */
export const setRoleAccounts = (p: RoleAccounts): void => {
  port = p
}

function accounts(): RoleAccounts {
  if (!port) throw new Error('the role authorisation module asked about accounts before the account module registered')
  return port
}

export const roleHasNormalMember = (db: Db, roleId: string) => accounts().roleHasNormalMember(db, roleId)
