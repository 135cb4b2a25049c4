/**
 * The account row the session check (plugins/session.ts) reads with its session in one joined
 * query, answered by the account module, which owns the account rows and sets this port at start
 * (server/modules/account/index.ts): lib and plugins import no module.
 */
import type { gateAccount } from '../modules/account/refs'

export type GateAccount = ReturnType<typeof gateAccount>

let port: (() => GateAccount) | null = null

/** The account module, at start. */
export const setGateAccount = (fn: () => GateAccount): void => {
  port = fn
}

/** The subquery of account rows (named `account`) the gate joins to the session, and its columns. */
export function sessionAccount(): GateAccount {
  if (!port) throw new Error('the session check read an account before the account module set its port')
  return port()
}
