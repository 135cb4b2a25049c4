/**
 * Menus and functions of a role (roleMenu): the applications the caller may grant from, an
 * application's menu tree with each menu's functions (granted to the role? grantable by the
 * caller?), and save — the role's grants for one application replaced all-or-nothing. Ancestors of
 * a granted menu are granted with it (the left menu shows them anyway); a function needs its menu.
 */
import type { FastifyInstance } from 'fastify'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import { V } from '../../../src/contract/rules'
import {
  roleMenuSave,
  roleMenuTreeQuery,
  ROLE_AUTH_API,
  type RoleMenuApp,
  type RoleMenuNode,
  type RoleMenuTree,
} from '../../../src/contract/schemas/role'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { application, applicationMenu, roleMenu, roleMenuFunction } from '../../db/schema'
import { ApiError, invalidField, ok, parse, requestLang } from '../../lib/http'
import { grantedAmong } from '../../lib/permissions'
import {
  checkAdminKept,
  functionText,
  holdingsOf,
  holdsFunction,
  holdsMenu,
  menuText,
  notHeld,
  onVisibleRole,
  visibleRole,
  type Holdings,
} from './holdings'
import { functionsOf, menuColumns } from '../menu'
import { read, write } from './perm'

async function appsFor(tx: Db, h: Holdings): Promise<RoleMenuApp[]> {
  const cols = { applicationId: application.applicationId, name: application.name, code: application.code }
  if (h.root) return tx.select(cols).from(application).orderBy(asc(application.sort), asc(application.name))
  if (h.menuIds.size === 0) return []
  return tx
    .selectDistinct({ ...cols, sort: application.sort })
    .from(application)
    .innerJoin(applicationMenu, eq(applicationMenu.applicationId, application.applicationId))
    .where(inArray(applicationMenu.applicationMenuId, [...h.menuIds]))
    .orderBy(asc(application.sort), asc(application.name))
    .then((rows) => rows.map(({ sort: _s, ...a }) => a))
}

async function appMenus(tx: Db, applicationId: string) {
  const menus = await tx
    .select({ ...menuColumns, sort: applicationMenu.sort })
    .from(applicationMenu)
    .where(eq(applicationMenu.applicationId, applicationId))
    .orderBy(asc(applicationMenu.sort), asc(applicationMenu.menuName))
  const fns = await functionsOf(tx, menus)
  return { menus, fns }
}

