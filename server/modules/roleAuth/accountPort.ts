/**
 * What the role authorisation module asks about accounts — whether a role still has a member whose
 * account is normal (the built-in administrators' role keeps one) — answered by the account module,
 * which owns the account rows and sets this port at start (server/modules/account/index.ts): the
 * role authorisation module imports no account code (the account module uses its holdings).
 */
import type { Db } from '../../db/client'
import { definePort } from '../../lib/port'

export interface RoleAccounts {
  /** Whether the role has a member whose account is normal. */
  roleHasNormalMember(db: Db, roleId: string): Promise<boolean>
}

/** The account module, at start. */
const accounts = definePort<RoleAccounts>('the role authorisation module asked about accounts')

export const setRoleAccounts = accounts.set

export const roleHasNormalMember = (db: Db, roleId: string) => accounts.get().roleHasNormalMember(db, roleId)
