/**
 * Function permissions (SPEC §6): an account's roles grant menus of an application and, per
 * menu, function actions, plus a data scope. Checked on every signed endpoint that declares one.
 */
import type { FastifyRequest } from 'fastify'
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { Code } from '../../src/contract/codes'
import { DATA_SCOPES, type DataScope } from '../../src/contract/enums'
import type { Ctx } from '../context'
import type { Db } from '../db/client'
import { accountRole, application, applicationMenu, applicationMenuFunction, roleMenu, roleMenuFunction } from '../db/schema'
import { activeRoles, unitSubtreeSql } from './modulePorts'
import { ApiError } from './http'
import { writeSystemLog } from './logPort'
import type { AccountRow, AuthContext, Permission } from '../types'

const withSlash = (a: string) => (a.startsWith('/') ? a : `/${a}`)

/** Active roles of an account. */
export function activeRoleIds(ctx: Ctx, accountId: string) {
  const role = activeRoles()
  return ctx.db
    .select({ roleId: role.roleId, dataScope: role.dataScope })
    .from(accountRole)
    .innerJoin(role, eq(role.roleId, accountRole.roleId))
    .where(eq(accountRole.accountId, accountId))
}

/**
 * Which of `ids` the roles are granted in a grant table (role_menu, role_menu_function): `granted` is
 * its granted column, `role` its role column; `also`, further conditions.
 */
export async function grantedAmong(
  db: Db,
  granted: AnyPgColumn,
  role: AnyPgColumn,
  roleIds: string[],
  ids: string[],
  also?: SQL,
): Promise<Set<string>> {
  if (roleIds.length === 0 || ids.length === 0) return new Set()
  const rows = await db
    .selectDistinct({ id: granted })
    .from(granted.table)
    .where(and(inArray(role, roleIds), also, inArray(granted, ids)))
  return new Set(rows.map((r) => r.id as string))
}

const widest = (scopes: string[]): DataScope => DATA_SCOPES[Math.max(0, ...scopes.map((s) => DATA_SCOPES.indexOf(s as DataScope)))] ?? 'own'

/**
 * The grant of `perm` to an account: the menu (and function) through its active roles, with the
 * widest data scope among the roles that grant the menu. One joined query for the menu (the
 * account's active roles × their menu grants), a second one only when a function is asked for.
 */
export async function resolveGrant(
  ctx: Ctx,
  acc: AccountRow,
  appCode: string,
  perm: Permission,
): Promise<{ menuId: string; functionId: string | null; scope: DataScope } | null> {
  const action = withSlash(perm.menu)
  const role = activeRoles()
  const menus = await ctx.db
    .select({ menuId: applicationMenu.applicationMenuId, roleId: role.roleId, dataScope: role.dataScope })
    .from(accountRole)
    .innerJoin(role, eq(role.roleId, accountRole.roleId))
    .innerJoin(roleMenu, eq(roleMenu.roleId, role.roleId))
    .innerJoin(
      applicationMenu,
      and(eq(applicationMenu.applicationMenuId, roleMenu.applicationMenuId), inArray(applicationMenu.action, [action, action.slice(1)])),
    )
    .innerJoin(application, and(eq(application.applicationId, applicationMenu.applicationId), eq(application.code, appCode)))
    .where(eq(accountRole.accountId, acc.accountId))
  if (menus.length === 0) return null
  const grantingRoles = new Set(menus.map((m) => m.roleId))
  const scope = widest(menus.map((m) => m.dataScope))
  const menuId = menus[0]!.menuId
  if (!perm.fn) return { menuId, functionId: null, scope }
  if (acc.level === 'tourist') return null
  const fns = await ctx.db
    .select({ functionId: applicationMenuFunction.applicationMenuFunctionId })
    .from(applicationMenuFunction)
    .innerJoin(roleMenuFunction, eq(roleMenuFunction.applicationMenuFunctionId, applicationMenuFunction.applicationMenuFunctionId))
    .where(
      and(
        inArray(applicationMenuFunction.applicationMenuId, [...new Set(menus.map((m) => m.menuId))]),
        eq(applicationMenuFunction.functionAction, perm.fn),
        inArray(roleMenuFunction.roleId, [...grantingRoles]),
      ),
    )
    .limit(1)
  if (fns.length === 0) return null
  return { menuId, functionId: fns[0]!.functionId, scope }
}

