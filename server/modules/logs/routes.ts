/**
 * Reading the three logs (/admin/systemLog; DESIGN §5): every query has a time range (default the
 * last 7 days, at most MAX_LOG_RANGE_DAYS) so it touches only the months it needs; pages continue
 * by keyset (created_at, id) descending; an organisation administrator sees the rows written by
 * accounts of their units (data scope). Exports stream CSV (UTF-8 with BOM, for Excel) or XLSX
 * row by row in keyset batches: memory stays flat whatever the size.
 */
import { Readable, PassThrough } from 'node:stream'
import { once } from 'node:events'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import ExcelJS from 'exceljs'
import { and, desc, eq, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import { perm } from '../../../src/contract/catalogue'
import { Code, type Lang } from '../../../src/contract/codes'
import {
  actionWord,
  eventWord,
  menuWord,
  METHOD_WORDS,
  OUTCOME_WORDS,
  outcomeWord,
  placeWord,
  systemActionWord,
} from '../../../src/contract/logWords'
import {
  DEFAULT_LOG_RANGE_DAYS,
  LOG_KINDS,
  LOG_PATHS,
  logDetailQuery,
  logExportQuery,
  logQueries,
  type LogKind,
} from '../../../src/contract/schemas/logs'
import { V } from '../../../src/contract/rules'
import type { Ctx } from '../../context'
import { loginLog, operateLog, systemLog } from '../../db/schema'
import { ApiError, invalidField, ok, parse, requestLang, type Text } from '../../lib/http'
import { contains, escapeLike } from '../../lib/sql'
import { scopeOrgIds } from '../../lib/permissions'
import { cappedCount, COUNT_CAP } from '../../lib/resource'
import { disposition, registerExport } from '../files'
import { startLogUpkeep } from './partitions'
import { writeWorkLog } from './write'
import { inScope } from '../../lib/orgScope'
import texts from './texts.json'

type Row = Record<string, unknown>
type Q = Record<string, string | number | undefined>

const MENU = '/admin/systemLog' as const
/** Rows per batch of an export. */
const BATCH = 2000
/** One sheet holds at most this many rows (Excel's limit less the header). */
const SHEET_ROWS = 1_048_575

/** What an export's cells are written for: the caller's language and time zone. */
interface Reader {
  lang: Lang
  tz: string
}

interface Column {
  field: string
  title: Text
  /** Export cell text, as the screen shows it. */
  format?: (v: unknown, r: Row, to: Reader) => string
}

interface LogDef {
  table: PgTable
  id: AnyPgColumn
  createdAt: AnyPgColumn
  org: AnyPgColumn
  /** Columns of a list row (the detail adds request/response). */
  list: Record<string, AnyPgColumn>
  detail: Record<string, AnyPgColumn>
  filters: (q: Q) => (SQL | undefined)[]
  columns: Column[]
}

const containing = (c: AnyPgColumn, v: unknown) => (typeof v === 'string' && v ? contains(c, v) : undefined)
const startsWith = (c: AnyPgColumn, v: unknown) => (typeof v === 'string' && v ? ilike(c, `${escapeLike(v)}%`) : undefined)

const zoned = new Map<string, Intl.DateTimeFormat>()
/** `2026-11-26 17:04:05` in time zone `tz` (a valid IANA zone: logExportQuery checked it). */
export function localTime(v: unknown, tz: string): string {
  const d = v instanceof Date ? v : v ? new Date(String(v)) : null
  if (!d || Number.isNaN(d.getTime())) return ''
  let f = zoned.get(tz)
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    zoned.set(tz, f)
  }
  const p = Object.fromEntries(f.formatToParts(d).map((x) => [x.type, x.value]))
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v))

