/**
 * A gateway's copy of a tree brought forward (server/lib/treeCache.ts, migration 0046) on both
 * databases, each a fresh one of this test's own: after every kind of change — a rename, nodes added
 * first and last, a move with its subtree's paths, a subtree copied, a subtree deleted (the parent's
 * ON DELETE CASCADE) — the copy brought forward from the epoch before holds exactly what a whole read
 * of the scope holds now, in the same order, at the table's present epoch; a change in another scope
 * leaves it as it was. A copy whose epoch this database never had, or with a TRUNCATE since, is read
 * again instead.
 */
import { describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../server/db/client'
import { dictNode } from '../../server/db/schema'
import { dictTree } from '../../server/modules/dictionary/routes'
import { epochOf, type TreeCopy } from '../../server/lib/treeCache'
import { bringForward, selectCopy, type TreeNodes } from '../../server/lib/treeResource'
import { onFreshEmbedded, onFreshPostgres } from './fresh-database'

const nodes: TreeNodes = {
  tree: dictTree,
  idField: 'nodeId',
  nodeSelection: { nodeCode: dictNode.nodeCode, nodeName: dictNode.nodeName, unit: dictNode.unit },
}

async function exercise(database: Database) {
  await database.migrate()
  const { db } = database
  const scope = 'wbs'
  const add = (code: string, parentId: string | null, position: 'first' | 'last' = 'last', kind = scope) =>
    dictTree.insert(db, { kind, nodeCode: code, nodeName: `节点 ${code}`, unit: 'm' }, { parentId, position })
  const copyNow = async (): Promise<TreeCopy> => ({ epoch: (await epochOf(db, 'dict_node'))!, ...(await selectCopy(nodes, db, scope)) })

  const roots = [await add('A', null), await add('B', null), await add('C', null)]
  for (const r of roots) for (let i = 0; i < 4; i++) await add(`${r.id.slice(-4)}-${i}`, r.id)
  let copy = await copyNow()
  expect(copy.rows.length).toBe(15)

  /** Brings the copy forward and checks it against a whole read. */
  const forwardMatches = async () => {
    const forward = await bringForward(nodes, db, 'dict_node', scope, copy)
    expect(forward, 'brought forward').not.toBeNull()
    const whole = await copyNow()
    expect(forward!.epoch).toBe(whole.epoch)
    expect(forward!.rows).toEqual(whole.rows)
    expect(forward!.sortKeys).toEqual(whole.sortKeys)
    copy = forward!
  }

  const [a, b, c] = roots as [(typeof roots)[0], (typeof roots)[0], (typeof roots)[0]]
  await db.update(dictNode).set({ nodeName: '改名' }).where(eq(dictNode.nodeId, a.id))
  await forwardMatches()
  await add('A-first', a.id, 'first')
  await add('Z-root', null, 'first')
  await forwardMatches()
  await dictTree.move(db, b.id, { parentId: c.id, position: 'first' })
  await forwardMatches()
  await dictTree.copy(db, c.id, { parentId: a.id }, { node_code: sql`node_code || '-copy'` })
  await forwardMatches()
  await db.delete(dictNode).where(eq(dictNode.nodeId, c.id))
  await forwardMatches()
  // a change in another scope only: the copy stays as it was, at the new epoch
  const before = copy.rows
  await add('E-1', null, 'last', 'ebs')
  await forwardMatches()
  expect(copy.rows).toEqual(before)
  // several changes between two readings, a node added and removed among them
  const gone = await add('gone', a.id)
  await db.update(dictNode).set({ unit: 'km' }).where(eq(dictNode.nodeId, a.id))
  await db.delete(dictNode).where(eq(dictNode.nodeId, gone.id))
  await forwardMatches()

  // an epoch this database never had; a TRUNCATE since: read again
  expect(await bringForward(nodes, db, 'dict_node', scope, { ...copy, epoch: copy.epoch + 1 })).toBeNull()
  await db.execute(sql`truncate table wbs_ebs_rel, dict_node cascade`)
  expect(await bringForward(nodes, db, 'dict_node', scope, copy)).toBeNull()
}

describe('a tree copy brought forward', () => {
  it('on the embedded database: the same as a whole read after every kind of change', async () => {
    await onFreshEmbedded('tree-copies', exercise)
  })
  it('on PostgreSQL: the same as a whole read after every kind of change', async () => {
    await onFreshPostgres('tree_copies', exercise)
  })
})
