/**
 * Every start: the console application's menu tree and functions brought in line with seed-data
 * (MENU_TREE), so a version that adds a page or a function reaches databases seeded before it.
 *
 *  - Menus are matched by their action path (leading slash ignored); a group without an action
 *    by being the parent of its seeded pages (a group the seed or this sync made), else by its
 *    Chinese or English name. Functions are matched by (menu, function action).
 *  - Missing ones are inserted and granted to the built-in 系统管理员 role(s); a new page brings
 *    its group's grant with it, a new function on an existing page is granted when the role
 *    holds that page.
 *  - Matched ones get the seed's names (zh/en), icon, sort and parent; a row is written only when
 *    something differs (its version moves by the trigger of migration 0010), so a start with nothing to do changes nothing.
 *  - Nothing is deleted, and no existing grant is added or removed: menus an administrator
 *    created, and every role's grants, stay as they are.
 *
 * One transaction, behind a transaction-level advisory lock: two processes starting together on
 * one PostgreSQL server take turns, and the second sees what the first committed.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import { newId } from '../../src/contract/ids'
import type { Db } from './client'
import * as t from './schema'
import { MENU_TREE, type SeedGroup } from './seed-data'

/** Not the startup lock (client.ts): that one is held by another session of the same process. */
const MENU_SYNC_LOCK = 7_283_002
const SYSTEM = 'system'

export interface MenuSyncResult {
  menusAdded: number
  menusUpdated: number
  functionsAdded: number
  functionsUpdated: number
}

type MenuRow = Pick<
  typeof t.applicationMenu.$inferSelect,
  'applicationMenuId' | 'parentId' | 'menuName' | 'menuNameEn' | 'action' | 'iconPath' | 'sort' | 'createBy'
>

interface Wanted {
  parentId: string | null
  menuName: string
  menuNameEn: string
  iconPath: string
  sort: number
}

const actionKey = (a: string | null) => (a ? (a.startsWith('/') ? a : `/${a}`) : null)
/** Rows the seed or this sync made first, then the oldest (ids are UUIDv7: time-ordered). */
const preferred = (a: MenuRow, b: MenuRow) =>
  Number(b.createBy === SYSTEM) - Number(a.createBy === SYSTEM) || a.applicationMenuId.localeCompare(b.applicationMenuId)

