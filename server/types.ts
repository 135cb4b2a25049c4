/** Request decorations and per-route settings of the gateway. */
import type { account, accessToken, session } from './db/schema'
import type { DataScope } from '../src/contract/enums'
import type { FnAction, Permission } from '../src/contract/catalogue'

export type AccountRow = typeof account.$inferSelect
export type SessionRow = typeof session.$inferSelect
export type AccessTokenRow = typeof accessToken.$inferSelect

/** `none`: public; `session`: authorization header only; `signed`: the full signature check. */
export type AuthMode = 'none' | 'session' | 'signed'

/**
 * A route's permission: a menu of the catalogue and, for mutations, one of that menu's function
 * actions (omitted for reads: then the menu must be granted). A wrong name does not compile.
 */
export type { Permission } from '../src/contract/catalogue'

export interface AuthContext {
  account: AccountRow
  session: SessionRow
  accessToken: AccessTokenRow | null
  appCode: string | null
  /** Resolved when the route declares a permission. */
  grant: { menuId: string; functionId: string | null; scope: DataScope } | null
  /** The grants version read with the session (signed calls; see lib/grantsVersion.ts). */
  grantsVersion?: string | null
}

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer
    auth?: AuthContext
    /** Set when this request reserved an Idempotency-Key. */
    idempotencyKey?: string
    /** When this request reserved (or took over) that key: its completion is guarded by it. */
    idempotencyReservedAt?: Date
    /** The envelope code of the answer, for the operation log. */
    answerCode?: number
    /** The envelope text of a signed mutation's answer, for the operation log (redacted there). */
    answerText?: string
  }
  interface FastifyContextConfig {
    auth?: AuthMode
    perm?: Permission
    /**
     * What the route does, for the operation log, when its permission's function names something else
     * (an application version's add is permitted by 发布 but is an add); default the permission's function.
     */
    op?: FnAction
    /** Do not write an operate_log row for this mutation (it logs itself). */
    noOperateLog?: boolean
    /**
     * Not one transaction with its Idempotency-Key's answer (plugins/idempotency.ts): the route streams
     * an upload, hands work on to the background or calls out, and commits its writes itself (it may
     * call `answerInTransaction` for the part that is one transaction, as the file upload does).
     */
    ownTransactions?: boolean
  }
}
