import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { newKey, type Client } from './client'
import { MENU_BY_PERMISSION, signedIn, uniqueName } from './helpers'

const M = '/api/admin/v1/applicationMenu'

interface Menu {
  applicationMenuId: string
  applicationId: string
  parentId: string | null
  menuName: string
  menuNameEn: string | null
  action: string | null
  sort: number
  version: number
  createBy: string
  functionList: { applicationMenuFunctionId: string; functionName: string; functionAction: string }[]
}

/** What the console sends on update: the whole record, null and empty values stripped. */
const asConsole = (m: Menu, changes: Partial<Menu> = {}) =>
  Object.fromEntries(Object.entries({ ...m, ...changes }).filter(([, v]) => v !== null && v !== '' && v !== undefined))

describe.each(provided('targets'))('application menus on $name', (t) => {
  let admin: Client
  let appId: string
  beforeAll(async () => {
    admin = await signedIn(t)
    const apps = await admin.call<{ records: { applicationId: string; code: string }[] }>('GET', '/api/admin/v1/application/listPage', {
      query: { pageIndex: 1, pageSize: 100 },
    })
    appId = apps.body.data.records.find((a) => a.code === 'trestle-admin')!.applicationId
  })

  const add = async (menuName: string, parentId?: string) => {
    const r = await admin.call<Menu>('POST', `${M}/add`, {
      json: { applicationId: appId, menuName, sort: 95, functionList: [], ...(parentId ? { parentId } : {}) },
      idempotencyKey: newKey(),
    })
    expect(r.body.code).toBe(10000)
    return r.body.data
  }
  const update = (json: unknown, lang?: string) =>
    admin.call<Menu>('PUT', `${M}/update`, { json, idempotencyKey: newKey(), headers: lang ? { 'accept-language': lang } : {} })
  const list = async () => (await admin.call<Menu[]>('GET', `${M}/list`, { query: { applicationId: appId } })).body.data
  const remove = (ids: string[]) => admin.call('POST', `${M}/delete`, { form: { ids: ids.join(',') }, idempotencyKey: newKey() })

  it("fills a missing application id from the caller's current application (SPEC §5): the menus, a role's menu tree", async () => {
    const filled = await admin.call<Menu[]>('GET', `${M}/list`)
    expect(filled.body.code).toBe(10000)
    const ofApp = await list()
    expect(ofApp.length).toBeGreaterThan(40)
    expect(filled.body.data.map((m) => m.applicationMenuId).sort()).toEqual(ofApp.map((m) => m.applicationMenuId).sort())
    const roles = await admin.call<{ records: { roleId: string }[] }>('GET', '/api/admin/v1/role/listPage', {
      query: { pageIndex: 1, pageSize: 1 },
    })
    const tree = await admin.call<{ applicationId: string }>('GET', '/api/admin/v1/roleMenu/listTree', {
      query: { roleId: roles.body.data.records[0]!.roleId },
    })
    expect(tree.body.code).toBe(10000)
    expect(tree.body.data.applicationId).toBe(appId)
  })

  it('keeps an English name (≤ 60) per menu, seeded for every seeded menu and answered with the left menu', async () => {
    const mine = (
      await admin.call<{ menuName: string; menuNameEn: string | null; action: string | null }[]>('GET', MENU_BY_PERMISSION, {
        query: { appCode: 'trestle-admin' },
      })
    ).body.data
    expect(mine.find((m) => m.menuName === '组织机构')?.menuNameEn).toBe('Organisation')
    expect(mine.find((m) => m.action === '/admin/role-manage')?.menuNameEn).toBe('Roles')
    const seeded = (await list()).filter((m) => m.createBy === 'system')
    expect(seeded.length).toBeGreaterThan(40)
    expect(seeded.filter((m) => !m.menuNameEn).map((m) => m.menuName)).toEqual([])

    const r = await admin.call<Menu>('POST', `${M}/add`, {
      json: { applicationId: appId, menuName: uniqueName('英文'), menuNameEn: '  Site diary ', sort: 95, functionList: [] },
      idempotencyKey: newKey(),
    })
    expect(r.body.code).toBe(10000)
    expect(r.body.data.menuNameEn).toBe('Site diary')
    const long = await update({ ...asConsole(r.body.data), menuNameEn: 'x'.repeat(61) })
    expect(long.body.code).toBe(20001)
    // The console strips an emptied field: the English name is cleared.
    const { menuNameEn: _en, ...cleared } = asConsole(r.body.data) as Record<string, unknown>
    const u = await update(cleared)
    expect(u.body.code).toBe(10000)
    expect(u.body.data.menuNameEn).toBeNull()
    expect((await remove([r.body.data.applicationMenuId])).body.code).toBe(10000)
  })

  it('moves a menu to the root when the update carries no parentId', async () => {
    const a = await add(uniqueName('分组A'))
    const b = await add(uniqueName('页面B'), a.applicationMenuId)
    const c = await add(uniqueName('页面C'), b.applicationMenuId)
    expect(b.parentId).toBe(a.applicationMenuId)
    // With its parentId the menu stays where it is.
    const same = await update(asConsole(b))
    expect(same.body.code).toBe(10000)
    expect(same.body.data.parentId).toBe(a.applicationMenuId)
    // The console cleared the parent: the field is stripped, not sent as null.
    const { parentId: _p, ...noParent } = asConsole(same.body.data) as Record<string, unknown>
    const root = await update(noParent)
    expect(root.body.code).toBe(10000)
    expect(root.body.data.parentId).toBeNull()
    const rows = await list()
    expect(rows.find((m) => m.applicationMenuId === b.applicationMenuId)!.parentId).toBeNull()
    expect(rows.find((m) => m.applicationMenuId === c.applicationMenuId)!.parentId).toBe(b.applicationMenuId)
    expect((await remove([a.applicationMenuId, b.applicationMenuId])).body.code).toBe(10000)
  })

  it('checks sibling names where the menu goes, also when it goes to the root', async () => {
    const name = uniqueName('同名')
    const top = await add(name)
    const group = await add(uniqueName('分组'))
    const child = await add(name, group.applicationMenuId)
    const { parentId: _p, ...toRoot } = asConsole(child) as Record<string, unknown>
    const r = await update(toRoot)
    expect(r.body.code).toBe(20006)
    const stays = (await list()).find((m) => m.applicationMenuId === child.applicationMenuId)!
    expect(stays).toMatchObject({ parentId: group.applicationMenuId, version: child.version })
    expect((await remove([top.applicationMenuId, group.applicationMenuId])).body.code).toBe(10000)
  })

  it('refuses to move a menu under itself or one of its submenus (20021)', async () => {
    const a = await add(uniqueName('分组A'))
    const b = await add(uniqueName('页面B'), a.applicationMenuId)
    const c = await add(uniqueName('页面C'), b.applicationMenuId)
    const underGrandchild = await update(asConsole(a, { parentId: c.applicationMenuId }))
    expect(underGrandchild.body.code).toBe(20021)
    expect(underGrandchild.body.message).toBe('不能把菜单移到它自身或它的下级菜单之下')
    const underItself = await update(asConsole(a, { parentId: a.applicationMenuId }), 'en')
    expect(underItself.body.code).toBe(20021)
    expect(underItself.body.message).toBe('A menu cannot be moved under itself or one of its own submenus')
    const underChild = await update(asConsole(b, { parentId: c.applicationMenuId }), 'en-US,en;q=0.9')
    expect(underChild.body.code).toBe(20021)
    // Nothing changed.
    const rows = await list()
    expect(rows.find((m) => m.applicationMenuId === a.applicationMenuId)).toMatchObject({ parentId: null, version: a.version })
    expect(rows.find((m) => m.applicationMenuId === b.applicationMenuId)).toMatchObject({
      parentId: a.applicationMenuId,
      version: b.version,
    })
    // A parent that is no menu of this application stays a parameter error.
    expect((await update(asConsole(b, { parentId: 'no-such-menu' }))).body.code).toBe(20001)
    expect((await remove([a.applicationMenuId])).body.code).toBe(10000)
  })
})