/** Export columns that mean the same in every log. */
const COLUMN = {
  createdAt: { field: 'createdAt', title: { zh: '时间', en: 'Time' }, format: (v, _r, to) => localTime(v, to.tz) },
  accountName: { field: 'accountName', title: { zh: '账号', en: 'Account' } },
  ip: { field: 'ip', title: { zh: 'IP', en: 'IP' } },
  city: { field: 'city', title: { zh: '城市', en: 'City' }, format: (v, _r, to) => placeWord(text(v), to.lang) ?? '' },
  appCode: { field: 'appCode', title: { zh: '应用', en: 'Application' } },
  uri: { field: 'uri', title: { zh: 'URI', en: 'URI' } },
  method: {
    field: 'method',
    title: { zh: '方法', en: 'Method' },
    format: (v, _r, to) => (typeof v === 'string' && METHOD_WORDS[v] ? `${METHOD_WORDS[v][to.lang]} (${v})` : text(v)),
  },
  code: { field: 'code', title: { zh: '返回码', en: 'Code' } },
  content: { field: 'content', title: { zh: '内容', en: 'Content' } },
  menu: { field: 'menuName', title: { zh: '菜单', en: 'Menu' }, format: (_v, r, to) => menuWord(r, to.lang) },
  service: { field: 'service', title: { zh: '服务', en: 'Service' } },
  duration: { field: 'durationMs', title: { zh: '耗时(ms)', en: 'Duration (ms)' } },
  request: { field: 'request', title: { zh: '请求', en: 'Request' } },
  response: { field: 'response', title: { zh: '响应', en: 'Response' } },
} satisfies Record<string, Column>

/** The outcome of an answer's code, in words (成功, or 失败 with the code's text). */
const outcome = (field: string): Column => ({
  field,
  title: { zh: '结果', en: 'Outcome' },
  format: (v, _r, to) => outcomeWord(typeof v === 'number' ? v : null, to.lang),
})

const common = (t: { accountName: AnyPgColumn; ip: AnyPgColumn }, q: Q) => [
  containing(t.accountName, q.accountName),
  startsWith(t.ip, q.ip),
]

