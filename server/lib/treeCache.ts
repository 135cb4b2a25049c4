/**
 * Whole tree scopes (an EBS dictionary, a project's containers) as this gateway last read them, each
 * with its table's epoch at the time: a counter that every statement changing the table moves in its
 * own transaction (`tree_epoch`, triggers of migration 0045). A read asks the epoch first (one
 * primary-key read) and uses the copy only while the epoch has not moved, so a change made through
 * any gateway is seen by every gateway at once. The epoch is read before the rows: a copy is never
 * labelled newer than what it holds.
 *
 * Only reads outside a transaction use it (the tree routes' GET): inside one, a copy could hold rows
 * of a change not yet committed. At most MAX_ROWS rows are kept, the scopes read last.
 */
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { treeEpoch } from '../db/schema'

type Row = Record<string, unknown>

const MAX_ROWS = 100_000

const copies = new Map<string, { epoch: number; rows: Row[] }>()
let held = 0

const keyOf = (tree: string, scope: string) => `${tree}\u0000${scope}`

/** The tree table's epoch now (null: a table without one). */
export async function epochOf(db: Db, tree: string): Promise<number | null> {
  const [row] = await db.select({ epoch: treeEpoch.epoch }).from(treeEpoch).where(eq(treeEpoch.tree, tree))
  return row ? row.epoch : null
}

/** The copy of a scope read at `epoch`, if this gateway has one (the rows are shared: never change them). */
export function copyOf(tree: string, scope: string, epoch: number | null): readonly Row[] | undefined {
  if (epoch === null) return undefined
  const key = keyOf(tree, scope)
  const copy = copies.get(key)
  if (!copy) return undefined
  if (copy.epoch !== epoch) {
    forget(key)
    return undefined
  }
  // the most recently used last
  copies.delete(key)
  copies.set(key, copy)
  return copy.rows
}

/** Keeps the rows of a scope read at `epoch` (read after the epoch was). */
export function keepCopy(tree: string, scope: string, epoch: number | null, rows: Row[]): void {
  if (epoch === null || rows.length > MAX_ROWS) return
  const key = keyOf(tree, scope)
  forget(key)
  copies.set(key, { epoch, rows })
  held += rows.length
  for (const oldest of copies.keys()) {
    if (held <= MAX_ROWS) break
    forget(oldest)
  }
}

function forget(key: string): void {
  const copy = copies.get(key)
  if (!copy) return
  held -= copy.rows.length
  copies.delete(key)
}
