/**
 * What other modules ask of the engineering dictionaries: which of some ids are enabled nodes of a tree (a
 * choice's options), and the quantity dictionary's enabled entries a bill-of-quantities item is picked from.
 */
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { BoqQuantity } from '../../../src/contract/schemas/attributes'
import type { Db } from '../../db/client'
import { dictNode } from '../../db/schema'

/** Those of `ids` that are enabled nodes of the EBS, WBS or quantity tree. */
export async function enabledDictNodeIds(db: Db, kind: 'ebs' | 'wbs' | 'quantity', ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: dictNode.nodeId })
    .from(dictNode)
    .where(and(eq(dictNode.kind, kind), eq(dictNode.status, 1), inArray(dictNode.nodeId, ids)))
  return new Set(rows.map((r) => r.id))
}

/** An enabled entry of the quantity dictionary: what a bill-of-quantities item copies (answered as it is by boqItem/quantities). */
export type QuantityEntry = BoqQuantity

const entryColumns = {
  nodeId: dictNode.nodeId,
  parentId: dictNode.parentId,
  nodeCode: dictNode.nodeCode,
  nodeName: dictNode.nodeName,
  unit: dictNode.unit,
  status: dictNode.status,
  sortKey: dictNode.sortKey,
}
const isQuantity = eq(dictNode.kind, 'quantity')

/** The quantity dictionary's enabled entries in tree order (parents first, siblings in order), each with its depth. */
export async function quantityEntries(db: Db): Promise<QuantityEntry[]> {
  const rows = await db.select(entryColumns).from(dictNode).where(isQuantity).orderBy(asc(dictNode.sortKey), asc(dictNode.nodeId))
  const children = new Map<string | null, typeof rows>()
  for (const r of rows) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r])
  const out: QuantityEntry[] = []
  const walk = (parentId: string | null, level: number) => {
    for (const { status, sortKey: _s, ...r } of children.get(parentId) ?? []) {
      if (status === 1) out.push({ ...r, level })
      walk(r.nodeId, level + 1)
    }
  }
  walk(null, 1)
  return out
}

/** The enabled quantity entry of an id or a code; undefined when there is none (unknown, another dictionary's, or disabled). */
export async function quantityEntry(
  db: Db,
  by: { nodeId: string } | { nodeCode: string },
): Promise<Omit<QuantityEntry, 'level'> | undefined> {
  const [row] = await db
    .select(entryColumns)
    .from(dictNode)
    .where(and(isQuantity, eq(dictNode.status, 1), 'nodeId' in by ? eq(dictNode.nodeId, by.nodeId) : eq(dictNode.nodeCode, by.nodeCode)))
  if (!row) return undefined
  const { status: _st, sortKey: _s, ...entry } = row
  return entry
}

/** The codes of some dictionary nodes, enabled or not (an export names an item's entry by its code). */
export async function dictNodeCodes(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db.select({ id: dictNode.nodeId, code: dictNode.nodeCode }).from(dictNode).where(inArray(dictNode.nodeId, ids))
  return new Map(rows.map((r) => [r.id, r.code]))
}
