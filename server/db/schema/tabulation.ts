/**
 * Tabulation (issue 30; migration 0031_tabulation; server/modules/tabulation): groups of templates (an
 * ordered tree kept by server/lib/tree.ts), templates (a draft sheet), their published versions
 * (immutable), cell permission rules, and contents — sheets filled on a version (cell values only).
 */
import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, date, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { ownerRef, stamped, treeColumns, treeIndexes, ts } from './columns'

export const tabGroup = pgTable(
  'tab_group',
  {
    tabGroupId: text('tab_group_id').primaryKey(),
    ...treeColumns((): AnyPgColumn => tabGroup.tabGroupId),
    groupName: text('group_name').notNull(),
    ...stamped,
  },
  (t) => [...treeIndexes('tab_group', t)],
)

export const tabTemplate = pgTable(
  'tab_template',
  {
    tabTemplateId: text('tab_template_id').primaryKey(),
    tabGroupId: text('tab_group_id')
      .notNull()
      .references(() => tabGroup.tabGroupId),
    name: text('name').notNull(),
    code: text('code').notNull(),
    description: text('description'),
    applicationId: text('application_id'),
    applicationMenuId: text('application_menu_id'),
    /** The workflow model (by key) a filled sheet starts when submitted; null: none. */
    wfModelKey: text('wf_model_key'),
    /** The draft (contract TabSheet). */
    sheet: jsonb('sheet').notNull(),
    /** draft | published (the draft is the current version's sheet). */
    status: text('status').notNull().default('draft'),
    currentVersionId: text('current_version_id'),
    currentVersionNo: integer('current_version_no').notNull().default(0),
    ...stamped,
  },
  (t) => [uniqueIndex('tab_template_code_uq').on(sql`lower(${t.code})`), index('tab_template_group_idx').on(t.tabGroupId)],
)

/** A published version: never changed. */
export const tabTemplateVersion = pgTable(
  'tab_template_version',
  {
    tabVersionId: text('tab_version_id').primaryKey(),
    tabTemplateId: ownerRef('tab_template_id', () => tabTemplate.tabTemplateId),
    versionNo: integer('version_no').notNull(),
    sheet: jsonb('sheet').notNull(),
    publishBy: text('publish_by'),
    publishTime: ts('publish_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tab_template_version_uq').on(t.tabTemplateId, t.versionNo)],
)

/** A rule: subject × range × view / edit, optionally only at a workflow node. */
export const tabCellPermission = pgTable(
  'tab_cell_permission',
  {
    tabCellPermissionId: text('tab_cell_permission_id').primaryKey(),
    tabTemplateId: ownerRef('tab_template_id', () => tabTemplate.tabTemplateId),
    /** role | organization | department | workflowRole | account */
    subjectKind: text('subject_kind').notNull(),
    subjectId: text('subject_id').notNull(),
    /** "B3:D5" */
    cellRange: text('cell_range').notNull(),
    /** view | edit */
    access: text('access').notNull(),
    nodeId: text('node_id'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('tab_cell_permission_template_idx').on(t.tabTemplateId, t.sort)],
)

/** A filled sheet: on one version, at a place (project, work site) and date. */
export const tabContent = pgTable(
  'tab_content',
  {
    tabContentId: text('tab_content_id').primaryKey(),
    tabTemplateId: text('tab_template_id')
      .notNull()
      .references(() => tabTemplate.tabTemplateId),
    tabVersionId: text('tab_version_id')
      .notNull()
      .references(() => tabTemplateVersion.tabVersionId),
    projectId: text('project_id').notNull(),
    workSiteId: text('work_site_id'),
    contentDate: date('content_date', { mode: 'string' }).notNull(),
    /** Address → value (fill-in cells only). */
    cells: jsonb('cells').notNull().default({}),
    /** draft | submitted */
    status: text('status').notNull().default('draft'),
    /** The workflow instance its submit started (rules with a node apply while it waits there); null: none. */
    workflowInstanceId: text('workflow_instance_id'),
    submitTime: ts('submit_time'),
    ...stamped,
  },
  (t) => [
    index('tab_content_template_idx').on(t.tabTemplateId, t.contentDate),
    index('tab_content_project_idx').on(t.projectId, t.contentDate),
  ],
)