type Grant = Awaited<ReturnType<typeof resolveGrant>>

/**
 * Grants this process resolved, keyed by the caller's grants version (read with the session, from
 * the database, on every signed call): whatever a grant is made of — roles, their menu and function
 * grants, the menus and functions, the account's level — changes that version in every process
 * alike, so an entry can only be found while it is still true. Kept a minute at most, and bounded.
 */
const grantCache = new Map<string, { at: number; grant: Grant }>()
const GRANT_CACHE_MS = 60_000
const GRANT_CACHE_MAX = 20_000

async function cachedGrant(ctx: Ctx, auth: AuthContext, appCode: string, perm: Permission): Promise<Grant> {
  if (!auth.grantsVersion) return resolveGrant(ctx, auth.account, appCode, perm)
  const key = `${auth.account.accountId}|${appCode}|${perm.menu}|${perm.fn ?? ''}|${auth.grantsVersion}`
  const now = Date.now()
  const hit = grantCache.get(key)
  if (hit && now - hit.at < GRANT_CACHE_MS) return hit.grant
  const grant = await resolveGrant(ctx, auth.account, appCode, perm)
  if (grantCache.size >= GRANT_CACHE_MAX) grantCache.clear()
  grantCache.set(key, { at: now, grant })
  return grant
}

/** The caller's grant of `perm` (null: refused), without answering yet; see `refusePermission`. */
export async function grantOf(ctx: Ctx, auth: AuthContext, perm: Permission): Promise<Grant | null> {
  return auth.appCode ? cachedGrant(ctx, auth, auth.appCode, perm) : null
}

/** 20003, logged. */
export async function refusePermission(ctx: Ctx, req: FastifyRequest, perm: Permission): Promise<never> {
  await writeSystemLog(ctx, req, 'permission_refused', Code.FORBIDDEN, `${perm.menu}${perm.fn ? ` · ${perm.fn}` : ''}`)
  throw new ApiError(Code.FORBIDDEN)
}

export async function checkPermission(ctx: Ctx, req: FastifyRequest, auth: AuthContext, perm: Permission): Promise<void> {
  const grant = await grantOf(ctx, auth, perm)
  if (!grant) return refusePermission(ctx, req, perm)
  auth.grant = grant
}

/**
 * Organisation ids visible under a data scope; null means every organisation. Besides the scope's
 * own organisation (and its descendants for 'children'), the organisations granted to any of the
 * account's active roles (role_org, roleOrg/save) are visible. Inside a transaction pass its `db` (tx).
 */
export async function scopeOrgIds(ctx: Ctx, acc: AccountRow, scope: DataScope, db: Ctx['db'] = ctx.db): Promise<string[] | null> {
  if (scope === 'all') return null
  const role = activeRoles()
  const granted = sql`
    select ro.organization_id as id from role_org ro
      join account_role ar on ar.role_id = ro.role_id
      join ${role} on ${role.roleId} = ro.role_id
    where ar.account_id = ${acc.accountId}`
  const own = !acc.organizationId
    ? sql`select null::text as id where false`
    : scope === 'own'
      ? sql`select ${acc.organizationId}::text as id`
      : sql`select sub.id from ${unitSubtreeSql(acc.organizationId)} as sub`
  const result = (await db.execute(sql`${own} union ${granted}`)) as unknown as { rows: { id: string }[] }
  return result.rows.map((r) => r.id)
}
