/**
 * Transactions never hang the gateway. PGlite has one connection and runs one transaction at a
 * time: a query on the outer database issued from inside a transaction would wait for that
 * transaction forever, and with it every later request (it happened once on a menu update:
 * the menu's function list was read through the outer database). The database layer now refuses
 * such a query at once; these tests hold the gateway to answering under concurrent mutations.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { loadConfig } from '../../server/config'
import { OuterDbInTransactionError, openDatabase, type Database } from '../../server/db/client'
import { Client, newKey } from './client'
import { ROLE, signedIn, sleep, uniqueName, within } from './helpers'

const M = '/api/admin/v1/applicationMenu'
const USER_INFO = '/api/portal/v1/user/info'

interface Fn {
  applicationMenuFunctionId: string
  functionName: string
  functionAction: string
}
interface Menu {
  applicationMenuId: string
  applicationId: string
  parentId: string | null
  menuName: string
  action: string | null
  sort: number
  version: number
  functionList: Fn[]
}

/** Drizzle wraps driver errors ("Failed query: …", the driver's error as `cause`). */
function rootCause(err: unknown): unknown {
  let e = err
  while (e instanceof Error && e.cause) e = e.cause
  return e
}

const pgUrl = provided('pgUrl')
const drivers: { name: string; env: () => Record<string, string> }[] = [
  { name: 'PGlite', env: () => ({ TRESTLE_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'trestle-guard-')) }) },
  ...(pgUrl ? [{ name: 'PostgreSQL', env: () => ({ DATABASE_URL: pgUrl, TRESTLE_ADMIN_PASSWORD: 'x' }) }] : []),
]

