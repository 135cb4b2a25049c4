/**
 * The staff record an account registered through an invitation gets (pending, so the user audit
 * sees it too) is written by the people module, which owns the person rows and sets this port when it
 * registers (server/modules/people/index.ts): the account module imports no people code (people
 * reads accounts through the account module's index).
 */
import type { Db } from '../../db/client'

export interface RegistrationPerson {
  accountId: string
  userName: string
  cellphone: string | null
  email?: string | null
  organizationId?: string | null
}

let add: ((db: Db, acc: RegistrationPerson) => Promise<void>) | null = null

/** The people module, at start. */
export const setRegistrationPersonWriter = (fn: (db: Db, acc: RegistrationPerson) => Promise<void>): void => {
  add = fn
}

export function addRegistrationPerson(db: Db, acc: RegistrationPerson): Promise<void> {
  if (!add) throw new Error('an account registered before the people module registered')
  return add(db, acc)
}
