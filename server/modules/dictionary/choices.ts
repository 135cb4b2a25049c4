/** What other modules ask of the engineering dictionaries: which of some ids are enabled nodes of a tree (a choice's options). */
import { and, eq, inArray } from 'drizzle-orm'
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
