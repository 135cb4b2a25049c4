/**
 * The console's menus and functions are synced from seed-data on every start: a database seeded
 * by an older version (here: rows removed and renamed behind the gateway's back) gets the missing
 * menus and functions back, granted to 系统管理员, and the seeded names again — while menus an
 * administrator made and every role's grants stay as they were. On PostgreSQL, two gateways
 * starting together on such a database add each missing row once.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { loadConfig } from '../../server/config'
import { openDatabase } from '../../server/db/client'
import { startGateway, type Gateway } from '../support/gateway'
import { newKey, type Client } from './client'
import { MENU_BY_PERMISSION, signedIn, sleep, uniqueName } from './helpers'
import { addRole, byAction, fnOf, grantsOf, roles, saveMenus, tree, type Tree } from './roles-fixtures'

const M = '/api/admin/v1/applicationMenu'
const APP = 'trestle-admin'

interface Fn {
  applicationMenuFunctionId: string
  functionName: string
  functionAction: string
}
interface Entry {
  applicationMenuId: string
  parentId: string | null
  menuName: string
  menuNameEn: string | null
  action: string | null
  iconPath: string | null
  functionList: Fn[]
  authFunctionList: Fn[]
}
interface Menu {
  applicationMenuId: string
  parentId: string | null
  menuName: string
  action: string | null
  version: number
  functionList: Fn[]
}

/** The start-up lines of a gateway's log (written through a pipe: may trail its stdout a moment). */
async function startLog(g: Gateway): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const text = readFileSync(g.log, 'utf8')
    if (text.includes('Trestle gateway on')) return text
    await sleep(100)
  }
  throw new Error(`no start-up line in ${g.log}`)
}

const norm = (a: string | null) => (a ? a.replace(/^\/?/, '/') : null)
const actions = (fns: Fn[]) => fns.map((f) => f.functionAction).sort()

/** The signed-in account's left menu. */
async function leftMenu(c: Client): Promise<Entry[]> {
  const r = await c.call<Entry[]>('GET', MENU_BY_PERMISSION, { query: { appCode: APP } })
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}
const entry = (menu: Entry[], action: string) => menu.find((m) => norm(m.action) === action)

async function consoleApp(c: Client): Promise<string> {
  const apps = await c.call<{ records: { applicationId: string; code: string }[] }>('GET', '/api/admin/v1/application/listPage', {
    query: { pageIndex: 1, pageSize: 100 },
  })
  return apps.body.data.records.find((a) => a.code === APP)!.applicationId
}
async function menus(c: Client, appId: string): Promise<Menu[]> {
  const r = await c.call<Menu[]>('GET', `${M}/list`, { query: { applicationId: appId } })
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}

/** What stands for "an older version's database": a page and a function missing, a page and a group renamed. */
const AGE = [
  `delete from application_menu where action = '/admin/user-audit'`,
  `delete from application_menu_function where function_action = 'copy'
     and application_menu_id in (select application_menu_id from application_menu where action = '/admin/wbs-management')`,
  `delete from application_menu_function where function_action = 'import'
     and application_menu_id in (select application_menu_id from application_menu where action = '/admin/resource-pool')`,
  `update application_menu set menu_name = '旧角色菜单', menu_name_en = 'Old roles', icon_path = 'lucide:circle', sort = 9 where action = '/admin/role-manage'`,
  `update application_menu set menu_name = '旧流程', menu_name_en = null where menu_name = '工作流' and parent_id is null`,
]

