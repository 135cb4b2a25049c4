/**
 * The logs the gateway's machinery writes — the gate's operation log, the security events of the
 * signature and permission checks — reach the logs module (modules/logs/write.ts, which owns the log
 * tables) through this port, set once at start (app.ts): plugins and lib import no module. Until it is
 * set (the machinery's unit tests) nothing is written. The redaction of what a log keeps is here too.
 */
import type { FastifyRequest } from 'fastify'
import type { Ctx } from '../context'

export interface OperateEntry {
  accountName: string | null
  appCode: string | null
  menuId: string | null
  functionId: string | null
  uri: string
  method: string
  statusCode: number | null
  durationMs: number | null
  content: string | null
  organizationId?: string | null
  ip?: string | null
  menuName?: string | null
  action?: string | null
  /** What the route did (its declared operation or its permission's function); null: a client-reported click. */
  op?: string | null
  /** The catalogue menu the route belongs to. */
  menuPath?: string | null
  request?: string | null
  response?: string | null
}

/** A piece of the gateway's own work (a job, the log upkeep) for the system log: written by the process that did it. */
export interface WorkEntry {
  /** A job kind, or `logs.partitions`. */
  kind: string
  /** 10000 done, 50000 failed. */
  code: number
  durationMs: number
  /** What was done, or the error. */
  content: string
  /** The job's payload (redacted). */
  request?: string | null
  /** What the work answered (redacted), or the error. */
  response?: string | null
  menuPath?: string | null
  accountName?: string | null
  organizationId?: string | null
}

export interface LogPort {
  system(ctx: Ctx, req: FastifyRequest, event: string, code: number | null, content: string, accountName?: string | null): Promise<void>
  operate(ctx: Ctx, entry: OperateEntry): Promise<void>
  work(ctx: Ctx, entry: WorkEntry): Promise<void>
}

let port: LogPort | null = null

/** app.ts: the logs module's writers. */
export const setLogPort = (p: LogPort): void => {
  port = p
}

export const writeSystemLog = (...args: Parameters<LogPort['system']>): Promise<void> => port?.system(...args) ?? Promise.resolve()
export const writeOperateLog = (ctx: Ctx, entry: OperateEntry): Promise<void> => port?.operate(ctx, entry) ?? Promise.resolve()
export const writeWorkLog = (ctx: Ctx, entry: WorkEntry): Promise<void> => port?.work(ctx, entry) ?? Promise.resolve()

/** Keys whose values never reach a log: passwords, ciphers, keys, tokens, signatures, codes. */
export const SECRET_KEY = /pass|pwd|secret|cipher|token|verifycode|logininfo|privatekey|signature|accesskey|appkey|updatekey|credential/i

/** A body for the log: secrets redacted (at any depth), at most `max` characters. */
export function logContent(body: unknown, max = 2000): string | null {
  if (body === undefined || body === null) return null
  const text = JSON.stringify(body, (k, v: unknown) => (k && SECRET_KEY.test(k) ? '***' : v))
  return text ? text.slice(0, max) : null
}

/** An answer's JSON text for the log: parsed and redacted like a body; text that is not JSON is dropped. */
export function logAnswer(payload: string, max = 4000): string | null {
  if (payload.length > 256 * 1024) return null
  try {
    return logContent(JSON.parse(payload), max)
  } catch {
    return null
  }
}