/** Syncs the menus of the application `appCode`; null when it does not exist (yet). */
export async function syncConsoleMenus(db: Db, appCode: string, tree: SeedGroup[] = MENU_TREE): Promise<MenuSyncResult | null> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db
    await tx.execute(sql`select pg_advisory_xact_lock(${MENU_SYNC_LOCK})`)
    const [app] = await tx.select({ id: t.application.applicationId }).from(t.application).where(eq(t.application.code, appCode))
    if (!app) return null

    const rows: MenuRow[] = await tx
      .select({
        applicationMenuId: t.applicationMenu.applicationMenuId,
        parentId: t.applicationMenu.parentId,
        menuName: t.applicationMenu.menuName,
        menuNameEn: t.applicationMenu.menuNameEn,
        action: t.applicationMenu.action,
        iconPath: t.applicationMenu.iconPath,
        sort: t.applicationMenu.sort,
        createBy: t.applicationMenu.createBy,
      })
      .from(t.applicationMenu)
      .where(eq(t.applicationMenu.applicationId, app.id))
    rows.sort(preferred)
    const claimed = new Set<string>()
    const claim = (row: MenuRow | undefined) => {
      if (row) claimed.add(row.applicationMenuId)
      return row
    }
    const byAction = (action: string | undefined) =>
      action ? claim(rows.find((r) => !claimed.has(r.applicationMenuId) && actionKey(r.action) === actionKey(action))) : undefined

    // ---- match: pages and groups with an action first, then the groups without one
    const groupRows = tree.map((g) => byAction(g.action))
    const pageRows = tree.map((g) => g.pages.map((p) => byAction(p.action)))
    tree.forEach((g, gi) => {
      if (g.action) return
      const free = rows.filter((r) => !claimed.has(r.applicationMenuId) && r.action === null && r.createBy === SYSTEM)
      const votes = new Map<string, number>()
      for (const p of pageRows[gi]!) if (p?.parentId) votes.set(p.parentId, (votes.get(p.parentId) ?? 0) + 1)
      const voted = free
        .filter((r) => votes.has(r.applicationMenuId))
        .sort((a, b) => votes.get(b.applicationMenuId)! - votes.get(a.applicationMenuId)!)[0]
      const named = free.find((r) => r.parentId === null && (r.menuName === g.name || r.menuNameEn === g.nameEn))
      groupRows[gi] = claim(voted ?? named)
    })

    // ---- the wanted tree: existing ids where matched, new ids elsewhere
    const newMenus: (typeof t.applicationMenu.$inferInsert)[] = []
    const changed: { row: MenuRow; want: Wanted }[] = []
    const menuIds: { id: string; isNew: boolean; parentId: string | null; fns: { action: string; name: string }[] }[] = []
    const place = (row: MenuRow | undefined, action: string | null, want: Wanted, fns: { action: string; name: string }[]) => {
      if (row) {
        const { parentId, menuName, menuNameEn, iconPath, sort } = row
        const same =
          parentId === want.parentId &&
          menuName === want.menuName &&
          menuNameEn === want.menuNameEn &&
          iconPath === want.iconPath &&
          sort === want.sort
        if (!same) changed.push({ row, want })
        menuIds.push({ id: row.applicationMenuId, isNew: false, parentId: want.parentId, fns })
        return row.applicationMenuId
      }
      const id = newId()
      newMenus.push({ applicationMenuId: id, applicationId: app.id, action, ...want, createBy: SYSTEM, updateBy: SYSTEM })
      menuIds.push({ id, isNew: true, parentId: want.parentId, fns })
      return id
    }
    tree.forEach((g, gi) => {
      const groupId = place(
        groupRows[gi],
        g.action ?? null,
        { parentId: null, menuName: g.name, menuNameEn: g.nameEn, iconPath: g.icon, sort: gi + 1 },
        g.fns ?? [],
      )
      g.pages.forEach((p, pi) => {
        place(
          pageRows[gi]![pi],
          p.action,
          { parentId: groupId, menuName: p.name, menuNameEn: p.nameEn, iconPath: p.icon, sort: pi + 1 },
          p.fns ?? [],
        )
      })
    })

    const now = new Date()
    if (newMenus.length) await tx.insert(t.applicationMenu).values(newMenus.map((m) => ({ ...m, createTime: now, updateTime: now })))
    for (const { row, want } of changed)
      await tx
        .update(t.applicationMenu)
        .set({ ...want, updateTime: now, updateBy: SYSTEM })
        .where(eq(t.applicationMenu.applicationMenuId, row.applicationMenuId))

    // ---- functions, per menu by action
    const existingMenuIds = menuIds.filter((m) => !m.isNew).map((m) => m.id)
    const fnRows = existingMenuIds.length
      ? await tx
          .select({
            id: t.applicationMenuFunction.applicationMenuFunctionId,
            menuId: t.applicationMenuFunction.applicationMenuId,
            name: t.applicationMenuFunction.functionName,
            action: t.applicationMenuFunction.functionAction,
            sort: t.applicationMenuFunction.sort,
          })
          .from(t.applicationMenuFunction)
          .where(inArray(t.applicationMenuFunction.applicationMenuId, existingMenuIds))
      : []
    const newFns: (typeof t.applicationMenuFunction.$inferInsert & { applicationMenuFunctionId: string })[] = []
    let functionsUpdated = 0
    for (const m of menuIds) {
      for (const [fi, fn] of m.fns.entries()) {
        const old = fnRows.find((r) => r.menuId === m.id && r.action === fn.action)
        if (!old) {
          newFns.push({
            applicationMenuFunctionId: newId(),
            applicationMenuId: m.id,
            functionName: fn.name,
            functionAction: fn.action,
            sort: fi + 1,
            createTime: now,
            updateTime: now,
            createBy: SYSTEM,
            updateBy: SYSTEM,
          })
        } else if (old.name !== fn.name || old.sort !== fi + 1) {
          functionsUpdated++
          await tx
            .update(t.applicationMenuFunction)
            .set({ functionName: fn.name, sort: fi + 1, updateTime: now, updateBy: SYSTEM })
            .where(eq(t.applicationMenuFunction.applicationMenuFunctionId, old.id))
        }
      }
    }
    if (newFns.length) await tx.insert(t.applicationMenuFunction).values(newFns)

    // ---- grants of what is new, to the built-in system administrator role(s)
    if (newMenus.length || newFns.length) {
      const admins = await tx.select({ id: t.role.roleId }).from(t.role).where(eq(t.role.builtin, 'sysadmin'))
      const newMenuIds = new Set(newMenus.map((m) => m.applicationMenuId!))
      const parentOf = new Map(menuIds.map((m) => [m.id, m.parentId]))
      for (const { id: roleId } of admins) {
        const menuGrants = new Set<string>()
        for (const id of newMenuIds) {
          menuGrants.add(id)
          const parent = parentOf.get(id)
          if (parent) menuGrants.add(parent)
        }
        if (menuGrants.size)
          await tx
            .insert(t.roleMenu)
            .values([...menuGrants].map((applicationMenuId) => ({ roleId, applicationMenuId })))
            .onConflictDoNothing()
        const fnMenus = [...new Set(newFns.map((f) => f.applicationMenuId))].filter((id) => !newMenuIds.has(id))
        const held = new Set(
          fnMenus.length
            ? (
                await tx
                  .select({ id: t.roleMenu.applicationMenuId })
                  .from(t.roleMenu)
                  .where(and(eq(t.roleMenu.roleId, roleId), inArray(t.roleMenu.applicationMenuId, fnMenus)))
              ).map((r) => r.id)
            : [],
        )
        const fnGrants = newFns.filter((f) => newMenuIds.has(f.applicationMenuId) || held.has(f.applicationMenuId))
        if (fnGrants.length)
          await tx
            .insert(t.roleMenuFunction)
            .values(fnGrants.map((f) => ({ roleId, applicationMenuFunctionId: f.applicationMenuFunctionId })))
            .onConflictDoNothing()
      }
    }
    return { menusAdded: newMenus.length, menusUpdated: changed.length, functionsAdded: newFns.length, functionsUpdated }
  })
}

/** For the start-up line: what the sync changed ('' when nothing). */
export function describeSync(r: MenuSyncResult | null): string {
  if (!r || !(r.menusAdded || r.menusUpdated || r.functionsAdded || r.functionsUpdated)) return ''
  return `, console menus synced (menus: ${r.menusAdded} added, ${r.menusUpdated} updated; functions: ${r.functionsAdded} added, ${r.functionsUpdated} updated)`
}
