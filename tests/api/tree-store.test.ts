/**
 * The gateway's ordered-tree storage (server/lib/tree.ts) on both databases: an in-process PGlite
 * and the PostgreSQL 15 server of the API tests (pgUrl). Each run makes a table of its own (dropped
 * at the end): inserts at a place, moves with paths rewritten, cycles refused, concurrent moves
 * that leave a valid tree, subtree copies, and the prefix range reading the path index.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { asc, sql } from 'drizzle-orm'
import { integer, pgTable, text } from 'drizzle-orm/pg-core'
import type { Db } from '../../server/db/client'
import { defineTree, keyBetween } from '../../server/lib/tree'

const pgUrl = provided('pgUrl')

interface Opened {
  db: Db
  close: () => Promise<void>
}

async function openPglite(): Promise<Opened> {
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const client = new PGlite()
  return { db: drizzle(client) as unknown as Db, close: () => client.close() }
}

async function openPostgres(url: string): Promise<Opened> {
  const { Pool } = (await import('pg')).default
  const { drizzle } = await import('drizzle-orm/node-postgres')
  const pool = new Pool({ connectionString: url, max: 6 })
  return { db: drizzle(pool) as unknown as Db, close: () => pool.end() }
}

const targets: { name: string; open: () => Promise<Opened> }[] = [{ name: 'PGlite', open: openPglite }]
if (pgUrl) targets.push({ name: 'PostgreSQL', open: () => openPostgres(pgUrl) })

function makeTable(name: string) {
  const table = pgTable(name, {
    id: text('id').primaryKey(),
    parentId: text('parent_id'),
    path: text('path'),
    sortKey: text('sort_key'),
    label: text('label').notNull(),
    weight: integer('weight').notNull().default(0),
  })
  const tree = defineTree({ key: name, table, id: table.id, parentId: table.parentId, path: table.path, sortKey: table.sortKey })
  return { table, tree }
}

describe('keyBetween', () => {
  it('gives a key strictly between its neighbours, in byte order, for any sequence of inserts', () => {
    let keys: string[] = []
    let seed = 7
    const rand = () => (seed = (seed * 48271) % 2147483647) / 2147483647
    for (let i = 0; i < 2000; i++) {
      const at = Math.floor(rand() * (keys.length + 1))
      const k = keyBetween(keys[at - 1] ?? null, keys[at] ?? null)
      if (at > 0) expect(k > keys[at - 1]!).toBe(true)
      if (at < keys.length) expect(k < keys[at]!).toBe(true)
      expect(k.endsWith('0')).toBe(false)
      keys = [...keys.slice(0, at), k, ...keys.slice(at)]
    }
    expect([...keys].sort()).toEqual(keys)
  })

  it('keeps appended keys short and refuses neighbours out of order', () => {
    let last: string | null = null
    for (let i = 0; i < 1000; i++) last = keyBetween(last, null)
    expect(last!.length).toBeLessThanOrEqual(40)
    let first: string | null = null
    for (let i = 0; i < 200; i++) first = keyBetween(null, first)
    expect(first!.length).toBeLessThanOrEqual(40)
    expect(() => keyBetween('b', 'a')).toThrow()
    expect(() => keyBetween('a', 'a')).toThrow()
  })
})

describe.each(targets)('ordered tree storage on $name', ({ open }) => {
  let opened: Opened
  let db: Db
  const name = `tree_test_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`
  const { table, tree } = makeTable(name)
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    opened = await open()
    db = opened.db
    await db.execute(
      sql.raw(`create table "${name}" (id text primary key, parent_id text references "${name}"(id), path text collate "C", sort_key text collate "C",
        label text not null, weight integer not null default 0)`),
    )
    await db.execute(sql.raw(`create index "${name}_path_idx" on "${name}" (path)`))
  }, 60_000)

  afterAll(async () => {
    if (!db) return
    await db.execute(sql.raw(`drop table if exists "${name}"`))
    await opened.close()
  })

  const tx = <T>(fn: (t: Db) => Promise<T>) => db.transaction((t) => fn(t as unknown as Db))
  const add = async (label: string, parent: string | null, position?: Parameters<typeof tree.insert>[2]['position']) => {
    const n = await tx((t) => tree.insert(t, { label }, { parentId: parent === null ? null : ids[parent]!, position }))
    ids[label] = n.id
    return n
  }
  /** Children labels in sort-key order. */
  const childrenOf = async (label: string | null) => {
    const rows = await db.select({ label: table.label, parentId: table.parentId }).from(table).orderBy(asc(table.sortKey))
    const parent = label === null ? null : ids[label]
    return rows.filter((r) => r.parentId === parent).map((r) => r.label)
  }
  const labelsOf = async (idList: string[]) => {
    const byId = new Map(Object.entries(ids).map(([k, v]) => [v, k]))
    return idList.map((id) => byId.get(id) ?? id).sort()
  }
  /** Every path is the chain of parent ids, and the parent links have no cycle. */
  const expectValidTree = async () => {
    const rows = await db.select({ id: table.id, parentId: table.parentId, path: table.path }).from(table)
    const parentOf = new Map(rows.map((r) => [r.id, r.parentId]))
    for (const r of rows) {
      const chain: string[] = []
      for (let id: string | null = r.id; id !== null; id = parentOf.get(id) ?? null) {
        expect(chain.includes(id), `cycle through ${id}`).toBe(false)
        chain.unshift(id)
      }
      expect(r.path).toBe(`/${chain.join('/')}/`)
    }
  }

  it('inserts as last child, first child, before and after a sibling, in that order', async () => {
    await add('root', null)
    await add('b', 'root')
    await add('d', 'root')
    await add('a', 'root', 'first')
    await add('c', 'root', { before: ids.d! })
    await add('e', 'root', { after: ids.d! })
    await add('c2', 'root', { after: ids.c! })
    expect(await childrenOf('root')).toEqual(['a', 'b', 'c', 'c2', 'd', 'e'])
    const [row] = await db
      .select({ path: table.path })
      .from(table)
      .where(sql`${table.id} = ${ids.c2!}`)
    expect(row!.path).toBe(`/${ids.root}/${ids.c2}/`)
    // a place next to a node of another parent is not a place among these siblings
    await add('other', null)
    await expect(add('x', 'other', { before: ids.a! })).rejects.toMatchObject({ code: 20002 })
    await expect(tx((t) => tree.insert(t, { label: 'y' }, { parentId: 'no-such-node' }))).rejects.toMatchObject({
      code: 20002,
      data: { field: 'parentId' },
    })
    await expectValidTree()
  })

  it('moves a subtree: one node re-parented, every path below it rewritten; descendants and ancestors follow', async () => {
    await add('b1', 'b')
    await add('b11', 'b1')
    await add('b12', 'b1')
    await tx((t) => tree.move(t, ids.b1!, { parentId: ids.d!, position: 'first' }))
    await expectValidTree()
    expect(await labelsOf(await tree.subtreeIds(db, ids.d!))).toEqual(['b1', 'b11', 'b12', 'd'])
    expect(await labelsOf(await tree.subtreeIds(db, ids.b!))).toEqual(['b'])
    expect(await tree.ancestorIds(db, ids.b12!)).toEqual([ids.root, ids.d, ids.b1])
    expect(await tree.isWithin(db, ids.b11!, ids.root!)).toBe(true)
    expect(await tree.isWithin(db, ids.b11!, ids.b!)).toBe(false)
    // reorder among siblings only
    await tx((t) => tree.move(t, ids.a!, { parentId: ids.root!, position: { after: ids.e! } }))
    expect(await childrenOf('root')).toEqual(['b', 'c', 'c2', 'd', 'e', 'a'])
    // to the top level, and back
    await tx((t) => tree.move(t, ids.d!, { parentId: null }))
    await expectValidTree()
    expect(await tree.ancestorIds(db, ids.b11!)).toEqual([ids.d, ids.b1])
    await tx((t) => tree.move(t, ids.d!, { parentId: ids.root!, position: { before: ids.e! } }))
    expect(await childrenOf('root')).toEqual(['b', 'c', 'c2', 'd', 'e', 'a'])
    await expectValidTree()
  })

  it('refuses a move under the node itself or one of its descendants (20021, zh and en), leaving the tree as it was', async () => {
    const before = await db.select().from(table).orderBy(asc(table.id))
    for (const target of ['d', 'b1', 'b12']) {
      const err = await tx((t) => tree.move(t, ids.d!, { parentId: ids[target]! })).catch((e: unknown) => e)
      expect(err).toMatchObject({
        code: 20021,
        text: { zh: expect.stringContaining('下级') as string, en: expect.stringContaining('descendants') as string },
      })
    }
    await expect(tx((t) => tree.move(t, ids.d!, { parentId: 'no-such-node' }))).rejects.toMatchObject({
      code: 20002,
      data: { field: 'parentId' },
    })
    expect(await db.select().from(table).orderBy(asc(table.id))).toEqual(before)
  })

  it('two concurrent moves that would make a cycle together: one passes, the other is refused, the tree stays valid', async () => {
    await add('p', null)
    await add('q', null)
    for (let round = 0; round < 5; round++) {
      const results = await Promise.allSettled([
        tx(async (t) => {
          await tree.move(t, ids.p!, { parentId: ids.q! })
          await t.execute(sql`select pg_sleep(0.05)`)
        }),
        tx(async (t) => {
          await tree.move(t, ids.q!, { parentId: ids.p! })
          await t.execute(sql`select pg_sleep(0.05)`)
        }),
      ])
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
      const refused = results.find((r) => r.status === 'rejected')
      expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: 20021 })
      await expectValidTree()
      // back to two roots for the next round
      await tx((t) => tree.move(t, ids.p!, { parentId: null }))
      await tx((t) => tree.move(t, ids.q!, { parentId: null }))
    }
  })

  it('many concurrent random moves leave a valid tree (no cycle, every path consistent)', async () => {
    const pool: string[] = []
    for (let i = 0; i < 12; i++) pool.push((await add(`m${i}`, i === 0 ? null : `m${Math.floor(i / 3)}`)).id)
    let seed = 11
    const rand = (n: number) => (seed = (seed * 48271) % 2147483647) % n
    const moves = Array.from({ length: 24 }, () => ({
      node: pool[rand(pool.length)]!,
      parent: rand(4) === 0 ? null : pool[rand(pool.length)]!,
    }))
    const results = await Promise.allSettled(moves.map((m) => tx((t) => tree.move(t, m.node, { parentId: m.parent }))))
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 20021 })
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true)
    await expectValidTree()
  })

  it('copies a subtree in one statement: new ids, the same shape and order, the copy placed where asked', async () => {
    // d ─ b1 ─ b11, b12 (order b11, b12); copy b1 under c as its first child
    await add('c-child', 'c')
    const map = await tx((t) => tree.copy(t, ids.b1!, { parentId: ids.c!, position: 'first' }, { weight: sql`s.weight + 1` }))
    expect(map.size).toBe(3)
    const newB1 = map.get(ids.b1!)!
    expect(newB1).not.toBe(ids.b1)
    expect(newB1).toMatch(/^[0-9a-f-]{36}$/)
    const copies = await db
      .select()
      .from(table)
      .where(sql`${table.id} in ${[...map.values()]}`)
    expect(copies.map((r) => r.label).sort()).toEqual(['b1', 'b11', 'b12'])
    expect(copies.every((r) => r.weight === 1)).toBe(true)
    expect(copies.find((r) => r.id === newB1)!.parentId).toBe(ids.c)
    expect(copies.find((r) => r.id === map.get(ids.b11!))!.parentId).toBe(newB1)
    const kids = await db
      .select({ label: table.label })
      .from(table)
      .where(sql`${table.parentId} = ${ids.c!}`)
      .orderBy(asc(table.sortKey))
    expect(kids.map((k) => k.label)).toEqual(['b1', 'c-child'])
    const copiedKids = await db
      .select({ id: table.id })
      .from(table)
      .where(sql`${table.parentId} = ${newB1}`)
      .orderBy(asc(table.sortKey))
    expect(copiedKids.map((k) => k.id)).toEqual([map.get(ids.b11!), map.get(ids.b12!)])
    // the original is untouched
    expect(await labelsOf(await tree.subtreeIds(db, ids.b1!))).toEqual(['b1', 'b11', 'b12'])
    expect((await tree.subtreeIds(db, ids.c!)).length).toBe(5)
    await expectValidTree()
  })

  it('rebuilds every path from the parent ids (backfill) and answers subtrees by the path index', async () => {
    await db.execute(sql.raw(`update "${name}" set path = null`))
    await tx((t) => tree.rebuildPaths(t))
    await expectValidTree()
    // many more rows, so that an index range is clearly the cheaper plan
    await db.execute(
      sql.raw(
        `insert into "${name}" (id, parent_id, path, label) select 'z' || g, null, '/z' || g || '/', 'z' from generate_series(1, 5000) g`,
      ),
    )
    await db.execute(sql.raw(`analyze "${name}"`))
    const plan = (await db.execute(sql`explain select * from ${tree.subtreeSql(ids.root!)} as s`)) as unknown as {
      rows: Record<string, string>[]
    }
    const text = plan.rows.map((r) => Object.values(r).join(' ')).join('\n')
    expect(text).toContain(`${name}_path_idx`)
  })
})