const DEFS: Record<LogKind, LogDef> = {
  login: {
    table: loginLog,
    id: loginLog.loginLogId,
    createdAt: loginLog.createdAt,
    org: loginLog.organizationId,
    list: {
      loginLogId: loginLog.loginLogId,
      accountName: loginLog.accountName,
      ip: loginLog.ip,
      city: loginLog.city,
      carrier: loginLog.carrier,
      terminal: loginLog.terminal,
      terminalVersion: loginLog.terminalVersion,
      os: loginLog.os,
      success: loginLog.success,
      code: loginLog.code,
      createdAt: loginLog.createdAt,
    },
    detail: {},
    filters: (q) => [...common(loginLog, q), q.success ? eq(loginLog.success, q.success === '1') : undefined],
    columns: [
      COLUMN.createdAt,
      COLUMN.accountName,
      COLUMN.ip,
      COLUMN.city,
      { field: 'terminal', title: { zh: '终端', en: 'Terminal' } },
      { field: 'terminalVersion', title: { zh: '终端版本', en: 'Terminal version' } },
      { field: 'os', title: { zh: '系统版本', en: 'OS version' } },
      { field: 'success', title: { zh: '结果', en: 'Result' }, format: (v, _r, to) => OUTCOME_WORDS[v ? 'ok' : 'fail'][to.lang] },
      COLUMN.code,
    ],
  },
  operate: {
    table: operateLog,
    id: operateLog.operateLogId,
    createdAt: operateLog.createdAt,
    org: operateLog.organizationId,
    list: {
      operateLogId: operateLog.operateLogId,
      accountName: operateLog.accountName,
      appCode: operateLog.appCode,
      menuName: operateLog.menuName,
      menuPath: operateLog.menuPath,
      action: operateLog.action,
      op: operateLog.op,
      service: operateLog.service,
      uri: operateLog.uri,
      method: operateLog.method,
      ip: operateLog.ip,
      statusCode: operateLog.statusCode,
      durationMs: operateLog.durationMs,
      content: operateLog.content,
      createdAt: operateLog.createdAt,
    },
    detail: { request: operateLog.request, response: operateLog.response },
    filters: (q) => [
      ...common(operateLog, q),
      containing(operateLog.menuName, q.menuName),
      containing(operateLog.action, q.action),
      q.appCode ? eq(operateLog.appCode, String(q.appCode)) : undefined,
      startsWith(operateLog.uri, q.uri),
      q.status === 'ok'
        ? inArray(operateLog.statusCode, [Code.OK, Code.OK_ALT])
        : q.status === 'fail'
          ? sql`(${operateLog.statusCode} is null or ${operateLog.statusCode} not in (${Code.OK}, ${Code.OK_ALT}))`
          : undefined,
      // a client-reported click (operateLog/add) is not an operation: listed only when asked for
      q.origin === 'client' ? eq(operateLog.method, 'CLICK') : sql`${operateLog.method} is distinct from 'CLICK'`,
    ],
    columns: [
      COLUMN.createdAt,
      COLUMN.accountName,
      COLUMN.menu,
      { field: 'action', title: { zh: '动作', en: 'Action' }, format: (_v, r, to) => actionWord(r, to.lang) },
      COLUMN.appCode,
      COLUMN.service,
      COLUMN.uri,
      COLUMN.method,
      COLUMN.ip,
      outcome('statusCode'),
      { field: 'statusCode', title: { zh: '返回码', en: 'Code' } },
      COLUMN.duration,
      COLUMN.content,
      COLUMN.request,
      COLUMN.response,
    ],
  },
  system: {
    table: systemLog,
    id: systemLog.systemLogId,
    createdAt: systemLog.createdAt,
    org: systemLog.organizationId,
    list: {
      systemLogId: systemLog.systemLogId,
      event: systemLog.event,
      menuPath: systemLog.menuPath,
      action: systemLog.action,
      service: systemLog.service,
      accountName: systemLog.accountName,
      appCode: systemLog.appCode,
      ip: systemLog.ip,
      city: systemLog.city,
      uri: systemLog.uri,
      method: systemLog.method,
      code: systemLog.code,
      durationMs: systemLog.durationMs,
      content: systemLog.content,
      createdAt: systemLog.createdAt,
    },
    detail: { request: systemLog.request, response: systemLog.response },
    filters: (q) => [
      ...common(systemLog, q),
      containing(systemLog.event, q.event),
      q.code && /^\d+$/.test(String(q.code)) ? eq(systemLog.code, Number(q.code)) : undefined,
    ],
    columns: [
      COLUMN.createdAt,
      { field: 'event', title: { zh: '事件', en: 'Event' }, format: (v, _r, to) => eventWord(text(v), to.lang) },
      COLUMN.menu,
      { field: 'action', title: { zh: '动作', en: 'Action' }, format: (_v, r, to) => systemActionWord(r, to.lang) },
      COLUMN.service,
      outcome('code'),
      COLUMN.code,
      COLUMN.duration,
      COLUMN.accountName,
      COLUMN.appCode,
      COLUMN.ip,
      COLUMN.city,
      COLUMN.uri,
      COLUMN.method,
      COLUMN.content,
      COLUMN.request,
      COLUMN.response,
    ],
  },
}

/** An export's file name in the caller's language and time zone: 操作日志_2026-11-26.csv. */
const FILE_NAMES: Record<LogKind, Text> = texts.routes.fileNames
export const exportFileName = (kind: LogKind, to: Reader, ext: string, now = new Date()) =>
  `${FILE_NAMES[kind][to.lang]}_${localTime(now, to.tz).slice(0, 10)}.${ext}`

function badCursor(req: FastifyRequest): never {
  throw invalidField('cursor', V.invalid, requestLang(req))
}

/** [created_at ISO, id] of a cursor. */
function decodeCursor(cursor: string, req: FastifyRequest): [Date, string] {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string') {
      const d = new Date(v[0])
      if (!Number.isNaN(d.getTime())) return [d, v[1]]
    }
  } catch {
    /* below */
  }
  return badCursor(req)
}
const encodeCursor = (at: unknown, id: unknown) =>
  Buffer.from(JSON.stringify([at instanceof Date ? at.toISOString() : String(at), String(id)])).toString('base64url')

