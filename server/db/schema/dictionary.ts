/**
 * Engineering dictionaries (issue 13 part A; migration 0019_dictionaries): engineering majors, the
 * EBS / WBS / quantity trees (one table, one ordered tree per `kind`, kept by server/lib/tree.ts) and
 * the WBS–EBS relations (many to many).
 */
import { index, integer, pgTable, primaryKey, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { added, changeEpoch, ownerRef, stamped, treeColumns, treeIndexes } from './columns'

export const dictMajor = pgTable(
  'dict_major',
  {
    majorId: text('major_id').primaryKey(),
    majorCode: text('major_code').notNull(),
    majorName: text('major_name').notNull(),
    sort: integer('sort').notNull().default(1),
    /** 1 enabled, 0 disabled. */
    status: integer('status').notNull().default(1),
    remark: text('remark'),
    ...stamped,
  },
  (t) => [uniqueIndex('dict_major_code_uq').on(sql`lower(${t.majorCode})`)],
)

export const dictNode = pgTable(
  'dict_node',
  {
    nodeId: text('node_id').primaryKey(),
    /** 'ebs' | 'wbs' | 'quantity': the tree the node belongs to. */
    kind: text('kind').notNull(),
    ...treeColumns((): AnyPgColumn => dictNode.nodeId),
    ...changeEpoch,
    nodeCode: text('node_code').notNull(),
    nodeName: text('node_name').notNull(),
    unit: text('unit'),
    majorId: text('major_id').references(() => dictMajor.majorId, { onDelete: 'set null' }),
    description: text('description'),
    /** 1 enabled, 0 disabled. */
    status: integer('status').notNull().default(1),
    ...stamped,
  },
  (t) => [
    uniqueIndex('dict_node_code_uq').on(t.kind, t.nodeCode),
    ...treeIndexes('dict_node', t),
    index('dict_node_kind_idx').on(t.kind, t.sortKey),
    index('dict_node_major_idx').on(t.majorId),
  ],
)

export const wbsEbsRel = pgTable(
  'wbs_ebs_rel',
  {
    wbsId: ownerRef('wbs_id', () => dictNode.nodeId),
    ebsId: ownerRef('ebs_id', () => dictNode.nodeId),
    ...added,
  },
  (t) => [primaryKey({ columns: [t.wbsId, t.ebsId] }), index('wbs_ebs_rel_ebs_idx').on(t.ebsId)],
)
