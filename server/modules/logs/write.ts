/** Writers of the three logs the console shows: login, operation and system (security events). */
import type { FastifyRequest } from 'fastify'
import { newId } from '../../../src/contract/ids'
import type { Ctx } from '../../context'
import { loginLog, operateLog, systemLog } from '../../db/schema'

export async function writeSystemLog(
  ctx: Ctx,
  req: FastifyRequest,
  event: string,
  code: number | null,
  content: string,
  accountName: string | null = req.auth?.account.accountName ?? null,
): Promise<void> {
  try {
    await ctx.db.insert(systemLog).values({
      systemLogId: newId(),
      event,
      accountName,
      appCode: req.auth?.appCode ?? (typeof req.headers.appcode === 'string' ? req.headers.appcode : null),
      ip: req.ip,
      uri: req.url.split('?')[0] ?? req.url,
      method: req.method,
      code,
      content: content.slice(0, 2000),
      createdAt: new Date(),
    })
  } catch (err) {
    ctx.log.error({ err }, 'system_log write failed')
  }
}

export async function writeLoginLog(
  ctx: Ctx,
  req: FastifyRequest,
  accountName: string | null,
  success: boolean,
  code: number,
  carrier: string | null,
): Promise<void> {
  try {
    await ctx.db.insert(loginLog).values({
      loginLogId: newId(),
      accountName: accountName?.slice(0, 64) ?? null,
      ip: req.ip,
      carrier: carrier?.slice(0, 200) ?? null,
      success,
      code,
      createdAt: new Date(),
    })
  } catch (err) {
    ctx.log.error({ err }, 'login_log write failed')
  }
}

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
}

export async function writeOperateLog(ctx: Ctx, entry: OperateEntry): Promise<void> {
  try {
    await ctx.db.insert(operateLog).values({ operateLogId: newId(), createdAt: new Date(), ...entry })
  } catch (err) {
    ctx.log.error({ err }, 'operate_log write failed')
  }
}

const SECRET_KEY = /pass|pwd|secret|cipher|token|verifycode/i

/** A body for the log: secrets redacted, at most 2000 characters. */
export function logContent(body: unknown): string | null {
  if (body === undefined || body === null) return null
  const text = JSON.stringify(body, (k, v: unknown) => (k && SECRET_KEY.test(k) ? '***' : v))
  return text ? text.slice(0, 2000) : null
}
