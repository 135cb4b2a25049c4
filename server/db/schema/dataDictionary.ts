/**
 * The data dictionary (issue 33; migration 0040_data_dictionary): keys and each key's ordered items
 * (a code unique within the key, zh and en labels, a sort number, enabled or not). Records that use an
 * item store its code (a container's `container_type`), so a key's codes stay as they are.
 */
import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { ownerRef, stamped } from './columns'

export const dataDictKey = pgTable(
  'data_dict_key',
  {
    keyId: text('key_id').primaryKey(),
    keyCode: text('key_code').notNull(),
    keyName: text('key_name').notNull(),
    keyNameEn: text('key_name_en').notNull(),
    remark: text('remark'),
    ...stamped,
  },
  (t) => [uniqueIndex('data_dict_key_code_uq').on(sql`lower(${t.keyCode})`)],
)

export const dataDictItem = pgTable(
  'data_dict_item',
  {
    itemId: text('item_id').primaryKey(),
    keyId: ownerRef('key_id', () => dataDictKey.keyId),
    itemCode: text('item_code').notNull(),
    label: text('label').notNull(),
    labelEn: text('label_en').notNull(),
    sort: integer('sort').notNull().default(1),
    /** 1 enabled, 0 disabled (kept for the records using it, no longer offered). */
    status: integer('status').notNull().default(1),
    remark: text('remark'),
    ...stamped,
  },
  (t) => [
    uniqueIndex('data_dict_item_code_uq').on(t.keyId, sql`lower(${t.itemCode})`),
    index('data_dict_item_key_idx').on(t.keyId, t.sort),
  ],
)
