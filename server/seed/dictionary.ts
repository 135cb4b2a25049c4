/**
 * Demo engineering dictionaries (embedded database only): engineering majors, an EBS standard per
 * major (works → parts → elements), a WBS (unit → division → item of work), a quantity dictionary
 * with units, and a few WBS–EBS relations. Also `insertDictTree` for the bench's large trees.
 * Paths and sort keys are written here (one tree per kind).
 */
import { z } from 'zod'
import { newId } from '../../src/contract/ids'
import type { DictKind } from '../../src/contract/schemas/dictionary'
import { keyBetween } from '../lib/tree'
import type { Db } from '../db/client'
import * as t from '../db/schema'
import { SEED_STAMP } from './rows'
import demo from './demo/dictionary.json'

/** A node of a seeded tree: code, name, unit, major code, children. */
export type SeedDictNode = [code: string, name: string, unit: string | null, major: string | null, children?: SeedDictNode[]]

const node: z.ZodType<SeedDictNode> = z.lazy(() =>
  z.union([
    z.tuple([z.string(), z.string(), z.string().nullable(), z.string().nullable()]),
    z.tuple([z.string(), z.string(), z.string().nullable(), z.string().nullable(), z.array(node)]),
  ]),
)

/** The demo content (./demo/dictionary.json): majors, the three trees, WBS code → linked EBS codes. */
const demoSchema = z.object({
  majors: z.array(z.tuple([z.string(), z.string()])),
  ebs: z.array(node),
  wbs: z.array(node),
  quantity: z.array(node),
  relations: z.array(z.tuple([z.string(), z.array(z.string())])),
})

/**
 * Inserts a tree into one dictionary (after its existing roots), with paths and sort keys; answers
 * code → id. `majors` maps major codes to ids.
 */
export async function insertDictTree(
  db: Db,
  kind: DictKind,
  roots: SeedDictNode[],
  majors = new Map<string, string>(),
): Promise<Map<string, string>> {
  const rows: (typeof t.dictNode.$inferInsert)[] = []
  const ids = new Map<string, string>()
  const walk = (nodes: SeedDictNode[], parentId: string | null, parentPath: string) => {
    let key: string | null = null
    for (const [code, name, unit, major, children] of nodes) {
      const id = newId()
      key = keyBetween(key, null)
      const path = `${parentPath}${id}/`
      ids.set(code, id)
      rows.push({
        nodeId: id,
        kind,
        parentId,
        path,
        sortKey: key,
        nodeCode: code,
        nodeName: name,
        unit,
        majorId: major ? (majors.get(major) ?? null) : null,
        status: 1,
        ...SEED_STAMP,
      })
      if (children) walk(children, id, path)
    }
  }
  walk(roots, null, '/')
  for (let i = 0; i < rows.length; i += 1000) await db.insert(t.dictNode).values(rows.slice(i, i + 1000))
  return ids
}

export async function seedDictionaryDemo(tx: Db): Promise<void> {
  const content = demoSchema.parse(demo)
  const majors = new Map<string, string>()
  let sort = 1
  for (const [code, name] of content.majors) {
    const id = newId()
    majors.set(code, id)
    await tx
      .insert(t.dictMajor)
      .values({ majorId: id, majorCode: code, majorName: name, sort: sort++, version: 0, createBy: 'system', updateBy: 'system' })
  }
  const ebs = await insertDictTree(tx, 'ebs', content.ebs, majors)
  const wbs = await insertDictTree(tx, 'wbs', content.wbs, majors)
  await insertDictTree(tx, 'quantity', content.quantity, majors)
  for (const [w, es] of content.relations)
    for (const e of es) await tx.insert(t.wbsEbsRel).values({ wbsId: wbs.get(w)!, ebsId: ebs.get(e)!, createBy: 'system' })
}
