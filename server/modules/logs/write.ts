/** Writers of the three logs the console shows: login, operation and system (security events). */
import type { FastifyRequest } from 'fastify'
import { sql, type SQL } from 'drizzle-orm'
import { newId } from '../../../src/contract/ids'
import type { Ctx } from '../../context'
import { applicationMenu, applicationMenuFunction, loginLog, operateLog, systemLog } from '../../db/schema'
import { unitOfAccountName } from '../account'
import { ipCity, terminalOf } from '../../lib/ipCity'
import type { OperateEntry, WorkEntry } from '../../lib/logPort'
import { logContent } from '../../lib/logPort'
import { isMenuPath, menuOf } from '../../../src/contract/catalogue'
import { METHOD_WORDS, operationWords } from '../../../src/contract/logWords'

export { logAnswer, logContent } from '../../lib/logPort'

export async function writeSystemLog(
  ctx: Ctx,
  req: FastifyRequest,
  event: string,
  code: number | null,
  content: string,
  accountName: string | null = req.auth?.account.accountName ?? null,
): Promise<void> {
  try {
    // the call's menu and function as its route declares them; its service; its input, redacted
    const { perm, op } = req.routeOptions?.config ?? {}
    const uri = req.url.split('?')[0] ?? req.url
    await ctx.db.insert(systemLog).values({
      systemLogId: newId(),
      event,
      menuPath: perm?.menu ?? null,
      action: op ?? perm?.fn ?? null,
      service: serviceOf(uri),
      request: logContent({ query: req.query, body: req.body }, 4000),
      accountName,
      organizationId: req.auth?.account.organizationId ?? null,
      appCode: req.auth?.appCode ?? (typeof req.headers.appcode === 'string' ? req.headers.appcode : null),
      ip: req.ip,
      city: ipCity(req.ip),
      uri,
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
    const owner = accountName ? await unitOfAccountName(ctx.db, accountName) : undefined
    const ua = typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null
    const t = terminalOf(ua, carrier)
    await ctx.db.insert(loginLog).values({
      loginLogId: newId(),
      accountName: accountName?.slice(0, 64) ?? null,
      organizationId: owner?.organizationId ?? null,
      ip: req.ip,
      city: ipCity(req.ip),
      carrier: carrier?.slice(0, 200) ?? null,
      terminal: t.terminal?.slice(0, 60) ?? null,
      terminalVersion: t.terminalVersion?.slice(0, 40) ?? null,
      os: t.os?.slice(0, 60) ?? null,
      success,
      code,
      createdAt: new Date(),
    })
  } catch (err) {
    ctx.log.error({ err }, 'login_log write failed')
  }
}

/** `/api/<service>/v1/<resource>/<call>` → `<service>/<resource>`. */
export const serviceOf = (uri: string) => {
  const m = /^\/api\/([^/]+)\/v\d+\/([^/]+)/.exec(uri)
  return m ? `${m[1]}/${m[2]}` : null
}

/** The gateway's own work in the system log (event 'work', its kind as the action): one row, by the process that did it. */
export async function writeWorkLog(ctx: Ctx, entry: WorkEntry): Promise<void> {
  try {
    await ctx.db.insert(systemLog).values({
      systemLogId: newId(),
      event: 'work',
      action: entry.kind.slice(0, 120),
      menuPath: entry.menuPath ?? null,
      service: `jobs/${entry.kind.split(':')[0]}`,
      accountName: entry.accountName ?? null,
      organizationId: entry.organizationId ?? null,
      code: entry.code,
      content: entry.content.slice(0, 2000),
      request: entry.request ?? null,
      response: entry.response ?? null,
      durationMs: entry.durationMs,
      createdAt: new Date(),
    })
  } catch (err) {
    ctx.log.error({ err }, 'system_log work write failed')
  }
}

/**
 * An operation log row. Its menu and action are what the route declares (`menuPath`, `op`), written
 * in zh (the words of both languages: src/contract/logWords.ts); a route that declares neither is
 * named by its grant's function or the console's menu header (read by the insert itself, one
 * statement), else by its method.
 */
export async function writeOperateLog(ctx: Ctx, entry: OperateEntry): Promise<void> {
  try {
    const declaredMenu = entry.menuPath && isMenuPath(entry.menuPath) ? menuOf(entry.menuPath).name : null
    const declaredOp = entry.op ? operationWords(entry.op)?.zh : undefined
    const menuName = entry.menuName ?? declaredMenu
    const action = entry.action ?? declaredOp ?? (entry.functionId ? null : (METHOD_WORDS[entry.method]?.zh ?? null))
    const fnId = entry.functionId && (!menuName || !action) ? entry.functionId : null
    const menuId = !fnId && entry.menuId && !menuName ? entry.menuId : null
    const menuOfFunction = (column: SQL) =>
      sql`(select ${column} from ${applicationMenuFunction} join ${applicationMenu} on ${applicationMenu.applicationMenuId} = ${applicationMenuFunction.applicationMenuId} where ${applicationMenuFunction.applicationMenuFunctionId} = ${fnId})`
    await ctx.db.insert(operateLog).values({
      operateLogId: newId(),
      createdAt: new Date(),
      service: serviceOf(entry.uri),
      ...entry,
      menuName: fnId
        ? sql`coalesce(${menuName}::text, ${menuOfFunction(sql`${applicationMenu.menuName}`)})`
        : menuId
          ? sql`(select ${applicationMenu.menuName} from ${applicationMenu} where ${applicationMenu.applicationMenuId} = ${menuId})`
          : menuName,
      action: fnId ? sql`coalesce(${action}::text, ${menuOfFunction(sql`${applicationMenuFunction.functionName}`)})` : action,
    })
  } catch (err) {
    ctx.log.error({ err }, 'operate_log write failed')
  }
}