export function registerMenuGrantRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get(ROLE_AUTH_API.menuApps, { config: read }, async (req) => {
    const h = await holdingsOf(ctx, ctx.db, req.auth!)
    return ok(req, await appsFor(ctx.db, h))
  })

  app.get(ROLE_AUTH_API.menuTree, { config: read }, async (req) => {
    const q = parse(roleMenuTreeQuery, req.query, req)
    const h = await holdingsOf(ctx, ctx.db, req.auth!)
    const r = await visibleRole(ctx.db, h, q.roleId)
    const [appRow] = await ctx.db
      .select({ applicationId: application.applicationId, name: application.name })
      .from(application)
      // SPEC §5: a missing application id is the caller's current application (its access token's)
      .where(q.appId ? eq(application.applicationId, q.appId) : eq(application.code, req.auth!.appCode ?? ctx.config.appCode))
    if (!appRow) throw new ApiError(Code.NOT_FOUND, { field: 'appId' })
    const { menus, fns } = await appMenus(ctx.db, appRow.applicationId)
    const grantedMenus = new Set(
      (await ctx.db.select({ id: roleMenu.applicationMenuId }).from(roleMenu).where(eq(roleMenu.roleId, r.roleId))).map((x) => x.id),
    )
    const grantedFns = new Set(
      (
        await ctx.db
          .select({ id: roleMenuFunction.applicationMenuFunctionId })
          .from(roleMenuFunction)
          .where(eq(roleMenuFunction.roleId, r.roleId))
      ).map((x) => x.id),
    )
    const nodes = new Map<string, RoleMenuNode>()
    for (const m of menus)
      nodes.set(m.applicationMenuId, {
        ...m,
        granted: grantedMenus.has(m.applicationMenuId),
        grantable: holdsMenu(h, m.applicationMenuId),
        functions: [],
        children: [],
      })
    for (const f of fns)
      nodes.get(f.applicationMenuId)?.functions.push({
        applicationMenuFunctionId: f.applicationMenuFunctionId,
        functionName: f.functionName,
        functionAction: f.functionAction,
        granted: grantedFns.has(f.applicationMenuFunctionId),
        grantable: holdsFunction(h, f.applicationMenuFunctionId),
      })
    const roots: RoleMenuNode[] = []
    for (const m of menus) {
      const node = nodes.get(m.applicationMenuId)!
      const parent = m.parentId && m.parentId !== m.applicationMenuId ? nodes.get(m.parentId) : undefined
      ;(parent ? parent.children : roots).push(node)
    }
    return ok<RoleMenuTree>(req, { applicationId: appRow.applicationId, applicationName: appRow.name, menus: roots })
  })

  app.post(ROLE_AUTH_API.saveMenus, { config: write('authorize') }, async (req) => {
    const body = parse(roleMenuSave, req.body, req)
    const auth = req.auth!
    const lang = requestLang(req)
    const result = await onVisibleRole(ctx, auth, body.roleId, async (tx, h, r) => {
      const [appRow] = await tx
        .select({ id: application.applicationId })
        .from(application)
        .where(eq(application.applicationId, body.applicationId))
      if (!appRow) throw invalidField('applicationId', V.invalid, lang)
      const { menus, fns } = await appMenus(tx, appRow.id)
      const menuById = new Map(menus.map((m) => [m.applicationMenuId, m]))
      const fnById = new Map(fns.map((f) => [f.applicationMenuFunctionId, f]))
      const badMenu = body.menuIds.findIndex((id) => !menuById.has(id))
      if (badMenu >= 0) throw invalidField(`menuIds.${badMenu}`, V.invalid, lang)
      // The ancestors of a granted menu come with it.
      const wanted = new Set(body.menuIds)
      for (const id of body.menuIds) {
        let p = menuById.get(id)?.parentId
        for (let depth = 0; p && !wanted.has(p) && menuById.has(p) && depth < 50; depth++) {
          wanted.add(p)
          p = menuById.get(p)?.parentId
        }
      }
      const badFn = body.functionIds.findIndex((id) => {
        const f = fnById.get(id)
        return !f || !wanted.has(f.applicationMenuId)
      })
      if (badFn >= 0) {
        const f = fnById.get(body.functionIds[badFn]!)
        if (!f) throw invalidField(`functionIds.${badFn}`, V.invalid, lang)
        const menuName = menuById.get(f.applicationMenuId)?.menuName ?? ''
        throw new ApiError(Code.INVALID, [
          {
            field: `functionIds.${badFn}`,
            key: 'v.invalid',
            message:
              lang === 'zh'
                ? `授予功能「${f.functionName}」须同时授予菜单「${menuName}」`
                : `The function "${f.functionName}" needs its menu "${menuName}" granted too`,
          },
        ])
      }
      const appMenuIds = menus.map((m) => m.applicationMenuId)
      const appFnIds = fns.map((f) => f.applicationMenuFunctionId)
      const current = await grantedAmong(tx, roleMenu.applicationMenuId, roleMenu.roleId, [r.roleId], appMenuIds)
      const currentFns = await grantedAmong(tx, roleMenuFunction.applicationMenuFunctionId, roleMenuFunction.roleId, [r.roleId], appFnIds)
      // Only what is new must be held: keeping or removing a grant hands nothing out.
      for (const id of wanted) {
        const m = menuById.get(id)!
        const implicitGroup = !body.menuIds.includes(id) && !m.action
        if (!current.has(id) && !implicitGroup && !holdsMenu(h, id)) throw notHeld(menuText(m.menuName))
      }
      for (const id of body.functionIds) {
        if (!currentFns.has(id) && !holdsFunction(h, id)) {
          const f = fnById.get(id)!
          throw notHeld(functionText(menuById.get(f.applicationMenuId)?.menuName ?? '', f.functionName))
        }
      }
      if (appMenuIds.length)
        await tx.delete(roleMenu).where(and(eq(roleMenu.roleId, r.roleId), inArray(roleMenu.applicationMenuId, appMenuIds)))
      if (appFnIds.length)
        await tx
          .delete(roleMenuFunction)
          .where(and(eq(roleMenuFunction.roleId, r.roleId), inArray(roleMenuFunction.applicationMenuFunctionId, appFnIds)))
      if (wanted.size) await tx.insert(roleMenu).values([...wanted].map((applicationMenuId) => ({ roleId: r.roleId, applicationMenuId })))
      if (body.functionIds.length)
        await tx
          .insert(roleMenuFunction)
          .values(body.functionIds.map((applicationMenuFunctionId) => ({ roleId: r.roleId, applicationMenuFunctionId })))
      if (r.builtin) await checkAdminKept(ctx, tx, r.roleId)
      return { menuCount: wanted.size, functionCount: body.functionIds.length }
    })
    return ok(req, result)
  })
}
