/**
 * Excel import and export for a resource. With the resource pattern's handle:
 *
 *   const roles = registerResource(app, ctx, roleResource)
 *   registerImportExport(app, ctx, fromResource(roles, { columns: ROLE_COLUMNS, example: { roleName: '项目经理', … }, fileName: { zh: '角色', en: 'roles' } }))
 *
 * or with your own functions (e.g. a person with its department looked up by name):
 *
 *   registerImportExport(app, ctx, {
 *     name: 'user', menu: '/admin/organization', columns, example, fileName,
 *     import: { schema: userAdd, row: async (w, data, source) => { … insert with w.tx … } },
 *     export: { query: userListQuery, rows: (auth, q, limit) => … },
 *   })
 *
 * gives (functions `import` / `export` of the menu; data scope as for the list):
 *   GET  <base>/<name>/importTemplate              the template (xlsx, request language)
 *   POST <base>/<name>/import   multipart `file`   → ImportStatus. A workbook beyond the import bounds
 *        (ctx.config.imports: rows, cells, uncompressed size) is refused before it is parsed (20001 on
 *        `file`). Each row is validated with `schema` and written in a savepoint of its own; a failing
 *        row never blocks the others. Up to SYNC_ROWS rows the whole import (file, job, rows, report)
 *        is one transaction with the Idempotency-Key's answer; larger files answer at once (done:
 *        false) and a job of the jobs table writes the rows in batches, each with the job's progress
 *        (exactly once through a crash: another gateway's runner resumes) — poll importStatus. The failure report (failed rows +
 *        错误原因 column, bad cells marked) is stored through the file service: `reportFileId`.
 *   GET  <base>/<name>/importStatus?jobId=…       → ImportStatus (job state is in the database)
 *   GET  <base>/<name>/export?<list filters>      the filtered list as xlsx (≤ 50,000 rows, else 20021)
 * Binary answers carry `Content-Type` xlsx and `Content-Disposition: attachment`; errors are envelopes.
 *
 * Every export (these and the logs') is registered with `registerExport`: its query is parsed with
 * the list's own schema and `sortBy` must be one the export sorts by (`export.sortable`; none for a
 * tree, which keeps its order) — 20001 on the field before anything is read or sent.
 */
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { perm, type FnOf, type MenuPath } from '../../../src/contract/catalogue'
import { Code, type Lang } from '../../../src/contract/codes'
import { newId } from '../../../src/contract/ids'
import { V, validationText } from '../../../src/contract/rules'
import { EXPORT_MAX_ROWS, FILE_KINDS, importExportPaths, importStatusQuery, type ImportStatus } from '../../../src/contract/schemas/files'
import type { Ctx } from '../../context'
import type { Readable } from 'node:stream'
import type { Db } from '../../db/client'
import { withRequestTransaction } from '../../db/requestScope'
import { importJob } from '../../db/schema'
import {
  buildReport,
  buildTemplate,
  buildWorkbook,
  ExcelError,
  readSheet,
  validateRows,
  type ExcelColumn,
  type RowError,
  type SheetRow,
} from '../../lib/excel'
import { ApiError, invalidField, ok, parse, requestLang, type Text } from '../../lib/http'
import type { AuthContext } from '../../types'
import { authOf, callerOf, enqueue, type ClaimedJob, type JobCaller } from '../../lib/jobs'
import { isUniqueViolation, type ResourceHandle, type WriteContext } from '../../lib/resource'
import { answerInTransaction, dieNow } from '../../plugins/idempotency'
import { disposition, receiveUpload } from './routes'
import { fileRow, openStoredFile, storeFile } from './store'
import texts from './texts.json'

type Row = Record<string, unknown>

/** Files with at most this many rows are imported before the POST answers. */
export const SYNC_ROWS = 200
/** A running job not touched for this long is reported as interrupted. */
const STALE_MS = 120_000
/** Rows of a large import committed together with the job's progress. */
const IMPORT_BATCH = 50
/** The crash tests' fault point of a large import (`x-trestle-crash`): its runner dies in the second batch. */
const MID_IMPORT = 'mid-import'

/**
 * What the row writer needs of the caller, kept on the job row (a large import is written by a job
 * runner, maybe on another gateway): who they are (lib/jobs.ts), the request's language and the
 * import's target.
 */
