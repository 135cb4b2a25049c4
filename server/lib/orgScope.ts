/** Data-scope helpers of the organisation module: which units a caller sees, and refusing the others with 20002. */
import { inArray, sql, type SQL } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { MenuPath } from '../../src/contract/catalogue'
import { Code } from '../../src/contract/codes'
import type { Ctx } from '../context'
import type { Db } from '../db/client'
import { ApiError } from './http'
import { scopeOrgIds } from './permissions'

export const ORG_MENU = '/admin/organization' as const satisfies MenuPath

/** The ids of the units the caller sees (null: every unit). */
export function visibleOrgIds(ctx: Ctx, req: FastifyRequest, db: Db = ctx.db): Promise<string[] | null> {
  const auth = req.auth!
  return scopeOrgIds(ctx, auth.account, auth.grant?.scope ?? 'own', db)
}

/** `column in ids` (ids null: no condition). */
export const inScope = (column: Parameters<typeof inArray>[0], ids: string[] | null): SQL | undefined =>
  ids === null ? undefined : ids.length ? inArray(column, ids) : sql`false`

/** Every id must be visible, else 20002 (a unit one may not see answers as one that does not exist). */
export function requireVisible(ids: string[] | null, wanted: string[]): void {
  if (ids === null) return
  const set = new Set(ids)
  const missing = wanted.filter((id) => !set.has(id))
  if (missing.length) throw new ApiError(Code.NOT_FOUND, missing)
}