describe('console menus on an embedded database', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'trestle-menusync-'))
  let gw: Gateway | undefined
  afterAll(async () => {
    await gw?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it(
    'restores missing and renamed seeded menus and functions on restart, leaving administrators’ menus and grants alone',
    { timeout: 240_000 },
    async () => {
      gw = await startGateway('menusync', {}, dir)
      let admin = await signedIn(gw)
      const appId = await consoleApp(admin)
      const sysadmin = (await roles(admin)).find((r) => r.builtin)!

      // An administrator's own menu with a function, and a role granted part of the renamed page.
      const own = await admin.call<Menu>('POST', `${M}/add`, {
        json: {
          applicationId: appId,
          menuName: uniqueName('自建菜单'),
          sort: 97,
          functionList: [{ functionName: '自建功能', functionAction: 'mine' }],
        },
        idempotencyKey: newKey(),
      })
      expect(own.body.code, own.text).toBe(10000)
      const role = await addRole(admin, '同步')
      const before = await tree(admin, role.roleId)
      const roleManage = byAction(before, '/admin/role-manage')
      const granted = await saveMenus(
        admin,
        role.roleId,
        appId,
        [roleManage.applicationMenuId, roleManage.parentId!],
        [fnOf(roleManage, 'edit').applicationMenuFunctionId],
      )
      expect(granted.body.code, granted.text).toBe(10000)
      // 系统管理员 no longer holds 资源池: the administrator's choice, kept by the sync.
      const adminBefore = await tree(admin, sysadmin.roleId)
      const pool = byAction(adminBefore, '/admin/resource-pool')
      const kept = grantsOf(adminBefore)
      const withoutPool = {
        menuIds: kept.menuIds.filter((id) => id !== pool.applicationMenuId),
        functionIds: kept.functionIds.filter((id) => !pool.functions.some((f) => f.applicationMenuFunctionId === id)),
      }
      expect((await saveMenus(admin, sysadmin.roleId, appId, withoutPool.menuIds, withoutPool.functionIds)).body.code).toBe(10000)
      const roleGrants = grantsOf(await tree(admin, role.roleId))
      const old = await leftMenu(admin)
      const oldWbsCopy = fnOf(byAction(adminBefore, '/admin/wbs-management'), 'copy').applicationMenuFunctionId

      // The same data directory, aged by hand while no gateway runs.
      await gw.stop()
      const database = await openDatabase(loadConfig({ TRESTLE_DATA_DIR: dir }))
      for (const q of AGE) await database.db.execute(sql.raw(q))
      await database.close()

      gw = await startGateway('menusync', {}, dir)
      expect(await startLog(gw)).toMatch(/console menus synced \(menus: 1 added, 2 updated; functions: 4 added, 0 updated\)/)
      admin = await signedIn(gw)
      const now = await leftMenu(admin)

      // The missing page is back under its group, with its functions, granted to the admin.
      const audit = entry(now, '/admin/user-audit')
      expect(audit).toMatchObject({ menuName: '用户审核', menuNameEn: 'User audit', iconPath: 'lucide:user-check' })
      expect(audit!.applicationMenuId).not.toBe(entry(old, '/admin/user-audit')!.applicationMenuId)
      expect(audit!.parentId).toBe(entry(old, '/admin/user-audit')!.parentId)
      expect(actions(audit!.authFunctionList)).toEqual(['audit', 'export'])
      // The missing function is back and granted; the one on a page the admin no longer holds is back, not granted.
      const wbs = entry(now, '/admin/wbs-management')!
      expect(actions(wbs.authFunctionList)).toContain('copy')
      expect(wbs.authFunctionList.find((f) => f.functionAction === 'copy')!.applicationMenuFunctionId).not.toBe(oldWbsCopy)
      expect(entry(now, '/admin/resource-pool')).toBeUndefined()
      const adminAfter = await tree(admin, sysadmin.roleId)
      const poolAfter = byAction(adminAfter, '/admin/resource-pool')
      expect(poolAfter.granted).toBe(false)
      expect(fnOf(poolAfter, 'import').granted).toBe(false)
      // The renamed page and group carry the seed's names, icon and place again (same records).
      const roles2 = entry(now, '/admin/role-manage')!
      expect(roles2).toMatchObject({
        applicationMenuId: roleManage.applicationMenuId,
        menuName: '角色管理',
        menuNameEn: 'Roles',
        iconPath: 'lucide:shield-check',
      })
      const oldRoles = entry(old, '/admin/role-manage')!
      expect(now.filter((m) => m.parentId === roles2.parentId).map((m) => m.action)).toEqual(
        old.filter((m) => m.parentId === oldRoles.parentId).map((m) => m.action),
      )
      const workflow = now.find((m) => m.applicationMenuId === old.find((o) => o.menuName === '工作流')!.applicationMenuId)
      expect(workflow).toMatchObject({ menuName: '工作流', menuNameEn: 'Workflow' })
      // Everything else the admin saw is there as it was.
      expect(now.map((m) => m.applicationMenuId)).toEqual(
        expect.arrayContaining(old.filter((m) => norm(m.action) !== '/admin/user-audit').map((m) => m.applicationMenuId)),
      )

      // The administrator's menu and the other role's grants are untouched.
      const all = await menus(admin, appId)
      const mine = all.find((m) => m.applicationMenuId === own.body.data.applicationMenuId)
      expect(mine).toMatchObject({ menuName: own.body.data.menuName, version: own.body.data.version })
      expect(mine!.functionList.map((f) => f.functionAction)).toEqual(['mine'])
      expect(grantsOf(await tree(admin, role.roleId))).toEqual(roleGrants)
      expect(all.filter((m) => norm(m.action) === '/admin/user-audit')).toHaveLength(1)

      // Another start changes nothing.
      await gw.stop()
      gw = await startGateway('menusync', {}, dir)
      expect(await startLog(gw)).not.toMatch(/console menus synced/)
      admin = await signedIn(gw)
      const again = await menus(admin, appId)
      const shape = (ms: Menu[]) =>
        ms.map((m) => [m.applicationMenuId, m.parentId, m.menuName, m.version, m.functionList.map((f) => f.applicationMenuFunctionId)])
      expect(shape(again)).toEqual(shape(all))
      expect(grantsOf(await tree(admin, sysadmin.roleId))).toEqual(grantsOf(adminAfter))
    },
  )
})

