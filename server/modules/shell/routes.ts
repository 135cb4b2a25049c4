/** The shell's calls: the left menu by permission, the operation log of clicks, the current user. */
import type { FastifyInstance } from 'fastify'
import { and, asc, eq } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import { API } from '../../../src/contract/paths'
import { perm } from '../../../src/contract/catalogue'
import {
  accountNamesQuery,
  menuByPermissionQuery,
  operateLogBody,
  type AccountHolder,
  type CurrentUser,
  type MenuEntry,
  type OrgNode,
} from '../../../src/contract/schemas/shell'
import type { Ctx } from '../../context'
import { application, applicationMenu, applicationMenuFunction, roleMenu, roleMenuFunction } from '../../db/schema'
import { roleExists, roleNamesInOrder } from '../role'
import { staffOfAccount } from '../people'
import { ApiError, ok, parse } from '../../lib/http'
import { activeRoleIds, grantedAmong, scopeOrgIds } from '../../lib/permissions'
import { organizationName } from '../auth'
import { departmentPath } from '../department'
import { orgNames, unitPath } from '../org'
import { accountsByNames } from '../account'
import { heldFunction, logContent, writeOperateLog, writeSystemLog } from '../logs'
import { functionsOf, menuColumns } from '../menu'
import { profilePhoto } from '../personal'

