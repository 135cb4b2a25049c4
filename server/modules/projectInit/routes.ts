/**
 * Project initialisation wizards (issue 12 part B; contract src/contract/schemas/projectInit.ts):
 * runs kept in `project_init_run`, one route set per preset (its menu's permissions; writes need
 * its `init` function). A run's sheets come from a workbook (parsed and stored on upload) or from a
 * template project (read at validation); validation reports per sheet and row; the creation writes
 * the project and every sheet in one transaction (all or nothing). Exactly once through a crash
 * (issue 31): a run of at most SYNC_INIT_ROWS rows is created in the create call's transaction, with
 * its Idempotency-Key's answer; a larger one is claimed there with a job of the jobs table, which
 * creates it in one transaction of its own on any gateway (again, from the start, on another one if
 * its gateway died), its progress kept in that process and, on PostgreSQL, in the run row for the
 * other processes (PGlite is one process and one connection: the row is written when the
 * transaction has ended).
 */
import type { FastifyInstance } from 'fastify'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { perm } from '../../../src/contract/catalogue'
import { Code } from '../../../src/contract/codes'
import { newId } from '../../../src/contract/ids'
import { V, validationText } from '../../../src/contract/rules'
import {
  INIT_PRESET_DEFS,
  INIT_PRESET_MENU,
  INIT_PRESETS,
  initBasic,
  initPaths,
  initRunQuery,
  initSave,
  initStart,
  type InitPreset,
  type InitRowError,
  type InitRun,
  type InitSheetReport,
  type InitStatus,
} from '../../../src/contract/schemas/projectInit'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { withRequestTransaction } from '../../db/requestScope'
import { project, projectInitRun, type StoredSheetRow } from '../../db/schema'
import { buildSheetsTemplate, ExcelError, readWorkbook } from '../../lib/excel'
import { ApiError, fieldErrors, invalidField, ok, parse, requestLang } from '../../lib/http'
import { authOf, callerOf, enqueue, type JobCaller } from '../../lib/jobs'
import { requireProject } from '../../lib/projectScope'
import { dieNow } from '../../plugins/idempotency'
import { headerValue } from '../../plugins/session'
import type { AuthContext } from '../../types'
import { receiveUpload, sendXlsx } from '../files'
import { orgExists } from '../org'
import { isUniqueViolation, type WriteContext } from '../../lib/resource'
import { initSheetsOf, type InitRow, type InitSheetDef, type Text } from './registry'
import { registerStructureSheets, type InitHandles } from './sheets'
import texts from './texts.json'

type RunRow = typeof projectInitRun.$inferSelect
type Row = Record<string, unknown>

/** Runs of at most this many rows are created before the create call answers. */
export const SYNC_INIT_ROWS = 300
/** Rows of one workbook, all sheets together. */
export const INIT_MAX_ROWS = 50_000
/** A running run not touched for this long was cut off (its process ended): it reads as failed. */
const STALE_MS = 10 * 60_000
/** The crash tests' fault point of a large creation (`x-trestle-crash`): its runner dies after a sheet. */
const MID_CREATION = 'mid-creation'
/** First key of the two-int advisory lock a large run's creation holds (the second is the run's hash). */
const RUN_LOCK_CLASS = 7_283_300

/** The job that creates a large run (one kind per preset: `projectInit:<preset>`). */
interface InitJob {
  runId: string
  caller: JobCaller
  crash?: typeof MID_CREATION
}

/** What a creation tells as it goes: the rows written so far, and each sheet's end. */
interface Progress {
  rows(processed: number): void
  sheetDone(processed: number): Promise<void>
}

const TOO_MANY: Text = { zh: `一次最多 ${INIT_MAX_ROWS} 行`, en: `At most ${INIT_MAX_ROWS} rows at once` }

/** Live progress of the runs this process is creating. */
const live = new Map<string, number>()
/**
 * The rows of the runs this process is creating, as claimed: a poll is answered from here without
 * the database (on PGlite the one connection is the creation's until it commits).
 */
const liveRows = new Map<string, RunRow>()

const menuOf = (preset: InitPreset) => INIT_PRESET_MENU[preset]

function statusOf(r: RunRow): { status: InitStatus; error: Text | null } {
  if (r.status === 'running' && !live.has(r.runId) && Date.now() - r.updateTime.getTime() > STALE_MS)
    return { status: 'failed', error: texts.routes.interrupted }
  return { status: r.status as InitStatus, error: r.error ?? null }
}

