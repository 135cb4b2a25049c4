/**
 * Extension attributes, the bill of quantities and the resource pool (issue 13 part B; migration
 * 0020_attributes). Attribute values are one jsonb object per node (keyed by item code): a form is
 * one read and one write, items can be added or removed without touching stored rows, and the
 * values are validated by a zod schema built from the items (src/contract/schemas/attributes.ts).
 */
import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { container, designUnit } from './projectStructure'
import { dictNode } from './dictionary'
import { project, projectRef } from './project'
import { ownerRef, sortedStamped, stamped } from './columns'

export const attrGroup = pgTable(
  'attr_group',
  {
    groupId: text('group_id').primaryKey(),
    groupName: text('group_name').notNull(),
    groupCode: text('group_code').notNull(),
    /** 1 project, 2 line, 3 design unit. */
    nodeType: integer('node_type').notNull(),
    /** 'form': fields on the node's form; 'table': a user-defined table (items are its columns). */
    groupKind: text('group_kind').notNull().default('form'),
    status: integer('status').notNull().default(1),
    sort: integer('sort').notNull().default(1),
    remark: text('remark'),
    ...stamped,
  },
  (t) => [uniqueIndex('attr_group_code_uq').on(sql`lower(${t.groupCode})`), index('attr_group_node_type_idx').on(t.nodeType, t.sort)],
)

export const attrItem = pgTable(
  'attr_item',
  {
    itemId: text('item_id').primaryKey(),
    groupId: ownerRef('group_id', () => attrGroup.groupId),
    itemName: text('item_name').notNull(),
    itemCode: text('item_code').notNull(),
    itemType: text('item_type').notNull(),
    required: boolean('required').notNull().default(false),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    defaultValue: text('default_value'),
    unit: text('unit'),
    status: integer('status').notNull().default(1),
    ...sortedStamped,
  },
  (t) => [uniqueIndex('attr_item_code_uq').on(t.groupId, sql`lower(${t.itemCode})`)],
)

export const attrRelation = pgTable(
  'attr_relation',
  {
    relationId: text('relation_id').primaryKey(),
    groupId: ownerRef('group_id', () => attrGroup.groupId),
    nodeId: text('node_id').notNull(),
    /** The node's project (migration 0026); null only for a relation whose node is gone. */
    projectId: text('project_id').references(() => project.projectId, { onDelete: 'cascade' }),
    ...stamped,
  },
  (t) => [
    uniqueIndex('attr_relation_uq').on(t.groupId, t.nodeId),
    index('attr_relation_node_idx').on(t.nodeId),
    index('attr_relation_project_idx').on(t.projectId),
  ],
)

export const attrValue = pgTable(
  'attr_value',
  {
    nodeType: integer('node_type').notNull(),
    nodeId: text('node_id').notNull(),
    projectId: projectRef(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    ...stamped,
  },
  (t) => [primaryKey({ name: 'attr_value_pk', columns: [t.nodeType, t.nodeId] })],
)

export const attrTableRow = pgTable(
  'attr_table_row',
  {
    rowId: text('row_id').primaryKey(),
    groupId: ownerRef('group_id', () => attrGroup.groupId),
    nodeType: integer('node_type').notNull(),
    nodeId: text('node_id').notNull(),
    projectId: projectRef(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    ...sortedStamped,
  },
  (t) => [index('attr_table_row_node_idx').on(t.groupId, t.nodeId, t.sort)],
)

export const boqItem = pgTable(
  'boq_item',
  {
    boqItemId: text('boq_item_id').primaryKey(),
    projectId: projectRef(),
    containerId: text('container_id').references(() => container.containerId, { onDelete: 'cascade' }),
    designUnitId: text('design_unit_id').references(() => designUnit.designUnitId, { onDelete: 'cascade' }),
    /** The quantity dictionary's entry the item is of (name and unit copied from it when written); null on items written before. */
    quantityNodeId: text('quantity_node_id').references(() => dictNode.nodeId),
    itemCode: text('item_code').notNull(),
    itemName: text('item_name').notNull(),
    unit: text('unit').notNull(),
    /** Exact decimals, answered as strings. */
    quantity: numeric('quantity', { precision: 18, scale: 4 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 18, scale: 4 }).notNull(),
    /** round(quantity × unit price, 2), derived by the database. */
    amount: numeric('amount', { precision: 38, scale: 2 }).generatedAlwaysAs(sql`round("quantity" * "unit_price", 2)`),
    remark: text('remark'),
    ...sortedStamped,
  },
  (t) => [
    uniqueIndex('boq_item_code_uq').on(t.projectId, sql`lower(${t.itemCode})`),
    index('boq_item_container_idx').on(t.containerId),
    index('boq_item_design_unit_idx').on(t.designUnitId),
    index('boq_item_quantity_node_idx').on(t.quantityNodeId),
  ],
)

export const resourcePool = pgTable(
  'resource_pool',
  {
    resourceId: text('resource_id').primaryKey(),
    resourceName: text('resource_name').notNull(),
    resourceCode: text('resource_code').notNull(),
    resourceType: text('resource_type').notNull(),
    uri: text('uri'),
    status: integer('status').notNull().default(1),
    sort: integer('sort').notNull().default(1),
    remark: text('remark'),
    ...stamped,
  },
  (t) => [uniqueIndex('resource_pool_code_uq').on(sql`lower(${t.resourceCode})`)],
)
