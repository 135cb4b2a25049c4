/**
 * Whole tree scopes (an EBS dictionary, a project's containers) as this gateway last read them, each
 * with its table's epoch at the time: a counter that every statement changing the table moves in its
 * own transaction (`tree_epoch`, triggers of migration 0045). A read asks the epoch first (one
 * primary-key read) and uses the copy as it is while the epoch has not moved, so a change made through
 * any gateway is seen by every gateway at once. The epoch is read before the rows: a copy is never
 * labelled newer than what it holds.
 *
 * When the epoch has moved, the copy is brought forward rather than read again (`changesSince`):
 * every row carries the epoch of the statement that last wrote it and `tree_change` the ids each
 * DELETE took (migration 0046), so one statement answers the rows written and the ids removed since
 * the copy's epoch, with the epoch they bring it to — read in one snapshot. Only a copy whose epoch
 * is in `tree_change` (the same history: not a database restored from before it) is brought forward.
 *
 * Only reads outside a transaction use it (the tree routes' GET): inside one, a copy could hold rows
 * of a change not yet committed. At most MAX_ROWS rows are kept, the scopes read last.
 */
import { eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { treeChange, treeEpoch } from '../db/schema'
import { rowsOf } from './sql'

type Row = Record<string, unknown>

/** A scope's rows in tree-table order (sort key, id) and, apart from the answer's fields, their sort keys. */
export interface TreeCopy {
  readonly epoch: number
  readonly rows: readonly Row[]
  readonly sortKeys: readonly (string | null)[]
}

const MAX_ROWS = 100_000

const copies = new Map<string, TreeCopy>()
let held = 0

const keyOf = (tree: string, scope: string) => `${tree}\u0000${scope}`

/** The tree table's epoch now (null: a table without one). */
export async function epochOf(db: Db, tree: string): Promise<number | null> {
  const [row] = await db.select({ epoch: treeEpoch.epoch }).from(treeEpoch).where(eq(treeEpoch.tree, tree))
  return row ? row.epoch : null
}

/**
 * This gateway's copy of a scope, whatever its epoch (compare it with the table's: an older one is
 * brought forward or read again). The rows are shared: never change them.
 */
export function copyOf(tree: string, scope: string): TreeCopy | undefined {
  const key = keyOf(tree, scope)
  const copy = copies.get(key)
  if (!copy) return undefined
  // the most recently used last
  copies.delete(key)
  copies.set(key, copy)
  return copy
}

/** Keeps the copy of a scope (its rows read after its epoch was). */
export function keepCopy(tree: string, scope: string, copy: TreeCopy): void {
  if (copy.rows.length > MAX_ROWS) return
  const key = keyOf(tree, scope)
  forget(key)
  copies.set(key, copy)
  held += copy.rows.length
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

/** What changed in a tree table since an epoch, read in one snapshot. */
export interface TreeChanges {
  /** The epoch these changes bring a copy to. */
  epoch: number
  /** The ids deleted since (an id deleted and written again is in `changed` too). */
  removed: string[]
  /** `changed`'s JSON text as the caller's select built it. */
  changed: string
}

/**
 * The changes since `since`, or null when a copy of that epoch cannot be brought forward (its epoch
 * is not in this database's history, or a TRUNCATE came since). `changed` is a scalar subquery the
 * caller builds over the rows whose `change_epoch` is above `since`, answering JSON text.
 */
export async function changesSince(db: Db, tree: string, since: number, changed: (since: number) => SQL): Promise<TreeChanges | null> {
  const log = sql`${treeChange} where ${treeChange.tree} = ${tree}`
  const [row] = await rowsOf<{ epoch: string | number | null; known: boolean; truncated: boolean; removed: string; changed: string }>(
    db,
    sql`select (select ${treeEpoch.epoch} from ${treeEpoch} where ${treeEpoch.tree} = ${tree}) as epoch,
      exists (select 1 from ${log} and ${treeChange.epoch} = ${since}) as known,
      exists (select 1 from ${log} and ${treeChange.epoch} > ${since} and ${treeChange.truncated}) as truncated,
      (select coalesce(json_agg(gone), '[]')::text from ${treeChange} cross join lateral unnest(${treeChange.removed}) as gone
        where ${treeChange.tree} = ${tree} and ${treeChange.epoch} > ${since}) as removed,
      (${changed(since)}) as changed`,
  )
  if (!row || row.epoch === null || !row.known || row.truncated) return null
  return { epoch: Number(row.epoch), removed: JSON.parse(row.removed) as string[], changed: row.changed }
}
