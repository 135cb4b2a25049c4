/**
 * Project initialisation wizard runs (issue 12 part B; migration 0018_project_init): a run is a
 * draft in the database, so it survives reloads and is the same on every gateway process. The
 * workbook's rows are kept parsed (`sheets`: sheet → rows as read), the report and the progress
 * of the creation beside them.
 */
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { ts } from './columns'

export interface StoredSheetRow {
  row: number
  values: Record<string, unknown>
  raw: Record<string, string>
}

export const projectInitRun = pgTable(
  'project_init_run',
  {
    runId: text('run_id').primaryKey(),
    /** An INIT_PRESETS value (which menu's wizard). */
    preset: text('preset').notNull(),
    /** The account whose run it is (runs are personal drafts). */
    accountId: text('account_id').notNull(),
    /** An INIT_STATUSES value. */
    status: text('status').notNull().default('draft'),
    step: integer('step').notNull().default(1),
    /** An INIT_SOURCES value, null until chosen. */
    source: text('source'),
    templateProjectId: text('template_project_id'),
    /** Presets on an existing project: that project. */
    projectId: text('project_id'),
    basic: jsonb('basic').$type<Record<string, unknown>>().notNull().default({}),
    fileName: text('file_name'),
    sheets: jsonb('sheets').$type<Record<string, StoredSheetRow[]>>().notNull().default({}),
    report: jsonb('report').$type<unknown[] | null>(),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    createdProjectId: text('created_project_id'),
    error: jsonb('error').$type<{ zh: string; en: string } | null>(),
    version: integer('version').notNull().default(0),
    createTime: ts('create_time').notNull().defaultNow(),
    updateTime: ts('update_time').notNull().defaultNow(),
  },
  (t) => [index('project_init_run_account_idx').on(t.accountId, t.preset, t.status)],
)