interface Caller extends JobCaller {
  lang: Lang
  target: unknown
  crash?: typeof MID_IMPORT
}

async function buffer(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = []
  for await (const chunk of stream) parts.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array))
  return Buffer.concat(parts)
}

export interface ImportExportDef<
  S extends z.ZodType = z.ZodType,
  L extends z.ZodType = z.ZodType,
  M extends MenuPath = MenuPath,
  T extends z.ZodType = z.ZodType,
> {
  name: string
  base?: string
  /** Menu of the permission (catalogue). */
  menu: M
  /** That menu's function actions of the import and the export (default import, export). */
  fns?: { import?: FnOf<M>; export?: FnOf<M> }
  columns: ExcelColumn[]
  /** One example record for the template's instructions. */
  example?: Row
  /** Download names: `<name>_导入模板.xlsx`, `<name>_20261121.xlsx`. */
  fileName: Text
  import?: {
    schema: S
    /**
     * Where the rows go, from the import's signed query (e.g. the unit or the project the import was
     * started from): validated (20001) and checked (`check`, e.g. 20002) before the file is read, then
     * given to `row`.
     */
    target?: T
    check?: (auth: AuthContext, target: z.infer<T>) => Promise<void>
    /** Writes one validated row with `w.tx` (its own transaction). Throw ApiError to fail the row with a message. */
    row: (w: WriteContext, data: z.infer<S>, source: SheetRow, target: z.infer<T>) => Promise<unknown>
  }
  export?: {
    /** The list's query schema. */
    query: L
    /** The `sortBy` values the rows are ordered by (those of the list); none: no `sortBy` at all. */
    sortable?: readonly string[]
    /** The filtered, scope-filtered records (outside transactions), at most `limit`. */
    rows: (auth: AuthContext, q: z.infer<L>, limit: number) => Promise<Row[]>
  }
}

/** Import and export through a resource's own add and list code paths. */
export function fromResource<A extends z.ZodType, U extends z.ZodType, L extends z.ZodType, M extends MenuPath>(
  handle: ResourceHandle<A, U, L, M>,
  opts: Pick<ImportExportDef<A, L, M>, 'columns' | 'example' | 'fileName' | 'fns'>,
): ImportExportDef<A, L, M> {
  return {
    name: handle.def.name,
    base: handle.def.base,
    menu: handle.def.menu,
    ...opts,
    import: { schema: handle.def.schemas.add, row: (w, data) => handle.insert(w, data) },
    export: {
      query: handle.def.schemas.listQuery,
      sortable: Object.keys(handle.def.sortable),
      rows: (auth, q, limit) => handle.list(auth, q, limit),
    },
  }
}

const XLSX = FILE_KINDS.xlsx.mime
const TOO_MANY_EXPORT: Text = {
  zh: `导出结果超过 ${EXPORT_MAX_ROWS} 行，请缩小筛选范围后再导出`,
  en: `More than ${EXPORT_MAX_ROWS} rows match; narrow the filters and export again`,
}
const INTERRUPTED = 'interrupted'

const fill = (t: Text, lang: Lang, params: Record<string, string>) => t[lang].replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? '')