/** The runs as answered (`db` null: without the project names, e.g. while this process holds the database). */
async function answerRuns(db: Db | null, rows: RunRow[]): Promise<InitRun[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.templateProjectId, r.projectId, r.createdProjectId].filter((x): x is string => !!x)))]
  const names = new Map(
    ids.length && db
      ? (await db.select({ id: project.projectId, name: project.projectName }).from(project).where(inArray(project.projectId, ids))).map(
          (p) => [p.id, p.name],
        )
      : [],
  )
  return rows.map((r) => {
    const { status, error } = statusOf(r)
    return {
      runId: r.runId,
      preset: r.preset as InitPreset,
      status,
      step: r.step,
      source: (r.source as InitRun['source']) ?? null,
      templateProjectId: r.templateProjectId,
      templateProjectName: r.templateProjectId ? (names.get(r.templateProjectId) ?? null) : null,
      projectId: r.projectId,
      projectName: r.projectId ? (names.get(r.projectId) ?? null) : null,
      basic: r.basic,
      fileName: r.fileName,
      counts: Object.fromEntries(Object.entries(r.sheets).map(([k, v]) => [k, v.length])),
      report: (r.report as InitSheetReport[] | null) ?? null,
      total: r.total,
      processed: Math.max(r.processed, live.get(r.runId) ?? 0),
      createdProjectId: r.createdProjectId,
      error,
      version: r.version,
      createTime: r.createTime.toISOString(),
      updateTime: r.updateTime.toISOString(),
    }
  })
}

/** Stored rows of a template project (or any records) in the shape the workbook gives. */
const asStored = (records: Row[]): StoredSheetRow[] =>
  records.map((values, i) => {
    const clean: Row = {}
    const raw: Record<string, string> = {}
    for (const [k, v] of Object.entries(values))
      if (v !== null && v !== undefined && v !== '') {
        clean[k] = v
        raw[k] = String(v)
      }
    return { row: i + 2, values: clean, raw }
  })

