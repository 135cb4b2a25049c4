/** The three logs (SPEC §3 "Logs", DESIGN §5): queries always carry a time range; keyset paging. */
import { z } from 'zod'
import { V, filterText } from '../rules'
import { listQuery } from './common'

export const LOG_KINDS = ['login', 'operate', 'system'] as const
export type LogKind = (typeof LOG_KINDS)[number]

/** Longest time range of one query (days). */
export const MAX_LOG_RANGE_DAYS = 366
/** Default time range when a query names none: the last 7 days. */
export const DEFAULT_LOG_RANGE_DAYS = 7

const instant = z
  .string({ error: V.invalid })
  .trim()
  .max(40)
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: V.date })
  .optional()

/**
 * Every list page's query (paging within int4, page size ≤ 2000, `cursor`): a log continues by
 * `cursor` (the `nextCursor` of the previous page); `pageIndex` without a cursor is an offset, for
 * clients that page by number.
 */
const logQueryBase = listQuery.extend({
  /** ISO instant; default `to` − 7 days. */
  from: instant,
  /** ISO instant; default now. */
  to: instant,
  accountName: filterText(64),
  ip: filterText(45),
})

const rangeChecked = <S extends z.ZodType<{ from?: string; to?: string }>>(s: S) =>
  s.superRefine((q, c) => {
    const from = q.from ? Date.parse(q.from) : undefined
    const to = q.to ? Date.parse(q.to) : undefined
    if (from !== undefined && to !== undefined && from > to) c.addIssue({ code: 'custom', path: ['to'], message: V.dateOrder })
    const span = (to ?? Date.now()) - (from ?? (to ?? Date.now()) - DEFAULT_LOG_RANGE_DAYS * 86_400_000)
    if (span > MAX_LOG_RANGE_DAYS * 86_400_000)
      c.addIssue({ code: 'custom', path: ['from'], message: `${V.tooLarge}:${MAX_LOG_RANGE_DAYS}` })
  })

export const loginLogQuery = rangeChecked(logQueryBase.extend({ success: z.enum(['1', '0']).optional() }))
export const operateLogQuery = rangeChecked(
  logQueryBase.extend({
    menuName: filterText(60),
    action: filterText(60),
    appCode: filterText(64),
    uri: filterText(200),
    /** ok: answered 10000/20120; fail: anything else. */
    status: z.enum(['ok', 'fail']).optional(),
    /**
     * gateway (default): the operations the gateway did; client: the clicks a client reported
     * through operateLog/add (SPEC §7) — kept, but not operations, so not listed unless asked for.
     */
    origin: z.enum(['gateway', 'client']).optional(),
  }),
)
export const systemLogQuery = rangeChecked(
  logQueryBase.extend({
    event: filterText(60),
    code: filterText(10),
  }),
)
export const logQueries = { login: loginLogQuery, operate: operateLogQuery, system: systemLogQuery } as const

/** Whether `zone` is an IANA time zone this runtime knows (`Asia/Shanghai`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/**
 * An export's format and the caller's IANA time zone (the console sends its own): the file's times
 * are written in it, as the screen shows them. Default UTC.
 */
export const logExportQuery = z.object({
  format: z.enum(['csv', 'xlsx']).default('csv'),
  tz: z
    .string({ error: V.invalid })
    .trim()
    .max(64, { error: V.invalid })
    .refine((v) => /^[A-Za-z0-9_+\-/]+$/.test(v) && isTimeZone(v), { error: V.invalid })
    .default('UTC'),
})
export const logDetailQuery = z.object({ id: z.uuid({ error: V.invalid }) })

export interface LoginLog {
  loginLogId: string
  accountName: string | null
  ip: string | null
  city: string | null
  carrier: string | null
  terminal: string | null
  terminalVersion: string | null
  os: string | null
  success: boolean
  code: number
  createdAt: string
}
export interface OperateLog {
  operateLogId: string
  accountName: string | null
  appCode: string | null
  menuName: string | null
  action: string | null
  /** What the route did (a function action of the catalogue; src/contract/logWords.ts words it). */
  op: string | null
  /** The catalogue menu the route belongs to. */
  menuPath: string | null
  service: string | null
  uri: string | null
  method: string | null
  ip: string | null
  statusCode: number | null
  durationMs: number | null
  content: string | null
  request?: string | null
  response?: string | null
  createdAt: string
}
export interface SystemLog {
  systemLogId: string
  event: string
  accountName: string | null
  appCode: string | null
  ip: string | null
  city: string | null
  uri: string | null
  method: string | null
  code: number | null
  content: string | null
  /** The menu of the call, when it named one. */
  menuPath: string | null
  /** A function action for a call's event; the job kind for the gateway's own work (event `work`). */
  action: string | null
  service: string | null
  durationMs: number | null
  request?: string | null
  response?: string | null
  createdAt: string
}

/** A page of a log: no offset paging, `nextCursor` continues; `total` counted up to a cap. */
export interface LogPage<T> {
  records: T[]
  pageIndex: number
  pageSize: number
  total: number
  totalCapped?: true
  nextCursor?: string
  /** The range the query covered (the defaults filled in). */
  from: string
  to: string
}

export const LOG_PATHS = {
  listPage: (kind: LogKind) => `/api/admin/v1/${kind}Log/listPage`,
  detail: (kind: LogKind) => `/api/admin/v1/${kind}Log/detail`,
  export: (kind: LogKind) => `/api/admin/v1/${kind}Log/export`,
  retention: '/api/admin/v1/log/retention',
} as const
