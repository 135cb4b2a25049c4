/**
 * A project's structure (issue 11 part B; migration 0014_project_structure): the container-node tree
 * (server/lib/tree.ts: parent id + materialised path + fractional sort key, one tree per project),
 * design units with their mileages on a line (their 工点 are the work sites placed in them; migration
 * 0041 turned the former free-text `work_points` into work sites), and unit engineering. Every record carries
 * `projectId` (DESIGN §3 "Project scope").
 */
import { sql } from 'drizzle-orm'
import { index, numeric, pgTable, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { line, projectRef } from './project'
import { changeEpoch, ownerRef, stamped, treeColumns, treeIndexes } from './columns'

export const container = pgTable(
  'container',
  {
    containerId: text('container_id').primaryKey(),
    projectId: projectRef(),
    ...treeColumns((): AnyPgColumn => container.containerId),
    ...changeEpoch,
    containerName: text('container_name').notNull(),
    containerCode: text('container_code').notNull(),
    containerType: text('container_type').notNull(),
    nature: text('nature').notNull().default('entity'),
    remark: text('remark'),
    ...stamped,
  },
  (t) => [
    uniqueIndex('container_code_uq').on(t.projectId, t.containerCode),
    ...treeIndexes('container', t),
    index('container_project_idx').on(t.projectId, t.sortKey),
  ],
)

/** Metres of a canonical chainage ('DK123+456.780' → 123456.780), as the generated columns compute them. */
const metresOf = (column: string) =>
  sql.raw(
    `(split_part(substring("${column}" from '[0-9]+\\+[0-9.]+$'), '+', 1)::numeric * 1000 + split_part(substring("${column}" from '[0-9]+\\+[0-9.]+$'), '+', 2)::numeric)`,
  )
const prefixOf = (column: string) => sql.raw(`substring("${column}" from '^[A-Z]*')`)

export const designUnit = pgTable(
  'design_unit',
  {
    designUnitId: text('design_unit_id').primaryKey(),
    projectId: projectRef(),
    lineId: ownerRef('line_id', () => line.lineId),
    designUnitCode: text('design_unit_code').notNull(),
    designUnitName: text('design_unit_name').notNull(),
    major: text('major'),
    administrativeRegion: text('administrative_region'),
    /** Canonical chainages (src/contract/mileage.ts). */
    startMileage: text('start_mileage').notNull(),
    endMileage: text('end_mileage').notNull(),
    centerMileage: text('center_mileage'),
    /** Derived by the database: prefix and metres (ordering, overlap checks). */
    startPrefix: text('start_prefix').generatedAlwaysAs(prefixOf('start_mileage')),
    startMetres: numeric('start_metres', { precision: 12, scale: 3, mode: 'number' }).generatedAlwaysAs(metresOf('start_mileage')),
    endPrefix: text('end_prefix').generatedAlwaysAs(prefixOf('end_mileage')),
    endMetres: numeric('end_metres', { precision: 12, scale: 3, mode: 'number' }).generatedAlwaysAs(metresOf('end_mileage')),
    containerId: text('container_id').references(() => container.containerId, { onDelete: 'set null' }),
    remark: text('remark'),
    ...stamped,
  },
  (t) => [
    uniqueIndex('design_unit_code_uq').on(t.projectId, t.designUnitCode),
    index('design_unit_line_idx').on(t.lineId, t.startMetres),
    index('design_unit_project_idx').on(t.projectId, t.startMetres),
  ],
)

export const unitEngineering = pgTable(
  'unit_engineering',
  {
    unitEngineeringId: text('unit_engineering_id').primaryKey(),
    projectId: projectRef(),
    /** A 子单位工程's 单位工程. */
    parentId: text('parent_id').references((): AnyPgColumn => unitEngineering.unitEngineeringId, { onDelete: 'cascade' }),
    unitCode: text('unit_code').notNull(),
    unitName: text('unit_name').notNull(),
    category: text('category').notNull().default('unit'),
    designUnitId: text('design_unit_id').references(() => designUnit.designUnitId, { onDelete: 'set null' }),
    containerId: text('container_id').references(() => container.containerId, { onDelete: 'set null' }),
    major: text('major'),
    remark: text('remark'),
    ...stamped,
  },
  (t) => [
    uniqueIndex('unit_engineering_code_uq').on(t.projectId, t.unitCode),
    index('unit_engineering_design_unit_idx').on(t.designUnitId),
    index('unit_engineering_parent_idx').on(t.parentId),
  ],
)