export function registerProjectInitRoutes(app: FastifyInstance, ctx: Ctx, handles: InitHandles & { project: InitHandles['line'] }): void {
  registerStructureSheets(handles)

  for (const preset of INIT_PRESETS) {
    const menu = menuOf(preset)
    const def = INIT_PRESET_DEFS[preset]
    const paths = initPaths(preset)
    const read = { auth: 'signed' as const, perm: perm(menu) }
    const write = { auth: 'signed' as const, perm: perm(menu, 'init') }
    const sheetsOf = () => initSheetsOf(def.sheets)
    const jobKind = `projectInit:${preset}`

    /** The caller's run of this preset (20002 otherwise). */
    async function ownRun(db: Db, auth: AuthContext, runId: string): Promise<RunRow> {
      const [r] = await db
        .select()
        .from(projectInitRun)
        .where(
          and(eq(projectInitRun.runId, runId), eq(projectInitRun.accountId, auth.account.accountId), eq(projectInitRun.preset, preset)),
        )
      if (!r) throw new ApiError(Code.NOT_FOUND, { field: 'runId' })
      return r
    }
    const editable = (r: RunRow) => {
      const { status } = statusOf(r)
      if (status === 'running' || status === 'done') throw new ApiError(Code.REFUSED, null, texts.routes.finished)
    }
    const one = async (runId: string) =>
      (await answerRuns(ctx.db, [(await ctx.db.select().from(projectInitRun).where(eq(projectInitRun.runId, runId)))[0]!]))[0]!

    app.get(paths.runs, { config: read }, async (req) => {
      const rows = await ctx.db
        .select()
        .from(projectInitRun)
        .where(
          and(
            eq(projectInitRun.accountId, req.auth!.account.accountId),
            eq(projectInitRun.preset, preset),
            inArray(projectInitRun.status, ['draft', 'validated', 'running', 'failed']),
          ),
        )
        .orderBy(desc(projectInitRun.updateTime))
        .limit(50)
      return ok(req, await answerRuns(ctx.db, rows))
    })

    app.get(paths.run, { config: read }, async (req) => {
      const { runId } = parse(initRunQuery, req.query, req)
      const running = liveRows.get(runId)
      if (running && running.accountId === req.auth!.account.accountId && running.preset === preset)
        return ok(req, { ...(await answerRuns(null, [running]))[0], status: 'running' })
      return ok(req, (await answerRuns(ctx.db, [await ownRun(ctx.db, req.auth!, runId)]))[0])
    })

    app.post(paths.start, { config: write }, async (req) => {
      const input = parse(initStart, req.body, req)
      const runId = input.runId ?? newId()
      const now = new Date()
      await ctx.db
        .insert(projectInitRun)
        .values({
          runId,
          preset,
          accountId: req.auth!.account.accountId,
          source: def.sources.length === 1 ? def.sources[0]! : null,
          createTime: now,
          updateTime: now,
        })
        .onConflictDoNothing()
      return ok(req, (await answerRuns(ctx.db, [await ownRun(ctx.db, req.auth!, runId)]))[0])
    })

    app.post(paths.save, { config: write }, async (req) => {
      const input = parse(initSave, req.body, req)
      const auth = req.auth!
      const r = await ownRun(ctx.db, auth, input.runId)
      editable(r)
      if (input.source && !def.sources.includes(input.source)) throw invalidField('source', V.invalid, requestLang(req))
      if (input.templateProjectId) await requireProject(ctx, auth, input.templateProjectId, ctx.db, 'templateProjectId')
      if (input.projectId) await requireProject(ctx, auth, input.projectId, ctx.db, 'projectId')
      const changed = input.source !== undefined && input.source !== r.source
      await ctx.db
        .update(projectInitRun)
        .set({
          step: input.step,
          ...(input.source !== undefined ? { source: input.source } : {}),
          ...(input.templateProjectId !== undefined ? { templateProjectId: input.templateProjectId } : {}),
          ...(input.projectId !== undefined ? { projectId: input.projectId } : {}),
          ...(input.basic !== undefined ? { basic: input.basic } : {}),
          // a new source or new data wants a new validation
          ...(changed ? { sheets: {}, fileName: null } : {}),
          status: 'draft',
          report: null,
          error: null,
          updateTime: new Date(),
        })
        .where(eq(projectInitRun.runId, r.runId))
      return ok(req, await one(r.runId))
    })

    app.post(paths.upload, { config: { ...write, ownTransactions: true } }, async (req) => {
      const { runId } = parse(initRunQuery, req.query, req)
      const auth = req.auth!
      const lang = requestLang(req)
      const r = await ownRun(ctx.db, auth, runId)
      editable(r)
      const file = await receiveUpload(req, () => 'import')
      const invalid = (text: Text) => new ApiError(Code.INVALID, [{ field: 'file', key: V.invalid, message: text[lang] }], text)
      let book: Awaited<ReturnType<typeof readWorkbook>>
      try {
        book = await readWorkbook(
          file.bytes,
          sheetsOf().map(([key, s]) => ({ key, name: s.name, columns: s.columns })),
          ctx.config.imports,
        )
      } catch (err) {
        if (err instanceof ExcelError) throw invalid(err.text)
        throw err
      }
      const sheets: Record<string, StoredSheetRow[]> = {}
      const sheetErrors: InitRowError[] = []
      let total = 0
      for (const [key] of sheetsOf()) {
        const got = book.get(key)
        if (!got) continue
        if (got.missing.length)
          sheetErrors.push({
            sheet: key,
            row: 0,
            field: '',
            message: {
              zh: texts.routes.missingColumns.zh.replace('{cols}', got.missing.map((c) => c.title.zh).join('、')),
              en: texts.routes.missingColumns.en.replace('{cols}', got.missing.map((c) => c.title.en).join(', ')),
            },
          })
        sheets[key] = got.rows
        total += got.rows.length
      }
      if (total > INIT_MAX_ROWS) throw invalid(TOO_MANY)
      if (total === 0 && !sheetErrors.length) throw invalid(texts.routes.nothing)
      await ctx.db
        .update(projectInitRun)
        .set({ sheets, fileName: file.filename, source: 'workbook', status: 'draft', report: null, error: null, updateTime: new Date() })
        .where(eq(projectInitRun.runId, runId))
      if (sheetErrors.length) {
        await saveReport(runId, reportOf(sheetErrors, {}), false)
        return ok(req, await one(runId))
      }
      return ok(req, await validateRun(auth, runId))
    })

    app.post(paths.validate, { config: write }, async (req) => {
      const { runId } = parse(initRunQuery, req.body, req)
      const r = await ownRun(ctx.db, req.auth!, runId)
      editable(r)
      return ok(req, await validateRun(req.auth!, runId))
    })

    app.post(paths.discard, { config: write }, async (req) => {
      const { runId } = parse(initRunQuery, req.body, req)
      const r = await ownRun(ctx.db, req.auth!, runId)
      if (statusOf(r).status === 'running') throw new ApiError(Code.REFUSED, null, texts.routes.finished)
      await ctx.db.delete(projectInitRun).where(eq(projectInitRun.runId, runId))
      return ok(req, null)
    })

    app.get(paths.template, { config: read }, async (req, reply) => {
      const lang = requestLang(req)
      const bytes = await buildSheetsTemplate(
        sheetsOf().map(([, s]) => ({ name: s.name, columns: s.columns, example: s.example })),
        lang,
      )
      const title = { zh: `${menuTitle[preset].zh}_导入模板.xlsx`, en: `${menuTitle[preset].en}-template.xlsx` }
      return sendXlsx(reply, bytes, title[lang])
    })

    // The claim and the creation are one transaction with the Idempotency-Key's answer: a small run
    // with everything it creates, a large one with the job that creates it (jobKind, below) — a crash
    // leaves all or nothing, and a replay gets the first answer.
    app.post(paths.create, { config: write }, async (req) => {
      const { runId } = parse(initRunQuery, req.body, req)
      const auth = req.auth!
      await ownRun(ctx.db, auth, runId)
      const crash = ctx.config.crashTests && headerValue(req, 'x-trestle-crash') === MID_CREATION ? MID_CREATION : undefined
      return withRequestTransaction(ctx.db, async () => {
        // claim it: one creation per run, whichever process is asked
        const [claimed] = await ctx.db
          .update(projectInitRun)
          .set({ status: 'running', step: 4, processed: 0, error: null, updateTime: new Date() })
          .where(and(eq(projectInitRun.runId, runId), eq(projectInitRun.status, 'validated')))
          .returning()
        if (!claimed) throw new ApiError(Code.REFUSED, null, texts.routes.notValidated)
        if (claimed.total <= SYNC_INIT_ROWS) await createRun(auth, claimed)
        else await enqueue(ctx.db, { kind: jobKind, payload: { runId, caller: callerOf(auth), crash } satisfies InitJob })
        return ok(req, await one(runId))
      })
    })

    // ---- validation ----------------------------------------------------------------------------

    function reportOf(errors: InitRowError[], counts: Record<string, number>): InitSheetReport[] {
      const out: InitSheetReport[] = []
      const basic = errors
        .filter((e) => e.sheet === 'basic')
        .map((e) => (BASIC_FIELDS[e.field] ? { ...e, column: BASIC_FIELDS[e.field] } : e))
      if (basic.length) out.push({ sheet: 'basic', name: texts.routes.basicName, rows: 0, errors: basic })
      for (const [key, s] of sheetsOf()) {
        const titles = new Map(s.columns.map((c) => [c.field, c.title]))
        const mine = errors
          .filter((e) => e.sheet === key)
          .sort((a, b) => a.row - b.row)
          .map((e) => (titles.has(e.field) ? { ...e, column: titles.get(e.field)! } : e))
        out.push({ sheet: key, name: s.name, rows: counts[key] ?? 0, errors: mine })
      }
      return out
    }

    async function saveReport(runId: string, report: InitSheetReport[], valid: boolean, extra: Partial<RunRow> = {}) {
      await ctx.db
        .update(projectInitRun)
        .set({ ...extra, report, status: valid ? 'validated' : 'draft', step: 3, updateTime: new Date() })
        .where(eq(projectInitRun.runId, runId))
    }

    async function validateRun(auth: AuthContext, runId: string): Promise<InitRun> {
      const r = await ownRun(ctx.db, auth, runId)
      const errors: InitRowError[] = []
      const basicError = (field: string, message: Text) => errors.push({ sheet: 'basic', row: 0, field, message })
      // the source
      let stored = r.sheets
      if (r.source === 'template') {
        if (!r.templateProjectId) basicError('templateProjectId', { zh: '请选择模板项目', en: 'Choose a template project' })
        else {
          await requireProject(ctx, auth, r.templateProjectId, ctx.db, 'templateProjectId')
          stored = {}
          for (const [key, s] of sheetsOf()) stored[key] = asStored(await s.fromProject(ctx.db, r.templateProjectId))
        }
      } else if (r.source !== 'workbook' || !Object.keys(r.sheets).length) basicError('file', texts.routes.noWorkbook)
      // the project: new (basic data) or existing
      if (def.newProject) {
        const parsed = initBasic.safeParse(r.basic)
        if (!parsed.success)
          for (const [i, e] of fieldErrors(parsed.error, 'zh').entries()) {
            const en = fieldErrors(parsed.error, 'en')[i]!
            basicError(e.field, { zh: basicMessage(e.key, e.field, 'zh'), en: basicMessage(en.key, en.field, 'en') })
          }
        else {
          const [clash] = await ctx.db
            .select({ id: project.projectId })
            .from(project)
            .where(sql`lower(${project.projectCode}) = lower(${parsed.data.projectCode})`)
          if (clash) basicError('projectCode', texts.routes.dupCode)
          if (!(await orgExists(ctx.db, parsed.data.organizationId)))
            basicError('organizationId', { zh: '找不到该建设单位', en: 'No such owner unit' })
        }
      } else if (!r.projectId) basicError('projectId', texts.routes.noProject)
      else await requireProject(ctx, auth, r.projectId, ctx.db, 'projectId')
      // the sheets, in order: the schema per row, then the entry's own checks
      const known = new Map<string, Set<string>>()
      const counts: Record<string, number> = {}
      let total = 0
      for (const [key, s] of sheetsOf()) {
        const rows = stored[key] ?? []
        counts[key] = rows.length
        total += rows.length
        const { valid, errors: rowErrors } = schemaCheck(key, s, rows)
        errors.push(...rowErrors)
        const existing = !def.newProject && r.projectId && s.existing ? await s.existing(ctx.db, r.projectId) : new Map<string, string>()
        known.set(key, new Set(existing.keys()))
        errors.push(...(await s.validate(valid, { db: ctx.db, projectId: def.newProject ? null : r.projectId, known })))
        if (s.key) for (const v of valid) known.get(key)!.add(s.key(v.data))
      }
      if (total === 0 && r.source) basicError('', texts.routes.nothing)
      const report = reportOf(errors, counts)
      await saveReport(runId, report, errors.length === 0, { sheets: stored, total })
      return one(runId)
    }

    // ---- creation ------------------------------------------------------------------------------

    /**
     * Creates a claimed run — the project (presets with a new project), then every sheet in order —
     * and records the outcome on the run, in the transaction in progress. The creation is a savepoint
     * of its own: a failure (a unit removed since the validation, a code taken meanwhile) leaves
     * nothing of it, and the run reads failed with the reason. `progress`: rows as they are written,
     * and a pause after each sheet (the crash tests' fault point).
     */
    async function createRun(auth: AuthContext, r: RunRow, progress?: Progress): Promise<void> {
      let processed = 0
      try {
        const projectId = await withRequestTransaction(ctx.db, async (tx) => {
          const w: WriteContext = { tx, auth, now: new Date() }
          let projectId = r.projectId
          if (def.newProject) {
            projectId = newId()
            await handles.project.insert(w, { ...initBasic.parse(r.basic), projectId } as never)
          }
          const ids = new Map<string, Map<string, string>>()
          for (const [key, s] of sheetsOf()) ids.set(key, !def.newProject && s.existing ? await s.existing(tx, projectId!) : new Map())
          for (const [key, s] of sheetsOf()) {
            const { valid, errors } = schemaCheck(key, s, r.sheets[key] ?? [])
            if (errors.length) throw new ApiError(Code.INVALID, null, texts.routes.notValidated)
            await s.insert(valid, {
              w,
              projectId: projectId!,
              ids,
              done: (n) => {
                processed += n
                progress?.rows(processed)
              },
            })
            await progress?.sheetDone(processed)
          }
          return projectId!
        })
        await ctx.db
          .update(projectInitRun)
          .set({ status: 'done', step: 5, processed: r.total, createdProjectId: projectId, error: null, updateTime: new Date() })
          .where(eq(projectInitRun.runId, r.runId))
      } catch (err) {
        if (!(err instanceof ApiError) && !isUniqueViolation(err)) ctx.log.error({ err, runId: r.runId }, 'project initialisation failed')
        await failRun(r.runId, errorText(err))
      }
    }

    /** Marks a running run failed (nothing of it was created). */
    async function failRun(runId: string, error: Text) {
      await ctx.db
        .update(projectInitRun)
        .set({ status: 'failed', step: 4, processed: 0, error, updateTime: new Date() })
        .where(and(eq(projectInitRun.runId, runId), eq(projectInitRun.status, 'running')))
    }

    /**
     * A large run's creation, by the jobs table's runner on any gateway: the whole creation is one
     * transaction (createRun), which first takes the run's lock and finds it still running. A runner
     * that dies mid-way leaves nothing (its transaction is rolled back) and the runner that claims the
     * job next, its lease having run out, creates it all again; one that dies after the commit left the
     * run done, and the next finds nothing to do. Meanwhile the progress is this process's (`live`)
     * and, on PostgreSQL, the run row's for the other processes — written outside the transaction
     * (the lock is an advisory one, not the row's, so those writes never wait for the creation).
     */
    ctx.jobs.handle(jobKind, async (payload, job) => {
      const { runId, caller, crash } = payload as InitJob
      let processed = 0
      // -1: the first tick writes even 0 (a run taken over after a crash starts over)
      let written = -1
      live.set(runId, 0)
      // PostgreSQL only: on PGlite an outer write waits for the transaction
      const ticker = ctx.config.databaseUrl
        ? setInterval(() => {
            if (processed === written) return
            written = processed
            void ctx.db
              .update(projectInitRun)
              .set({ processed: written, updateTime: new Date() })
              .where(and(eq(projectInitRun.runId, runId), eq(projectInitRun.status, 'running')))
              .catch(() => undefined)
          }, 500)
        : null
      try {
        await withRequestTransaction(ctx.db, async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${RUN_LOCK_CLASS}, hashtext(${runId}))`)
          const [r] = await tx.select().from(projectInitRun).where(eq(projectInitRun.runId, runId))
          if (!r || r.status !== 'running') return
          liveRows.set(runId, r)
          await createRun(authOf(caller), r, {
            rows: (n) => {
              processed = n
              live.set(runId, n)
            },
            sheetDone: async (n) => {
              // the crash tests' fault point: the first attempt dies with part of the run written, not committed
              if (crash === MID_CREATION && job.attempts === 1 && n > 0 && n < r.total) await dieNow()
            },
          })
        })
      } catch (err) {
        ctx.log.error({ err, runId, attempt: job.attempts }, 'project initialisation job failed')
        if (job.attempts >= job.maxAttempts) await failRun(runId, texts.routes.failed)
        throw err
      } finally {
        if (ticker) clearInterval(ticker)
        live.delete(runId)
        liveRows.delete(runId)
      }
    })
  }

  /** Rows through the sheet's schema: valid ones, and the errors of the others on their columns. */
  function schemaCheck(key: string, s: InitSheetDef, rows: StoredSheetRow[]): { valid: InitRow[]; errors: InitRowError[] } {
    const valid: InitRow[] = []
    const errors: InitRowError[] = []
    const titles = new Map(s.columns.map((c) => [c.field, c.title]))
    for (const r of rows) {
      const result = s.schema.safeParse(r.values)
      if (result.success) {
        valid.push({ row: r.row, data: result.data as Row })
        continue
      }
      const zh = fieldErrors(result.error, 'zh')
      for (const e of zh) {
        const field = e.field.split('.')[0] ?? ''
        const t = titles.get(field) ?? { zh: field, en: field }
        errors.push({
          sheet: key,
          row: r.row,
          field,
          message: { zh: validationText(e.key, 'zh', t.zh), en: validationText(e.key, 'en', t.en) },
        })
      }
    }
    return { valid, errors }
  }
}

const menuTitle: Record<InitPreset, Text> = texts.routes.menuTitle

const BASIC_FIELDS: Record<string, Text> = texts.routes.basicFields
const basicMessage = (key: string, field: string, lang: 'zh' | 'en') => validationText(key, lang, BASIC_FIELDS[field]?.[lang] ?? field)

/** What the run shows when the creation failed (nothing was written). */
function errorText(err: unknown): Text {
  if (err instanceof ApiError) {
    const data = err.data as { field?: unknown; row?: unknown } | null
    const where = data && typeof data.row === 'number' ? { zh: `（第 ${data.row} 行）`, en: ` (row ${data.row})` } : { zh: '', en: '' }
    const detail =
      err.text ??
      (Array.isArray(err.data) && err.data.length
        ? {
            zh: String((err.data[0] as { message?: string }).message ?? ''),
            en: String((err.data[0] as { message?: string }).message ?? ''),
          }
        : null)
    return {
      zh: `${texts.routes.failed.zh}：${detail?.zh ?? err.message}${where.zh}`,
      en: `${texts.routes.failed.en}: ${detail?.en ?? err.message}${where.en}`,
    }
  }
  if (isUniqueViolation(err)) return { zh: `${texts.routes.failed.zh}：数据重复`, en: `${texts.routes.failed.en}: duplicate data` }
  return texts.routes.failed
}