function stamp(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}`
}

export function sendXlsx(reply: FastifyReply, bytes: Buffer, name: string) {
  return reply
    .header('Content-Type', XLSX)
    .header('Content-Disposition', disposition('attachment', name))
    .header('Content-Length', String(bytes.length))
    .send(bytes)
}

function statusOf(row: typeof importJob.$inferSelect): ImportStatus {
  const stale = !row.done && Date.now() - row.updateTime.getTime() > STALE_MS
  return {
    jobId: row.jobId,
    total: row.total,
    processed: row.processed,
    succeeded: row.succeeded,
    failed: row.failed,
    done: !!row.done || stale,
    reportFileId: row.reportFileId,
    error: row.error ?? (stale ? INTERRUPTED : null),
  }
}

/** The row's error(s) from what a write threw. */
function rowErrors(err: unknown, row: number, lang: Lang, columns: ExcelColumn[]): RowError[] {
  const title = (f: string) => columns.find((c) => c.field === f)?.title[lang] ?? f
  if (err instanceof ApiError) {
    const text = err.text?.[lang] ?? null
    if (err.code === Code.INVALID && Array.isArray(err.data))
      return (err.data as { field?: string; key?: string; message?: string }[]).map((e) => ({
        row,
        field: e.field ?? '',
        message: e.key ? validationText(e.key, lang, title(e.field ?? '')) : (e.message ?? texts.importExport.rowFailed[lang]),
      }))
    const field = (err.data as { field?: unknown } | null)?.field
    const message = text ?? err.message
    return [
      {
        row,
        field: typeof field === 'string' && columns.some((c) => c.field === field) ? field : '',
        message: err.code === Code.DUPLICATE && !err.text ? `${title(String(field ?? ''))}: ${message}` : message,
      },
    ]
  }
  if (isUniqueViolation(err)) return [{ row, field: '', message: { zh: '数据重复', en: 'Duplicate' }[lang] }]
  return [{ row, field: '', message: texts.importExport.rowFailed[lang] }]
}

/** An export of the app (tests/api/imports-bounds.test.ts walks every one). */
export interface ExportRoute {
  path: string
  sortable: readonly string[]
}
const exportsOf = new WeakMap<FastifyInstance, ExportRoute[]>()
export const exportRoutes = (app: FastifyInstance): readonly ExportRoute[] => exportsOf.get(app) ?? []

/**
 * GET `path`, an export: the query parsed with the list's schema, `sortBy` (if sent) one of `sortable`,
 * else 20001 on the field — then `send` reads and answers.
 */
export function registerExport<L extends z.ZodType>(
  app: FastifyInstance,
  route: { path: string; config: FastifyContextConfig; query: L; sortable: readonly string[] },
  send: (req: FastifyRequest, reply: FastifyReply, q: z.infer<L>) => Promise<unknown>,
): void {
  exportsOf.set(app, [...exportRoutes(app), { path: route.path, sortable: route.sortable }])
  app.get(route.path, { config: route.config }, async (req, reply) => {
    const q = parse(route.query, req.query, req)
    const sortBy = (req.query as Record<string, unknown> | undefined)?.sortBy
    if (sortBy !== undefined && !(typeof sortBy === 'string' && route.sortable.includes(sortBy)))
      throw invalidField('sortBy', V.invalid, requestLang(req))
    return send(req, reply, q)
  })
}

export function registerImportExport<S extends z.ZodType, L extends z.ZodType, M extends MenuPath, T extends z.ZodType = z.ZodType>(
  app: FastifyInstance,
  ctx: Ctx,
  def: ImportExportDef<S, L, M, T>,
): void {
  const paths = importExportPaths(def.name, def.base)
  // The defaults are checked against the catalogue when the route is registered (gate.ts).
  const fns = { import: 'import' as FnOf<M>, export: 'export' as FnOf<M>, ...def.fns }
  const resourceKey = def.base ? `${def.base}/${def.name}` : def.name
  // the upload is streamed and a large import goes on after the answer: its rows commit one by one
  const importPerm = { auth: 'signed' as const, perm: perm(def.menu, fns.import), ownTransactions: true }

  if (def.import) {
    const imp = def.import
    const jobKind = `import:${resourceKey}`

    /** The sheet of an uploaded import, or 20001 on `file` (not a workbook of the template, no rows). */
    const readImport = async (bytes: Buffer, lang: Lang) => {
      let sheet: Awaited<ReturnType<typeof readSheet>>
      try {
        sheet = await readSheet(bytes, def.columns, ctx.config.imports)
      } catch (err) {
        if (err instanceof ExcelError)
          throw new ApiError(Code.INVALID, [{ field: 'file', key: V.invalid, message: err.text[lang] }], err.text)
        throw err
      }
      const invalid = (text: Text) => new ApiError(Code.INVALID, [{ field: 'file', key: V.invalid, message: text[lang] }], text)
      if (sheet.missing.length) {
        const cols = { zh: sheet.missing.map((c) => c.title.zh).join('、'), en: sheet.missing.map((c) => c.title.en).join(', ') }
        throw invalid({
          zh: fill(texts.importExport.missingColumns, 'zh', { cols: cols.zh }),
          en: fill(texts.importExport.missingColumns, 'en', { cols: cols.en }),
        })
      }
      if (sheet.rows.length === 0) throw invalid(texts.importExport.noRows)
      return sheet
    }

    /**
     * Writes `rows` in the transaction in progress: a row that fails validation fails with its errors,
     * each valid row is written in a savepoint of its own (`ctx.db.transaction`), so a failing row is
     * rolled back alone and never blocks the others.
     */
    const writeRows = async (rows: SheetRow[], auth: AuthContext, caller: Caller) => {
      const { valid, errors } = validateRows(rows, imp.schema, caller.lang, def.columns)
      const failedRows = new Set(errors.map((e) => e.row))
      let succeeded = 0
      for (const v of valid) {
        try {
          await ctx.db.transaction(async (tx) => {
            await imp.row({ tx: tx as unknown as Db, auth, now: new Date() }, v.data, v.source, caller.target as z.infer<T>)
          })
          succeeded++
        } catch (err) {
          if (!(err instanceof ApiError) && !isUniqueViolation(err)) ctx.log.error({ err, row: v.row }, 'import row failed')
          errors.push(...rowErrors(err, v.row, caller.lang, def.columns))
          failedRows.add(v.row)
        }
      }
      errors.sort((a, b) => a.row - b.row)
      return { succeeded, failed: failedRows.size, errors }
    }

    /** Ends a job whose every row was written: the failure report (stored through the file service) and the final counts. */
    const finish = async (
      jobId: string,
      rows: SheetRow[],
      done: { processed: number; succeeded: number; failed: number; errors: RowError[] },
      auth: AuthContext,
      lang: Lang,
    ) => {
      let reportFileId: string | null = null
      if (done.failed > 0) {
        const failedRows = new Set(done.errors.map((e) => e.row))
        const failed = rows.filter((r) => failedRows.has(r.row))
        const bytes = await buildReport(def.columns, failed, done.errors, lang)
        const name = `${{ zh: '导入失败报告', en: 'import-report' }[lang]}_${stamp()}.xlsx`
        reportFileId = (await storeFile(ctx, { bytes, purpose: 'report', kind: 'xlsx', originalName: name, owner: auth })).fileId
      }
      await ctx.db
        .update(importJob)
        .set({ ...done, done: 1, reportFileId, updateTime: new Date() })
        .where(eq(importJob.jobId, jobId))
    }

    /**
     * A large import, run by the jobs table's runner on any gateway: the rows are read again from the
     * stored file and written IMPORT_BATCH at a time, each batch's rows and the job's progress (rows
     * processed, counts, the errors so far) in one transaction that first locks the job row. A gateway
     * that dies mid-batch leaves that batch rolled back; the runner that claims the job next (its lease
     * ran out) resumes from the committed progress — every row is written once.
     */
    const runBatches = async (jobId: string, claimed: ClaimedJob) => {
      const [first] = await ctx.db.select().from(importJob).where(eq(importJob.jobId, jobId))
      if (!first || first.done) return
      const caller = first.caller as Caller | null
      const stored = await fileRow(ctx, first.fileId)
      const stream = stored ? await openStoredFile(ctx, stored) : null
      if (!caller || !stream) throw new Error(`import ${jobId}: its file or caller is gone`)
      const auth = authOf(caller)
      const { rows } = await readSheet(await buffer(stream), def.columns, ctx.config.imports)
      for (let batch = 0; ; batch++) {
        const finished = await withRequestTransaction(ctx.db, async () => {
          const [job] = await ctx.db.select().from(importJob).where(eq(importJob.jobId, jobId)).for('update')
          if (!job || job.done) return true
          const progress = { processed: job.processed, succeeded: job.succeeded, failed: job.failed, errors: job.errors }
          if (job.processed >= rows.length) {
            await finish(jobId, rows, progress, auth, caller.lang)
            return true
          }
          const part = rows.slice(job.processed, job.processed + IMPORT_BATCH)
          const written = await writeRows(part, auth, caller)
          await ctx.db
            .update(importJob)
            .set({
              processed: job.processed + part.length,
              succeeded: job.succeeded + written.succeeded,
              failed: job.failed + written.failed,
              errors: [...job.errors, ...written.errors],
              updateTime: new Date(),
            })
            .where(eq(importJob.jobId, jobId))
          // the crash tests' fault point: the second batch's rows are written, not committed
          if (caller.crash === MID_IMPORT && claimed.attempts === 1 && batch === 1) await dieNow()
          return false
        })
        if (finished) return
      }
    }

    ctx.jobs.handle(jobKind, async (payload, claimed) => {
      const { jobId } = payload as { jobId: string }
      try {
        await runBatches(jobId, claimed)
      } catch (err) {
        ctx.log.error({ err, jobId, attempt: claimed.attempts }, 'import job failed')
        if (claimed.attempts >= claimed.maxAttempts)
          await ctx.db
            .update(importJob)
            .set({ done: 1, error: 'failed', updateTime: new Date() })
            .where(and(eq(importJob.jobId, jobId), eq(importJob.done, 0)))
        throw err
      }
    })

    app.get(paths.importTemplate, { config: importPerm }, async (req, reply) => {
      const lang = requestLang(req)
      const bytes = await buildTemplate(def.columns, def.example ?? {}, lang)
      return sendXlsx(reply, bytes, `${def.fileName[lang]}_${texts.importExport.template[lang]}.xlsx`)
    })

    app.post(paths.import, { config: importPerm }, async (req, reply) => {
      const auth = req.auth!
      const lang = requestLang(req)
      const target = (imp.target ? parse(imp.target, req.query, req) : {}) as z.infer<T>
      await imp.check?.(auth, target)
      const file = await receiveUpload(req, () => 'import')
      const sheet = await readImport(file.bytes, lang)
      const crash = ctx.config.crashTests ? req.headers['x-trestle-crash'] : undefined
      const caller: Caller = { ...callerOf(auth), lang, target, crash: crash === MID_IMPORT ? MID_IMPORT : undefined }
      // The file, the job and the answer are one transaction with the Idempotency-Key's answer: a small
      // import with all its rows (each row a savepoint, so a failing row fails alone), a large one with
      // the job that imports its rows batch by batch (runBatches) — a crash leaves all or nothing.
      return answerInTransaction(ctx, req, reply, () =>
        withRequestTransaction(ctx.db, async () => {
          const stored = await storeFile(ctx, {
            bytes: file.bytes,
            purpose: 'import',
            kind: 'xlsx',
            originalName: file.filename,
            owner: auth,
          })
          const jobId = newId()
          const now = new Date()
          await ctx.db.insert(importJob).values({
            jobId,
            resource: resourceKey,
            fileId: stored.fileId,
            accountId: auth.account.accountId,
            total: sheet.rows.length,
            caller,
            createTime: now,
            updateTime: now,
          })
          if (sheet.rows.length <= SYNC_ROWS) {
            const done = await writeRows(sheet.rows, auth, caller)
            await finish(jobId, sheet.rows, { processed: sheet.rows.length, ...done }, auth, lang)
          } else {
            await enqueue(ctx.db, { kind: jobKind, payload: { jobId }, dedupeKey: jobId })
          }
          return ok(req, await currentStatus(ctx, jobId, auth))
        }),
      )
    })

    app.get(paths.importStatus, { config: importPerm }, async (req) => {
      const { jobId } = parse(importStatusQuery, req.query, req)
      return ok(req, await currentStatus(ctx, jobId, req.auth!))
    })
  }

  if (def.export) {
    const exp = def.export
    const route = { path: paths.export, config: { auth: 'signed' as const, perm: perm(def.menu, fns.export) } }
    registerExport(app, { ...route, query: exp.query, sortable: exp.sortable ?? [] }, async (req, reply, q) => {
      const lang = requestLang(req)
      const rows = await exp.rows(req.auth!, q, EXPORT_MAX_ROWS + 1)
      if (rows.length > EXPORT_MAX_ROWS) throw new ApiError(Code.REFUSED, null, TOO_MANY_EXPORT)
      const bytes = await buildWorkbook(def.columns, rows, lang)
      return sendXlsx(reply, bytes, `${def.fileName[lang]}_${stamp()}.xlsx`)
    })
  }

  async function currentStatus(ctx: Ctx, jobId: string, auth: AuthContext): Promise<ImportStatus> {
    const [row] = await ctx.db
      .select()
      .from(importJob)
      .where(and(eq(importJob.jobId, jobId), eq(importJob.accountId, auth.account.accountId), eq(importJob.resource, resourceKey)))
    if (!row) throw new ApiError(Code.NOT_FOUND)
    return statusOf(row)
  }
}