export function registerShellRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get(API.admin.menuByPermission, { config: { auth: 'signed' } }, async (req) => {
    const q = parse(menuByPermissionQuery, req.query, req)
    const auth = req.auth!
    const roles = await activeRoleIds(ctx, auth.account.accountId)
    if (roles.length === 0) return ok<MenuEntry[]>(req, [])
    const roleIds = roles.map((r) => r.roleId)
    const all = await ctx.db
      .select({ ...menuColumns, iconPath: applicationMenu.iconPath, sort: applicationMenu.sort })
      .from(applicationMenu)
      .innerJoin(application, eq(application.applicationId, applicationMenu.applicationId))
      .where(eq(application.code, q.appCode))
      .orderBy(asc(applicationMenu.sort), asc(applicationMenu.menuName))
    const granted = await grantedAmong(
      ctx.db,
      roleMenu.applicationMenuId,
      roleMenu.roleId,
      roleIds,
      all.map((m) => m.applicationMenuId),
    )
    // Keep the tree whole: the ancestors of a granted menu are shown too.
    const byId = new Map(all.map((m) => [m.applicationMenuId, m]))
    for (const id of [...granted]) {
      let p = byId.get(id)?.parentId
      while (p && !granted.has(p) && byId.has(p)) {
        granted.add(p)
        p = byId.get(p)?.parentId
      }
    }
    const menus = all.filter((m) => granted.has(m.applicationMenuId))
    const fns = await functionsOf(ctx.db, menus)
    const authorised =
      auth.account.level === 'tourist' || fns.length === 0
        ? new Set<string>()
        : await grantedAmong(
            ctx.db,
            roleMenuFunction.applicationMenuFunctionId,
            roleMenuFunction.roleId,
            roleIds,
            fns.map((f) => f.applicationMenuFunctionId),
            roleExists(roleMenuFunction.roleId),
          )
    const descending = q.desc === true || q.desc === 'true'
    const entries: MenuEntry[] = menus.map((m) => {
      const functionList = fns.filter((f) => f.applicationMenuId === m.applicationMenuId).map(({ applicationMenuId: _m, ...f }) => f)
      return { ...m, functionList, authFunctionList: functionList.filter((f) => authorised.has(f.applicationMenuFunctionId)) }
    })
    if (descending) entries.reverse()
    return ok(req, entries)
  })

  app.post(API.admin.operateLogAdd, { config: { auth: 'signed', noOperateLog: true } }, async (req) => {
    const body = parse(operateLogBody, req.body, req)
    const auth = req.auth!
    if (body.accountName.toLowerCase() !== auth.account.accountName.toLowerCase()) throw new ApiError(Code.FORBIDDEN)
    const [fn] = await ctx.db
      .select({
        name: applicationMenuFunction.functionName,
        action: applicationMenuFunction.functionAction,
        menu: applicationMenu.menuName,
      })
      .from(applicationMenuFunction)
      .innerJoin(applicationMenu, eq(applicationMenu.applicationMenuId, applicationMenuFunction.applicationMenuId))
      .where(
        and(eq(applicationMenuFunction.applicationMenuFunctionId, body.functionId), eq(applicationMenu.applicationMenuId, body.menuId)),
      )
    if (!fn) throw new ApiError(Code.NOT_FOUND)
    // Only a function the caller holds is recorded; a click on any other is refused like a call of it (20003).
    if (!(await heldFunction(ctx, auth.account, body))) {
      await writeSystemLog(ctx, req, 'permission_refused', Code.FORBIDDEN, `operateLog · ${fn.menu} · ${fn.name} (${fn.action})`)
      throw new ApiError(Code.FORBIDDEN)
    }
    await writeOperateLog(ctx, {
      accountName: auth.account.accountName,
      appCode: body.appCode,
      menuId: body.menuId,
      functionId: body.functionId,
      uri: API.admin.operateLogAdd,
      // a client-reported click (SPEC §7), not an operation: method CLICK marks it, and the operation
      // log lists it only when asked for (origin=client); the gateway's own row records the operation
      method: 'CLICK',
      op: fn.action,
      menuPath: null,
      statusCode: Code.OK,
      durationMs: 0,
      content: `${fn.menu} · ${fn.name} (${fn.action})`,
      organizationId: auth.account.organizationId,
      ip: req.ip,
      menuName: fn.menu,
      action: fn.name,
      request: logContent(body),
    })
    return ok(req, null)
  })

  app.get(API.portal.userInfo, { config: { auth: 'signed' } }, async (req) => {
    const a = req.auth!.account
    const roleNames = await roleNamesInOrder(
      ctx.db,
      (await activeRoleIds(ctx, a.accountId)).map((r) => r.roleId),
    )
    const photo = await profilePhoto(ctx, a.accountId)
    // the staff record linked to this account, if any
    const staff = await staffOfAccount(ctx.db, a.accountId)
    return ok<CurrentUser>(req, {
      accountId: a.accountId,
      accountName: a.accountName,
      level: a.level,
      status: a.status,
      userId: staff?.userId ?? null,
      userName: a.userName,
      cellphone: a.cellphone,
      email: a.email,
      profilePhoto: photo?.fileId ?? null,
      profilePhotoUrl: photo?.url ?? null,
      organizationId: a.organizationId,
      organizationName: await organizationName(ctx, a.organizationId),
      roleNames,
    })
  })

  // SPEC §7's helper call "user and unit by accountNames": the holders the log screens name, within the log menu's scope
  app.get(API.portal.usersByAccountNames, { config: { auth: 'signed', perm: perm('/admin/systemLog') } }, async (req) => {
    const q = parse(accountNamesQuery, req.query, req)
    const auth = req.auth!
    const rows = await accountsByNames(ctx.db, q.accountNames, await scopeOrgIds(ctx, auth.account, auth.grant?.scope ?? 'own'))
    const units = new Map(
      (await orgNames(ctx.db, [...new Set(rows.flatMap((r) => (r.organizationId ? [r.organizationId] : [])))])).map((u) => [u.id, u.name]),
    )
    return ok<AccountHolder[]>(
      req,
      rows.map((r) => ({ ...r, organizationName: r.organizationId ? (units.get(r.organizationId) ?? null) : null })),
    )
  })

  // SPEC §7 "GET nodes": where the account sits — its unit's path, then its department's (the console's session `nodes`)
  app.get(API.portal.nodes, { config: { auth: 'signed' } }, async (req) => {
    const a = req.auth!.account
    const units = a.organizationId ? await unitPath(ctx.db, a.organizationId) : []
    const departmentId = (await staffOfAccount(ctx.db, a.accountId))?.departmentId
    const departments = departmentId ? await departmentPath(ctx.db, departmentId) : []
    return ok<OrgNode[]>(req, [
      ...units.map((u) => ({ nodeId: u.id, nodeName: u.name, category: 1 as const })),
      ...departments.map((d) => ({ nodeId: d.id, nodeName: d.name, category: 2 as const })),
    ])
  })
}
