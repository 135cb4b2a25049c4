/**
 * Tables of the file service and of Excel imports (server/modules/files):
 *   user_common_file  metadata of every stored file; its bytes on the disk (<TRESTLE_DATA_DIR>/files/<yyyy>/<mm>/<fileId>)
 *                     or in file_chunk, as its `store` says
 *   file_chunk        the bytes of the files in the shared store: 256 KiB pieces in order
 *   app_setting       gateway-wide settings created once (e.g. the HMAC secret of signed file URLs)
 *   import_job        progress of an Excel import (in the database, so any gateway process can answer importStatus,
 *                     and a large import's runner on any gateway resumes from its committed progress)
 */
import { customType, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { ts } from './columns'

export const userCommonFile = pgTable(
  'user_common_file',
  {
    fileId: text('file_id').primaryKey(),
    purpose: text('purpose').notNull(),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** Path under the data directory's files/ folder (`yyyy/mm/<fileId>`), never user-controlled. */
    storagePath: text('storage_path').notNull(),
    /** Where the bytes are: 'disk' (storagePath) or 'database' (file_chunk). */
    store: text('store').notNull().default('disk'),
    /** The uploader's organisation: the data scope of the file. */
    organizationId: text('organization_id'),
    createBy: text('create_by'),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [index('user_common_file_org_idx').on(t.organizationId)],
)

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' })

export const fileChunk = pgTable(
  'file_chunk',
  {
    fileId: text('file_id').notNull(),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
)

export const appSetting = pgTable('app_setting', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createTime: ts('create_time').notNull().defaultNow(),
})

export const importJob = pgTable(
  'import_job',
  {
    jobId: text('job_id').primaryKey(),
    /** `<base>/<name>` of the resource, e.g. `/api/admin/v1/role`. */
    resource: text('resource').notNull(),
    fileId: text('file_id').notNull(),
    accountId: text('account_id').notNull(),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    succeeded: integer('succeeded').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    done: integer('done').notNull().default(0),
    reportFileId: text('report_file_id'),
    error: text('error'),
    /** The row errors found so far (sheet row, field, message), committed with `processed` batch by batch. */
    errors: jsonb('errors').$type<{ row: number; field: string; message: string }[]>().notNull().default([]),
    /** What the row writer needs of the caller (account, grant, language, target): a large import runs as a job. */
    caller: jsonb('caller'),
    createTime: ts('create_time').notNull().defaultNow(),
    /** Touched while the job runs; a job not touched for long is reported as interrupted. */
    updateTime: ts('update_time').notNull().defaultNow(),
  },
  (t) => [index('import_job_account_idx').on(t.accountId)],
)
