/**
 * What the seed writes is the catalogue (src/contract/catalogue.ts): a fresh embedded database,
 * seeded, holds exactly its menus (names in both languages, icons, groups, order, the actions
 * SPEC §2 stores without their slash) and per menu exactly its functions in order; the start-up
 * sync then finds nothing to change, and 系统管理员 holds every menu and function.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATALOGUE, type CataloguePage } from '../../src/contract/catalogue'
import { loadConfig } from '../config'
import { openDatabase, type Database } from '../db/client'
import { syncConsoleMenus } from '../db/menuSync'
import * as t from '../db/schema'
import { seed } from '.'

interface Node {
  name: string
  nameEn: string | null
  icon: string | null
  action: string | null
  fns: [string, string][]
  children: Node[]
}

const dir = mkdtempSync(path.join(tmpdir(), 'trestle-seed-'))
const config = loadConfig({ TRESTLE_DATA_DIR: dir })
let database: Database

beforeAll(async () => {
  database = await openDatabase(config)
  await database.migrate()
  expect(await seed(database.db, config, false)).toBe('seeded')
}, 120_000)

afterAll(async () => {
  await database?.close()
  rmSync(dir, { recursive: true, force: true })
})

/** The console application's menu tree as stored, in sort order. */
async function storedTree(): Promise<Node[]> {
  const { db } = database
  const [app] = await db.select({ id: t.application.applicationId }).from(t.application).where(eq(t.application.code, config.appCode))
  const menus = await db
    .select()
    .from(t.applicationMenu)
    .where(eq(t.applicationMenu.applicationId, app!.id))
    .orderBy(asc(t.applicationMenu.sort))
  const fns = await db.select().from(t.applicationMenuFunction).orderBy(asc(t.applicationMenuFunction.sort))
  const node = (m: (typeof menus)[number]): Node => ({
    name: m.menuName,
    nameEn: m.menuNameEn,
    icon: m.iconPath,
    action: m.action,
    fns: fns.filter((f) => f.applicationMenuId === m.applicationMenuId).map((f) => [f.functionAction, f.functionName]),
    children: menus.filter((c) => c.parentId === m.applicationMenuId).map(node),
  })
  return menus.filter((m) => m.parentId === null).map(node)
}

/** The same tree, read from the catalogue. */
function catalogueTree(): Node[] {
  const page = (p: CataloguePage): Node => ({
    name: p.name,
    nameEn: p.nameEn,
    icon: p.icon,
    action: p.bare ? p.path.slice(1) : p.path,
    fns: Object.entries(p.fns),
    children: [],
  })
  return CATALOGUE.map((e) =>
    'pages' in e ? { name: e.name, nameEn: e.nameEn, icon: e.icon, action: null, fns: [], children: e.pages.map(page) } : page(e),
  )
}

describe('seed = catalogue', () => {
  it('writes every menu and function of the catalogue, in order, and nothing else', async () => {
    const stored = await storedTree()
    expect(stored).toEqual(catalogueTree())
    expect(stored.find((g) => g.name === '组织机构')?.children.map((p) => p.action)).toEqual([
      '/admin/organization',
      '/admin/user-audit',
      '/admin/role-manage',
      'admin/project-org-account',
    ])
  })

  it('leaves the start-up sync nothing to do', async () => {
    expect(await syncConsoleMenus(database.db, config.appCode)).toEqual({
      menusAdded: 0,
      menusUpdated: 0,
      functionsAdded: 0,
      functionsUpdated: 0,
    })
  })

  it('grants 系统管理员 every menu and function', async () => {
    const { db } = database
    const [admin] = await db.select({ id: t.role.roleId }).from(t.role).where(eq(t.role.builtin, 'sysadmin'))
    const menus = await db.select({ id: t.roleMenu.applicationMenuId }).from(t.roleMenu).where(eq(t.roleMenu.roleId, admin!.id))
    const fns = await db
      .select({ id: t.roleMenuFunction.applicationMenuFunctionId })
      .from(t.roleMenuFunction)
      .where(eq(t.roleMenuFunction.roleId, admin!.id))
    const pages = CATALOGUE.flatMap((e): readonly CataloguePage[] => ('pages' in e ? e.pages : [e]))
    expect(menus).toHaveLength(CATALOGUE.length + pages.length - CATALOGUE.filter((e) => !('pages' in e)).length)
    expect(fns).toHaveLength(pages.reduce((n, p) => n + Object.keys(p.fns).length, 0))
  })
})