/** The range of a query: `to` default now, `from` default 7 days before `to`. */
export function rangeOf(q: { from?: string; to?: string }): { from: Date; to: Date } {
  const to = q.to ? new Date(q.to) : new Date()
  const from = q.from ? new Date(q.from) : new Date(to.getTime() - DEFAULT_LOG_RANGE_DAYS * 86_400_000)
  return { from, to }
}

/** CSV cell: quoted when needed; a leading = + - @ is neutralised (formula injection). */
export function csvCell(v: unknown): string {
  let s = v === null || v === undefined ? '' : String(v)
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

export function registerLogRoutes(app: FastifyInstance, ctx: Ctx): void {
  let upkeep: ReturnType<typeof startLogUpkeep> | null = null
  app.addHook('onReady', async () => {
    upkeep = startLogUpkeep(ctx.db, ctx.config.logRetentionDays, ctx.log, undefined, (r) =>
      writeWorkLog(ctx, {
        kind: 'logs.partitions',
        menuPath: MENU,
        durationMs: r.durationMs,
        ...('result' in r
          ? {
              code: Code.OK,
              content: JSON.stringify({ created: r.result.created.length, dropped: r.result.dropped.length }),
              response: JSON.stringify(r.result).slice(0, 4000),
            }
          : { code: Code.SERVER_FAULT, content: r.error instanceof Error ? r.error.message : String(r.error) }),
      }),
    )
    await upkeep.first
  })
  app.addHook('onClose', async () => upkeep?.stop())

  async function whereOf(def: LogDef, req: FastifyRequest, q: Q, range: { from: Date; to: Date }): Promise<SQL | undefined> {
    const auth = req.auth!
    const ids = await scopeOrgIds(ctx, auth.account, auth.grant?.scope ?? 'own')
    const scope = inScope(def.org, ids)
    return and(gte(def.createdAt, range.from), lt(def.createdAt, range.to), scope, ...def.filters(q))
  }

  /** Rows after a cursor in (created_at, id) descending order: one row comparison, an index range. */
  const after = (def: LogDef, [at, id]: [Date, string]) => sql`(${def.createdAt}, ${def.id}) < (${at.toISOString()}::timestamptz, ${id})`

  for (const kind of LOG_KINDS) {
    const def = DEFS[kind]
    const schema = logQueries[kind]

    app.get(LOG_PATHS.listPage(kind), { config: { auth: 'signed', perm: perm(MENU) } }, async (req) => {
      const q = parse(schema, req.query, req) as unknown as Q & {
        pageIndex: number
        pageSize: number
        cursor?: string
        from?: string
        to?: string
      }
      const range = rangeOf(q)
      const where = await whereOf(def, req, q, range)
      const cur = q.cursor ? decodeCursor(q.cursor, req) : null
      const rows = (await ctx.readDb
        .select(def.list)
        .from(def.table)
        .where(and(where, cur ? after(def, cur) : undefined))
        .orderBy(desc(def.createdAt), desc(def.id))
        .limit(q.pageSize)
        .offset(cur ? 0 : (q.pageIndex - 1) * q.pageSize)) as Row[]
      const n = !cur && rows.length < q.pageSize ? rows.length : await cappedCount(ctx.readDb, def.table, where)
      const last = rows.length === q.pageSize ? rows[rows.length - 1] : undefined
      const idKey = Object.keys(def.list)[0]!
      return ok(req, {
        records: rows,
        pageIndex: q.pageIndex,
        pageSize: q.pageSize,
        total: Math.min(n, COUNT_CAP),
        ...(n > COUNT_CAP ? { totalCapped: true } : {}),
        ...(last ? { nextCursor: encodeCursor(last.createdAt, last[idKey]) } : {}),
        from: range.from.toISOString(),
        to: range.to.toISOString(),
      })
    })

    app.get(LOG_PATHS.detail(kind), { config: { auth: 'signed', perm: perm(MENU) } }, async (req) => {
      const { id } = parse(logDetailQuery, req.query, req)
      const auth = req.auth!
      const ids = await scopeOrgIds(ctx, auth.account, auth.grant?.scope ?? 'own')
      const scope = inScope(def.org, ids)
      const [row] = await ctx.readDb
        .select({ ...def.list, ...def.detail })
        .from(def.table)
        .where(and(eq(def.id, id), scope))
        .limit(1)
      if (!row) throw new ApiError(Code.NOT_FOUND)
      return ok(req, row)
    })

    // always newest first: no sortBy (files/import-export.ts registerExport)
    const route = {
      path: LOG_PATHS.export(kind),
      config: { auth: 'signed' as const, perm: perm(MENU, 'export') },
      query: schema,
      sortable: [],
    }
    registerExport(app, route, async (req, reply, parsed) => {
      const q = parsed as unknown as Q & { from?: string; to?: string }
      const { format, tz } = parse(logExportQuery, req.query, req)
      const lang = requestLang(req)
      const to: Reader = { lang, tz }
      const range = rangeOf(q)
      const where = await whereOf(def, req, q, range)
      const select = { ...def.list, ...def.detail }
      /** The rows in keyset batches. */
      async function* batches(): AsyncGenerator<Row[]> {
        let cur: [Date, string] | null = null
        const idKey = Object.keys(def.list)[0]!
        for (;;) {
          const rows = (await ctx.readDb
            .select(select)
            .from(def.table)
            .where(and(where, cur ? after(def, cur) : undefined))
            .orderBy(desc(def.createdAt), desc(def.id))
            .limit(BATCH)) as Row[]
          if (rows.length) yield rows
          if (rows.length < BATCH) return
          const last = rows[rows.length - 1]!
          cur = [last.createdAt as Date, String(last[idKey])]
        }
      }
      // numbers stay numbers in a sheet
      const cell = (c: Column, r: Row): ExcelJS.CellValue =>
        c.format ? c.format(r[c.field], r, to) : typeof r[c.field] === 'number' ? (r[c.field] as number) : text(r[c.field])
      if (format === 'csv') {
        const columns = def.columns
        async function* csv(): AsyncGenerator<string> {
          yield '\uFEFF' + columns.map((c) => csvCell(c.title[lang])).join(',') + '\r\n'
          for await (const rows of batches()) yield rows.map((r) => columns.map((c) => csvCell(cell(c, r))).join(',') + '\r\n').join('')
        }
        void reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', disposition('attachment', exportFileName(kind, to, 'csv')))
          .header('Cache-Control', 'no-store')
        return reply.send(Readable.from(csv()))
      }
      const out = new PassThrough()
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false })
      void (async () => {
        const sheetName = (i: number) => `${lang === 'zh' ? '日志' : 'Log'}${i > 1 ? ` ${i}` : ''}`
        let n = 0
        let sheetNo = 1
        let sheet = workbook.addWorksheet(sheetName(sheetNo))
        sheet.addRow(def.columns.map((c) => c.title[lang])).commit()
        for await (const rows of batches()) {
          for (const r of rows) {
            if (n === SHEET_ROWS) {
              sheet.commit()
              sheet = workbook.addWorksheet(sheetName(++sheetNo))
              sheet.addRow(def.columns.map((c) => c.title[lang])).commit()
              n = 0
            }
            sheet.addRow(def.columns.map((c) => cell(c, r))).commit()
            n++
          }
          if (out.writableNeedDrain) await once(out, 'drain')
        }
        sheet.commit()
        await workbook.commit()
      })().catch((err: unknown) => {
        ctx.log.error({ err }, 'log export failed')
        out.destroy(err as Error)
      })
      void reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', disposition('attachment', exportFileName(kind, to, 'xlsx')))
        .header('Cache-Control', 'no-store')
      return reply.send(out)
    })
  }

  app.get(LOG_PATHS.retention, { config: { auth: 'signed', perm: perm(MENU) } }, async (req) => ok(req, ctx.config.logRetentionDays))
}
