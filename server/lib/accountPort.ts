/**
 * The account row the session check (plugins/session.ts) reads with its session in one joined
 * query, answered by the account module, which owns the account rows and sets this port at start
 * (server/modules/account/index.ts): lib and plugins import no module.
 */
import type { gateAccount } from '../modules/account/refs'
import { definePort } from './port'

export type GateAccount = ReturnType<typeof gateAccount>

const gate = definePort<() => GateAccount>('the session check read an account')

/** The account module, at start. */
export const setGateAccount = gate.set

/** The subquery of account rows (named `account`) the gate joins to the session, and its columns. */
export const sessionAccount = (): GateAccount => gate.get()()