describe.each(drivers)('the database layer on $name', ({ env }) => {
  let database: Database
  let dir: string | undefined
  beforeAll(async () => {
    const e = env()
    dir = e.TRESTLE_DATA_DIR
    database = await openDatabase(loadConfig(e))
  })
  afterAll(async () => {
    await database?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('refuses the outer database inside a transaction at once instead of hanging', async () => {
    const { db } = database
    const misuse = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`)
      await db.execute(sql`select 2`)
    })
    expect(rootCause(await within(5000, misuse, 'the misused transaction').catch((e: unknown) => e))).toBeInstanceOf(
      OuterDbInTransactionError,
    )
    const nested = db.transaction(async () => db.transaction(async (tx) => tx.execute(sql`select 1`)))
    expect(rootCause(await within(5000, nested, 'the nested transaction').catch((e: unknown) => e))).toBeInstanceOf(
      OuterDbInTransactionError,
    )
    // Still usable afterwards: the refused transactions were rolled back and released.
    const r = (await within(5000, db.execute(sql`select 3 as n`))) as unknown as { rows: { n: number }[] }
    expect(r.rows[0]!.n).toBe(3)
  })

  it('lets other requests use the database while a transaction is open', async () => {
    const { db } = database
    let outsideDone = 0
    const tx = db.transaction(async (t) => {
      await t.execute(sql`select 1`)
      await sleep(150)
      await t.execute(sql`select 2`)
      return 'tx'
    })
    // Another call chain (another request): waits its turn on PGlite, runs alongside on PostgreSQL.
    const outside = Promise.all([1, 2, 3].map(async (i) => db.execute(sql`select ${i}::int as n`).then(() => outsideDone++)))
    expect(await within(5000, tx)).toBe('tx')
    await within(5000, outside)
    expect(outsideDone).toBe(3)
  })
})

describe.each(provided('targets'))('concurrent mutations on $name', (t) => {
  let admin: Client
  let appId: string
  beforeAll(async () => {
    admin = await signedIn(t)
    const apps = await admin.call<{ records: { applicationId: string; code: string }[] }>('GET', '/api/admin/v1/application/listPage', {
      query: { pageIndex: 1, pageSize: 100 },
    })
    appId = apps.body.data.records.find((a) => a.code === 'trestle-admin')!.applicationId
  })

  const addMenu = async (fns: { functionName: string; functionAction: string }[] = [{ functionName: '新增', functionAction: 'add' }]) => {
    const r = await admin.call<Menu>('POST', `${M}/add`, {
      json: { applicationId: appId, menuName: uniqueName('并发菜单'), action: `admin/${uniqueName('p')}`, sort: 90, functionList: fns },
      idempotencyKey: newKey(),
    })
    expect(r.body.code).toBe(10000)
    return r.body.data
  }
  /** What the console sends: the whole record, nulls stripped. */
  const asPayload = (m: Menu, functionList: Partial<Fn>[]) => ({
    ...Object.fromEntries(Object.entries(m).filter(([, v]) => v !== null && v !== '')),
    functionList,
  })
  /** Requests that need the database, none of them a mutation. */
  const reads = (c: Client) => [
    new Client(t.url).getPubKey(),
    new Client(t.url).getPubKey(),
    c.call('GET', USER_INFO).then((r) => expect(r.body.code).toBe(10000)),
    c.call('GET', `${ROLE}/listPage`, { query: { pageIndex: 1, pageSize: 5 } }).then((r) => expect(r.body.code).toBe(10000)),
    c.call('GET', `${M}/list`, { query: { applicationId: appId } }).then((r) => expect(r.body.code).toBe(10000)),
  ]

  it('answers every request after a menu update that adds a function', async () => {
    const menu = await addMenu()
    const upd = await within(
      10_000,
      admin.call<Menu>('PUT', `${M}/update`, {
        json: asPayload(menu, [...menu.functionList, { functionName: '导出', functionAction: 'export' }]),
        idempotencyKey: newKey(),
      }),
      'the menu update',
    )
    expect(upd.body.code).toBe(10000)
    expect(upd.body.data.functionList.map((f) => f.functionAction)).toEqual(['add', 'export'])
    await within(10_000, Promise.all(reads(admin)), 'the requests after the update')
    // The same while the update runs.
    const again = admin.call<Menu>('PUT', `${M}/update`, {
      json: asPayload(upd.body.data, [...upd.body.data.functionList, { functionName: '导入', functionAction: 'import' }]),
      idempotencyKey: newKey(),
    })
    const [r] = await within(10_000, Promise.all([again, ...reads(admin)]), 'the update and the requests alongside')
    expect(r.body.code).toBe(10000)
    await admin.call('POST', `${M}/delete`, { form: { ids: menu.applicationMenuId }, idempotencyKey: newKey() })
  })

  it('keeps answering after a menu update that fails inside its transaction', async () => {
    const [a, b] = await Promise.all([addMenu(), addMenu([{ functionName: '删除', functionAction: 'delete' }])])
    // A function id that belongs to another menu: the insert clashes inside the transaction.
    const clash = await within(
      10_000,
      admin.call('PUT', `${M}/update`, {
        json: asPayload(a, [
          ...a.functionList,
          { applicationMenuFunctionId: b.functionList[0]!.applicationMenuFunctionId, functionName: '删除', functionAction: 'delete' },
        ]),
        idempotencyKey: newKey(),
      }),
    )
    expect(clash.body.code).toBe(20006)
    // A parent that does not exist: refused after the row was updated, rolled back.
    const badParent = await within(
      10_000,
      admin.call('PUT', `${M}/update`, { json: { ...asPayload(a, a.functionList), parentId: 'no-such-menu' } }),
    )
    expect(badParent.body.code).toBe(20001)
    await within(10_000, Promise.all(reads(admin)), 'the requests after the failures')
    const list = (await admin.call<Menu[]>('GET', `${M}/list`, { query: { applicationId: appId } })).body.data
    expect(list.find((m) => m.applicationMenuId === a.applicationMenuId)).toMatchObject({
      version: a.version,
      functionList: [{ functionAction: 'add' }],
    })
    await admin.call('POST', `${M}/delete`, { form: { ids: `${a.applicationMenuId},${b.applicationMenuId}` }, idempotencyKey: newKey() })
  })

  it('answers 10 parallel role adds, menu updates and reads', async () => {
    const [m1, m2] = await Promise.all([addMenu(), addMenu()])
    const names = Array.from({ length: 10 }, (_, i) => uniqueName(`并发角色${i}`))
    const roleAdds = names.map((roleName) =>
      admin.call<{ roleId: string }>('POST', `${ROLE}/add`, { json: { roleName, sort: 1, dataScope: 'own' }, idempotencyKey: newKey() }),
    )
    // Two updates of m1 from the same version: one wins, the other gets 20008.
    const menuUpdates = [m1, m1, m2].map((m, i) =>
      admin.call<Menu>('PUT', `${M}/update`, {
        json: asPayload(m, [...m.functionList, { functionName: `功能${i}`, functionAction: `fn${i}` }]),
        idempotencyKey: newKey(),
      }),
    )
    const menuDeletes = [
      addMenu().then((m) => admin.call('POST', `${M}/delete`, { form: { ids: m.applicationMenuId }, idempotencyKey: newKey() })),
    ]
    const all = await within(
      30_000,
      Promise.all([Promise.all(roleAdds), Promise.all(menuUpdates), Promise.all(menuDeletes), ...reads(admin), ...reads(admin)]),
      'the parallel requests',
    )
    const [added, updated, deleted] = all
    expect(added.map((r) => r.body.code)).toEqual(Array(10).fill(10000))
    expect(updated.map((r) => r.body.code).sort()).toEqual([10000, 10000, 20008])
    expect(deleted.map((r) => r.body.code)).toEqual([10000])
    const listed = await admin.call<{ roleName: string }[]>('GET', `${ROLE}/list`)
    for (const n of names) expect(listed.body.data.some((r) => r.roleName === n)).toBe(true)
    const del = await admin.call('POST', `${ROLE}/delete`, {
      form: { ids: added.map((r) => r.body.data.roleId).join(',') },
      idempotencyKey: newKey(),
    })
    expect(del.body.code).toBe(10000)
    await admin.call('POST', `${M}/delete`, { form: { ids: `${m1.applicationMenuId},${m2.applicationMenuId}` }, idempotencyKey: newKey() })
  })
})
