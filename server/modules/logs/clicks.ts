/**
 * The operation log's clicks (POST operateLog/add, server/modules/shell/routes.ts): a click is
 * recorded only on a function the caller holds — through one of their active roles, which grants
 * both the function and its menu (as resolveGrant checks a call), in the application the click
 * names. A tourist holds no function.
 */
import { and, eq, inArray } from 'drizzle-orm'
import type { Ctx } from '../../context'
import { application, applicationMenu, applicationMenuFunction, roleMenu, roleMenuFunction } from '../../db/schema'
import { activeRoleIds } from '../../lib/permissions'
import type { AccountRow } from '../../types'

export interface Click {
  appCode: string
  menuId: string
  functionId: string
}

/** The clicked function's names when the caller holds it; null when they do not. */
export async function heldFunction(
  ctx: Ctx,
  acc: AccountRow,
  click: Click,
): Promise<{ name: string; action: string; menu: string } | null> {
  if (acc.level === 'tourist') return null
  const roles = (await activeRoleIds(ctx, acc.accountId)).map((r) => r.roleId)
  if (roles.length === 0) return null
  const [fn] = await ctx.db
    .select({ name: applicationMenuFunction.functionName, action: applicationMenuFunction.functionAction, menu: applicationMenu.menuName })
    .from(applicationMenuFunction)
    .innerJoin(applicationMenu, eq(applicationMenu.applicationMenuId, applicationMenuFunction.applicationMenuId))
    .innerJoin(application, eq(application.applicationId, applicationMenu.applicationId))
    .innerJoin(roleMenuFunction, eq(roleMenuFunction.applicationMenuFunctionId, applicationMenuFunction.applicationMenuFunctionId))
    .innerJoin(
      roleMenu,
      and(eq(roleMenu.applicationMenuId, applicationMenu.applicationMenuId), eq(roleMenu.roleId, roleMenuFunction.roleId)),
    )
    .where(
      and(
        eq(applicationMenuFunction.applicationMenuFunctionId, click.functionId),
        eq(applicationMenu.applicationMenuId, click.menuId),
        eq(application.code, click.appCode),
        inArray(roleMenuFunction.roleId, roles),
      ),
    )
    .limit(1)
  return fn ?? null
}
