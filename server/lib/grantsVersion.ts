/**
 * The `grants-version` response header of every signed call: a digest of the grants epoch — a counter
 * that every change to what grants are made of moves in the changing statement's transaction (roles,
 * an account's roles, a role's menus and functions, the applications, their menus and functions:
 * triggers of migration 0044) — and the caller's level. When it differs from the last one the console
 * saw, the console reloads its menu, so buttons appear or disappear without signing out; each
 * process's permission cache is keyed by it, so a grant changed anywhere reaches every process. The
 * gate reads it with the session (same query, one primary-key read); only a write that can change
 * grants reads it again for its answer.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { sql, type SQL } from 'drizzle-orm'
import { GRANTS_VERSION_HEADER } from '../../src/contract/schemas/role'
import type { Ctx } from '../context'
import { grantsEpoch } from '../db/schema'

/** The version as an SQL expression over an account's level (also read by the gate's joined session query). */
export function grantsVersionSql(level: SQL): SQL {
  return sql`left(md5((select ${grantsEpoch.epoch} from ${grantsEpoch} where ${grantsEpoch.id} = 1) || '|' || ${level}), 16)`
}

export async function grantsVersion(ctx: Ctx, level: string): Promise<string> {
  const result = (await ctx.db.execute(sql`select ${grantsVersionSql(sql`${level}`)} as v`)) as unknown as {
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
    reply.header(GRANTS_VERSION_HEADER, again ? await grantsVersion(ctx, auth.account.level) : auth.grantsVersion)
  } catch (err) {
    ctx.log.warn({ err }, 'grants-version not computed')
  }
}
