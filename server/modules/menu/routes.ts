/**
 * Application menus (permission /admin/app-manage): list?applicationId= (flat, with functionList),
 * add/update (functionList merged by applicationMenuFunctionId), delete (with children, functions
 * and grants).
 */
import type { FastifyInstance } from 'fastify'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import { newId } from '../../../src/contract/ids'
import { V } from '../../../src/contract/rules'
import { menuAdd, menuListQuery, menuUpdate, type MenuFields } from '../../../src/contract/schemas/application'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { application, applicationMenu, applicationMenuFunction } from '../../db/schema'
import { ApiError, invalidField } from '../../lib/http'
import { defineResource, registerResource, type WriteContext } from '../../lib/resource'
import texts from './texts.json'

/** A menu's place in its tree and its names (the shell's menus, a role's grant tree). */
export const menuColumns = {
  applicationMenuId: applicationMenu.applicationMenuId,
  parentId: applicationMenu.parentId,
  menuName: applicationMenu.menuName,
  menuNameEn: applicationMenu.menuNameEn,
  action: applicationMenu.action,
}

/** The functions of the menus, each with its menu's id, in the menus' order of functions. */
export async function functionsOf(db: Db, menus: readonly { applicationMenuId?: unknown }[]) {
  if (menus.length === 0) return []
  const menuIds = menus.map((m) => String(m.applicationMenuId))
  return db
    .select({
      applicationMenuFunctionId: applicationMenuFunction.applicationMenuFunctionId,
      applicationMenuId: applicationMenuFunction.applicationMenuId,
      functionName: applicationMenuFunction.functionName,
      functionAction: applicationMenuFunction.functionAction,
    })
    .from(applicationMenuFunction)
    .where(inArray(applicationMenuFunction.applicationMenuId, menuIds))
    .orderBy(asc(applicationMenuFunction.sort), asc(applicationMenuFunction.functionAction))
}

/** The ids of the menus that open this page (`/admin/user-audit`; stored with or without the leading slash), in any application. */
export async function menuIdsOfAction(db: Db, action: string): Promise<string[]> {
  const withSlash = action.startsWith('/') ? action : `/${action}`
  const rows = await db
    .select({ id: applicationMenu.applicationMenuId })
    .from(applicationMenu)
    .where(inArray(applicationMenu.action, [withSlash, withSlash.slice(1)]))
  return rows.map((r) => r.id)
}

/**
 * The parent must be a menu of the same application, and not the menu itself or one of its
 * descendants (20021). No parentId: the root.
 */
async function checkParent(id: string, input: MenuFields, tx: Db): Promise<void> {
  const [app] = await tx
    .select({ id: application.applicationId })
    .from(application)
    .where(eq(application.applicationId, input.applicationId))
  if (!app) throw invalidField('applicationId', V.invalid, 'zh')
  let parent = input.parentId ?? null
  for (let depth = 0; parent; depth++) {
    if (parent === id) throw new ApiError(Code.REFUSED, null, texts.routes.underItself)
    if (depth > 20) throw invalidField('parentId', V.invalid, 'zh')
    const [p] = await tx
      .select({ parentId: applicationMenu.parentId, applicationId: applicationMenu.applicationId })
      .from(applicationMenu)
      .where(eq(applicationMenu.applicationMenuId, parent))
    if (!p || p.applicationId !== input.applicationId) throw invalidField('parentId', V.invalid, 'zh')
    parent = p.parentId
  }
}

/** Functions: kept (same id, updated), created (no or unknown id), deleted (absent). */
async function mergeFunctions(menuId: string, list: MenuFields['functionList'], w: WriteContext): Promise<void> {
  const { tx, now, auth } = w
  const existing = await tx.select().from(applicationMenuFunction).where(eq(applicationMenuFunction.applicationMenuId, menuId))
  const keep = new Set(list.map((f) => f.applicationMenuFunctionId).filter((x): x is string => Boolean(x)))
  const gone = existing.filter((f) => !keep.has(f.applicationMenuFunctionId)).map((f) => f.applicationMenuFunctionId)
  if (gone.length) await tx.delete(applicationMenuFunction).where(inArray(applicationMenuFunction.applicationMenuFunctionId, gone))
  for (const [i, f] of list.entries()) {
    const old = existing.find((e) => e.applicationMenuFunctionId === f.applicationMenuFunctionId)
    if (old) {
      if (old.functionName !== f.functionName || old.functionAction !== f.functionAction || old.sort !== i + 1)
        await tx
          .update(applicationMenuFunction)
          .set({
            functionName: f.functionName,
            functionAction: f.functionAction,
            sort: i + 1,
            updateTime: now,
            updateBy: auth.account.accountId,
          })
          .where(eq(applicationMenuFunction.applicationMenuFunctionId, old.applicationMenuFunctionId))
    } else {
      await tx.insert(applicationMenuFunction).values({
        applicationMenuFunctionId: f.applicationMenuFunctionId ?? newId(),
        applicationMenuId: menuId,
        functionName: f.functionName,
        functionAction: f.functionAction,
        sort: i + 1,
        createTime: now,
        updateTime: now,
        createBy: auth.account.accountId,
        updateBy: auth.account.accountId,
      })
    }
  }
}

/** Every descendant of the given menus. */
async function descendants(tx: Db, ids: string[]): Promise<string[]> {
  const out: string[] = []
  let frontier = ids
  while (frontier.length) {
    const rows = await tx
      .select({ id: applicationMenu.applicationMenuId })
      .from(applicationMenu)
      .where(inArray(applicationMenu.parentId, frontier))
    frontier = rows.map((r) => r.id).filter((id) => !out.includes(id) && !ids.includes(id))
    out.push(...frontier)
  }
  return out
}

export function registerMenuRoutes(app: FastifyInstance, ctx: Ctx): void {
  registerResource(
    app,
    ctx,
    defineResource({
      name: 'applicationMenu',
      table: applicationMenu,
      idField: 'applicationMenuId',
      menu: '/admin/app-manage',
      schemas: { add: menuAdd, update: menuUpdate, listQuery: menuListQuery },
      without: ['listPage'],
      // SPEC §5: a missing application id is filled from the current application (the caller's access
      // token's); with none, nothing is listed
      filters: (q, auth) => [
        q.applicationId
          ? eq(applicationMenu.applicationId, q.applicationId)
          : inArray(
              applicationMenu.applicationId,
              sql`(select ${application.applicationId} from ${application} where ${application.code} = ${auth.appCode ?? ''})`,
            ),
      ],
      sortable: { sort: applicationMenu.sort, menuName: applicationMenu.menuName },
      unique: [
        {
          field: 'menuName',
          within: ['applicationId', 'parentId'],
          message: { zh: '同级菜单名称已存在', en: 'A sibling menu of that name exists' },
        },
      ],
      enrich: async (db, rows) => {
        const fns = await functionsOf(db, rows)
        return rows.map((r) => ({
          ...r,
          functionList: fns.filter((f) => f.applicationMenuId === r.applicationMenuId).map(({ applicationMenuId: _m, ...f }) => f),
        }))
      },
      afterWrite: async (id, input, w) => {
        await checkParent(id, input, w.tx)
        await mergeFunctions(id, input.functionList, w)
      },
      beforeDelete: async (ids, _rows, w) => {
        const children = await descendants(w.tx, ids)
        if (children.length) await w.tx.delete(applicationMenu).where(and(inArray(applicationMenu.applicationMenuId, children)))
      },
    }),
  )
}