const pgUrl = provided('pgUrl')

describe.runIf(pgUrl)('console menus on PostgreSQL (no demo data)', () => {
  const name = `trestle_menusync_${Date.now().toString(36)}`
  const url = pgUrl ? Object.assign(new URL(pgUrl), { pathname: `/${name}` }).toString() : ''
  const env = { DATABASE_URL: url, TRESTLE_ADMIN_PASSWORD: 'MenuSync#2026' }
  const gateways: Gateway[] = []
  const server = async <T>(fn: (c: pg.Client) => Promise<T>, database = pgUrl!) => {
    const c = new pg.Client({ connectionString: database })
    await c.connect()
    try {
      return await fn(c)
    } finally {
      await c.end()
    }
  }
  afterAll(async () => {
    await Promise.all(gateways.map((g) => g.stop()))
    if (pgUrl) await server((c) => c.query(`drop database if exists ${name} with (force)`))
  })

  it('two gateways starting together add each missing menu and function once, granted to the admin', { timeout: 240_000 }, async () => {
    await server((c) => c.query(`create database ${name}`))
    const first = await startGateway('menusync-pg', env)
    gateways.push(first)
    const old = await leftMenu(await signedIn(first))
    await first.stop()
    await server(async (c) => {
      for (const q of AGE) await c.query(q)
    }, url)

    const [a, b] = await Promise.all([startGateway('menusync-pgA', env), startGateway('menusync-pgB', env)])
    gateways.push(a!, b!)
    const logs = await Promise.all([a!, b!].map(startLog))
    expect(
      logs.filter((l) => /console menus synced/.test(l)),
      logs.join('\n---\n'),
    ).toHaveLength(1)
    for (const g of [a!, b!]) {
      const admin = await signedIn(g)
      const now = await leftMenu(admin)
      expect(now.filter((m) => norm(m.action) === '/admin/user-audit')).toHaveLength(1)
      expect(actions(entry(now, '/admin/user-audit')!.authFunctionList)).toEqual(['audit', 'export'])
      expect(entry(now, '/admin/wbs-management')!.authFunctionList.filter((f) => f.functionAction === 'copy')).toHaveLength(1)
      expect(actions(entry(now, '/admin/resource-pool')!.authFunctionList)).toContain('import')
      expect(entry(now, '/admin/role-manage')).toMatchObject({ menuName: '角色管理', menuNameEn: 'Roles' })
      expect(now.map((m) => m.menuName).sort()).toEqual(old.map((m) => m.menuName).sort())
      const t: Tree = await tree(admin, (await roles(admin)).find((r) => r.builtin)!.roleId)
      expect(byAction(t, '/admin/user-audit').granted).toBe(true)
    }
  })
})
