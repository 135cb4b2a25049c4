/**
 * The `grants-version` response header of every signed call: a digest of what the caller's grants
 * are made of — its roles (id, status, version, update time: every grant call moves the role's
 * update time), how many menu and function grants they hold (a deleted menu drops its grants
 * without touching the role), the menus' and functions' latest change, and the account's level.
 * Nothing cached: when it differs from the last one the console saw, the console reloads its menu,
 * so buttons appear or disappear without signing out. The gate reads the version with the session
 * (same query); only a write that can change grants reads it again for its answer.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { sql, type SQL } from 'drizzle-orm'
import { GRANTS_VERSION_HEADER } from '../../src/contract/schemas/role'
import type { Ctx } from '../context'
import { roleStampsOfAccount } from './modulePorts'

/** The version as an SQL expression over an account id and level (also read by the gate's joined session query). */
export function grantsVersionSql(accountId: SQL, level: SQL): SQL {
  return sql`left(md5(
      ${roleStampsOfAccount(accountId)}
      || '|' || (select count(*) from role_menu rm join account_role ar on ar.role_id = rm.role_id where ar.account_id = ${accountId})
      || '|' || (select count(*) from role_menu_function rf join account_role ar on ar.role_id = rf.role_id where ar.account_id = ${accountId})
      || '|' || coalesce((select floor(extract(epoch from max(update_time)) * 1000)::bigint from application_menu)::text, '')
      || '|' || coalesce((select floor(extract(epoch from max(update_time)) * 1000)::bigint from application_menu_function)::text, '')
      || '|' || ${level}
    ), 16)`
}

export async function grantsVersion(ctx: Ctx, accountId: string, level: string): Promise<string> {
  const result = (await ctx.db.execute(sql`select ${grantsVersionSql(sql`${accountId}`, sql`${level}`)} as v`)) as unknown as {
    rows: { v: string }[]
  }
  return result.rows[0]?.v ?? ''
}

/**
 * The resources whose writes can change what a caller's grants are made of: roles and their members,
 * menus and functions (`role…`, `application…`), accounts (roles, level). An answer to a write of
 * one of them reads the version again; any other answer carries the version read with the session —
 * a grant changed meanwhile by someone else is in it already, and saves a statement on every write.
 */
const TOUCHES_GRANTS = /^\/api\/[^/]+\/v\d+\/(role|application|generalAccount|registerAccount|dataPermission)/

/** Sets the header on a signed call's answer (success or refusal alike); never fails the answer. */
export async function setGrantsVersion(ctx: Ctx, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const auth = req.auth
  if (!auth?.accessToken || reply.raw.headersSent) return
  try {
    const again = !auth.grantsVersion || (req.method !== 'GET' && req.method !== 'HEAD' && TOUCHES_GRANTS.test(req.url))
    reply.header(GRANTS_VERSION_HEADER, again ? await grantsVersion(ctx, auth.account.accountId, auth.account.level) : auth.grantsVersion)
  } catch (err) {
    ctx.log.warn({ err }, 'grants-version not computed')
  }
}
