/**
 * Terminal authorisation (/admin/terminal-authentication; SPEC §3/§4/§7). States:
 *   unauthorised → authorised (validity days) | rejected;  authorised → cancelled;
 *   a device re-applying from rejected, cancelled or an expired authorisation is unauthorised again.
 * Any other transition is 20021. Online and expiry are derived by the database clock (now()), never
 * stored (DESIGN §5): online = authorised, not expired, last heartbeat within two intervals.
 *
 * Ownership (issue 28): a device belongs to the account that first applied for it (and that
 * account's unit) until an administrator releases it (`release`: the next applicant takes it). Only
 * its own account applies again or sends heartbeats; an id of another account's device gets the same
 * answer as an unknown one (20021, nothing of the device), and each such miss counts against the
 * caller in a database window (MISSES_PER_MINUTE, then HTTP 429 until the minute ends). Read-only
 * (tourist) accounts neither apply nor send heartbeats (20003).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { and, eq, sql, type SQL } from 'drizzle-orm'
import { perm } from '../../../src/contract/catalogue'
import { Code } from '../../../src/contract/codes'
import { newId } from '../../../src/contract/ids'
import {
  TERMINAL_PATHS,
  terminalAgree,
  terminalApply,
  terminalDecision,
  terminalHeartbeat,
  terminalListQuery,
  type TerminalStatistics,
  type TerminalStatus,
} from '../../../src/contract/schemas/terminal'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { terminal, terminalEvent, terminalHeartbeat as heartbeat } from '../../db/schema'
import { ApiError, ok, parse } from '../../lib/http'
import { ipCity } from '../../lib/ipCity'
import { emitEvent } from '../../lib/jobs'
import { anyLike } from '../../lib/sql'
import { scopeOrgIds } from '../../lib/permissions'
import { hit, peek } from '../../plugins/rate-limit'
import { defineResource, registerResource } from '../../lib/resource'
import { inScope } from '../../lib/orgScope'
import texts from './texts.json'

/** Derived states (SQL over terminal ⟕ terminal_heartbeat), by the database clock. */
export const expiredSql = sql<boolean>`(${terminal.status} = 'authorised' and ${terminal.validUntil} <= now())`
export const onlineSql = sql<boolean>`coalesce(${terminal.status} = 'authorised' and ${terminal.validUntil} > now()
  and ${heartbeat.lastHeartbeatAt} > now() - make_interval(secs => (${terminal.heartbeatIntervalMin} * 120)::double precision), false)`

/**
 * Online now, authorised, unauthorised, expiring in 7 days, expired and applications per day (the
 * last `days` days, oldest first) of the terminals in `scope`, by the database clock. The one SQL
 * of these figures: the terminal screen's statistics and the home dashboard both use it.
 */
export async function terminalStatistics(db: Db, scope: SQL | undefined, days = 14): Promise<TerminalStatistics> {
  const [c] = await db
    .select({
      online: sql<number>`count(*) filter (where ${onlineSql})`.mapWith(Number),
      authorised: sql<number>`count(*) filter (where ${terminal.status} = 'authorised' and not ${expiredSql})`.mapWith(Number),
      unauthorised: sql<number>`count(*) filter (where ${terminal.status} = 'unauthorised')`.mapWith(Number),
      expiringIn7Days:
        sql<number>`count(*) filter (where ${terminal.status} = 'authorised' and ${terminal.validUntil} > now() and ${terminal.validUntil} <= now() + interval '7 days')`.mapWith(
          Number,
        ),
      expired: sql<number>`count(*) filter (where ${expiredSql})`.mapWith(Number),
    })
    .from(terminal)
    .leftJoin(heartbeat, eq(heartbeat.terminalId, terminal.terminalId))
    .where(scope)
  const perDay = (await db.execute(sql`
    select to_char(d.day, 'YYYY-MM-DD') as day, count(e.terminal_event_id)::int as count
    from generate_series(date_trunc('day', now()) - make_interval(days => ${days - 1}::int), date_trunc('day', now()), interval '1 day') as d(day)
    left join (
      select ev.terminal_event_id, ev.at from ${terminalEvent} ev join ${terminal} on ${terminal.terminalId} = ev.terminal_id
      where ev.kind = 'apply' and ev.at >= date_trunc('day', now()) - make_interval(days => ${days - 1}::int) ${scope ? sql`and ${scope}` : sql``}
    ) e on e.at >= d.day and e.at < d.day + interval '1 day'
    group by d.day order by d.day`)) as unknown as { rows: { day: string; count: number }[] }
  const stats: TerminalStatistics = {
    online: c?.online ?? 0,
    authorised: c?.authorised ?? 0,
    unauthorised: c?.unauthorised ?? 0,
    expiringIn7Days: c?.expiringIn7Days ?? 0,
    expired: c?.expired ?? 0,
    perDay: perDay.rows.map((r) => ({ day: r.day, count: Number(r.count) })),
  }
  return stats
}

/** An unknown device id and another account's: one answer, nothing of the device. */
const UNAVAILABLE = texts.routes.unavailable
/** Misses (unknown or foreign device ids) an account may make in a minute. */
export const MISSES_PER_MINUTE = 20

export function registerTerminalRoutes(app: FastifyInstance, ctx: Ctx): void {
  const MENU = '/admin/terminal-authentication' as const
  const { sortable, selection } = {
    sortable: {
      appliedAt: terminal.appliedAt,
      deviceId: terminal.deviceId,
      validUntil: terminal.validUntil,
      lastHeartbeatAt: heartbeat.lastHeartbeatAt,
    },
    selection: {
      terminalId: terminal.terminalId,
      deviceId: terminal.deviceId,
      deviceName: terminal.deviceName,
      os: terminal.os,
      osVersion: terminal.osVersion,
      memory: terminal.memory,
      processor: terminal.processor,
      applyIp: terminal.applyIp,
      applyCity: terminal.applyCity,
      accountName: terminal.accountName,
      owned: sql<boolean>`(${terminal.accountId} is not null)`.as('owned'),
      organizationId: terminal.organizationId,
      applyCount: terminal.applyCount,
      appliedAt: terminal.appliedAt,
      status: terminal.status,
      authorisedAt: terminal.authorisedAt,
      validityDays: terminal.validityDays,
      validUntil: terminal.validUntil,
      heartbeatIntervalMin: terminal.heartbeatIntervalMin,
      decidedBy: terminal.decidedBy,
      version: terminal.version,
      createTime: terminal.createTime,
      updateTime: terminal.updateTime,
      lastHeartbeatAt: heartbeat.lastHeartbeatAt,
      online: onlineSql.as('online'),
      expired: expiredSql.as('expired'),
    },
  }
  registerResource(
    app,
    ctx,
    defineResource({
      name: 'terminal',
      table: terminal,
      idField: 'terminalId',
      menu: MENU,
      scopeField: 'organizationId',
      schemas: { add: terminalApply, update: terminalDecision, listQuery: terminalListQuery },
      without: ['add', 'update', 'delete'],
      selection,
      join: (q) => q.leftJoin(heartbeat, eq(heartbeat.terminalId, terminal.terminalId)) as unknown as typeof q,
      sortable,
      defaultDesc: true,
      filters: (q) => [
        q.keyword ? anyLike(q.keyword, terminal.deviceId, terminal.accountName, terminal.deviceName) : undefined,
        q.status ? eq(terminal.status, q.status) : undefined,
        q.connection === 'online'
          ? onlineSql
          : q.connection === 'expired'
            ? expiredSql
            : q.connection === 'offline'
              ? sql`(${terminal.status} = 'authorised' and not ${expiredSql} and not ${onlineSql})`
              : undefined,
      ],
    }),
  )

  /** Terminals the caller may see (data scope of the menu's grant). */
  async function scopeWhere(req: FastifyRequest): Promise<SQL | undefined> {
    const auth = req.auth!
    return inScope(terminal.organizationId, await scopeOrgIds(ctx, auth.account, auth.grant?.scope ?? 'own'))
  }

  /** The terminal as the list shows it after a decision; 20008 with it when the version was stale. */
  async function answer(req: FastifyRequest, terminalId: string, done: 'done' | 'conflict') {
    const [row] = await ctx.db
      .select(selection)
      .from(terminal)
      .leftJoin(heartbeat, eq(heartbeat.terminalId, terminal.terminalId))
      .where(eq(terminal.terminalId, terminalId))
    if (done === 'conflict') throw new ApiError(Code.VERSION_CONFLICT, row ?? null)
    return ok(req, row ?? null)
  }

  /**
   * One transition: from `from` to the values, at the client's version. Nothing matched: the
   * terminal is not visible (20002), was changed (20008 with the current record) or is in another
   * state (20021).
   */
  async function transition(
    req: FastifyRequest,
    body: { terminalId: string; version: number },
    from: TerminalStatus,
    kind: string,
    values: (db: Db) => Record<string, unknown>,
    extra?: SQL,
  ) {
    const scope = await scopeWhere(req)
    const by = req.auth!.account.accountName
    const done = await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db
      const [current] = await tx
        .select({ status: terminal.status, version: terminal.version, expired: expiredSql })
        .from(terminal)
        .where(and(eq(terminal.terminalId, body.terminalId), scope))
        .for('update')
      if (!current) throw new ApiError(Code.NOT_FOUND)
      if (current.version !== body.version) return 'conflict' as const
      if (current.status !== from || (extra && current.expired))
        throw new ApiError(Code.REFUSED, { status: current.status }, texts.routes.refusedTransition)
      await tx
        .update(terminal)
        .set({ ...values(tx), decidedBy: by, updateBy: req.auth!.account.accountId, updateTime: new Date() })
        .where(eq(terminal.terminalId, body.terminalId))
      await tx.insert(terminalEvent).values({ terminalEventId: newId(), terminalId: body.terminalId, kind, by })
      return 'done' as const
    })
    return answer(req, body.terminalId, done)
  }

  app.post(TERMINAL_PATHS.agree, { config: { auth: 'signed', perm: perm(MENU, 'authorize') } }, async (req) => {
    const body = parse(terminalAgree, req.body, req)
    return transition(req, body, 'unauthorised', 'authorise', () => ({
      status: 'authorised',
      authorisedAt: sql`now()`,
      validityDays: body.validityDays,
      validUntil: sql`now() + make_interval(days => ${body.validityDays}::int)`,
      heartbeatIntervalMin: body.heartbeatIntervalMin,
    }))
  })
  app.post(TERMINAL_PATHS.reject, { config: { auth: 'signed', perm: perm(MENU, 'reject') } }, async (req) => {
    const body = parse(terminalDecision, req.body, req)
    return transition(req, body, 'unauthorised', 'reject', () => ({ status: 'rejected' }))
  })
  app.post(TERMINAL_PATHS.cancel, { config: { auth: 'signed', perm: perm(MENU, 'cancel') } }, async (req) => {
    const body = parse(terminalDecision, req.body, req)
    return transition(req, body, 'authorised', 'cancel', () => ({ status: 'cancelled', validUntil: null }))
  })

  // releasing a device: its owner is forgotten and any authorisation ends; the next applicant takes it
  app.post(TERMINAL_PATHS.release, { config: { auth: 'signed', perm: perm(MENU, 'cancel') } }, async (req) => {
    const body = parse(terminalDecision, req.body, req)
    const scope = await scopeWhere(req)
    const by = req.auth!.account.accountName
    const done = await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db
      const [current] = await tx
        .select({ version: terminal.version, owner: terminal.accountId })
        .from(terminal)
        .where(and(eq(terminal.terminalId, body.terminalId), scope))
        .for('update')
      if (!current) throw new ApiError(Code.NOT_FOUND)
      if (current.version !== body.version) return 'conflict' as const
      if (current.owner === null) throw new ApiError(Code.REFUSED, null, texts.routes.refusedTransition)
      await tx
        .update(terminal)
        .set({
          accountId: null,
          status: sql`case when ${terminal.status} = 'authorised' then 'cancelled' else ${terminal.status} end`,
          validUntil: null,
          decidedBy: by,
          updateBy: req.auth!.account.accountId,
          updateTime: new Date(),
        })
        .where(eq(terminal.terminalId, body.terminalId))
      await tx.insert(terminalEvent).values({ terminalEventId: newId(), terminalId: body.terminalId, kind: 'release', by })
      return 'done' as const
    })
    return answer(req, body.terminalId, done)
  })

  app.get(TERMINAL_PATHS.statistics, { config: { auth: 'signed', perm: perm(MENU) } }, async (req) => {
    return ok(req, await terminalStatistics(ctx.db, await scopeWhere(req)))
  })

  // ---- device calls: signed by the account using the device; no menu permission ----

  /** A read-only account changes nothing; an account over its misses waits for the next minute. */
  async function deviceCaller(req: FastifyRequest) {
    const acc = req.auth!.account
    if (acc.level === 'tourist') throw new ApiError(Code.FORBIDDEN)
    const r = await peek(ctx, `terminal-miss:${acc.accountId}`, 60)
    if (r.count >= MISSES_PER_MINUTE) tooMany(r.retryAfter)
    return acc
  }
  function tooMany(retryAfter: number): never {
    throw new ApiError(Code.REFUSED, null, texts.routes.tooManyMisses, 429, { 'Retry-After': String(retryAfter) })
  }
  /** An unknown or another account's device id: counted, and one answer for both. */
  async function miss(req: FastifyRequest): Promise<never> {
    const r = await hit(ctx, `terminal-miss:${req.auth!.account.accountId}`, 60)
    if (r.count > MISSES_PER_MINUTE) tooMany(r.retryAfter)
    throw new ApiError(Code.REFUSED, null, UNAVAILABLE)
  }

  app.post(TERMINAL_PATHS.apply, { config: { auth: 'signed', noOperateLog: true } }, async (req) => {
    const body = parse(terminalApply, req.body, req)
    const acc = await deviceCaller(req)
    const info = {
      deviceName: body.deviceName ?? null,
      os: body.os ?? null,
      osVersion: body.osVersion ?? null,
      memory: body.memory ?? null,
      processor: body.processor ?? null,
      applyIp: req.ip,
      applyCity: ipCity(req.ip),
      accountName: acc.accountName,
      accountId: acc.accountId,
      organizationId: acc.organizationId,
    }
    const row = await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db
      const [current] = await tx
        .select({ terminalId: terminal.terminalId, status: terminal.status, expired: expiredSql, owner: terminal.accountId })
        .from(terminal)
        .where(eq(terminal.deviceId, body.deviceId))
        .for('update')
      if (current && current.owner !== null && current.owner !== acc.accountId) return null
      if (current && current.status === 'authorised' && !current.expired) return current.terminalId
      const terminalId = current?.terminalId ?? newId()
      if (current) {
        await tx
          .update(terminal)
          .set({
            ...info,
            status: 'unauthorised',
            applyCount: sql`${terminal.applyCount} + 1`,
            appliedAt: sql`now()`,
            authorisedAt: null,
            validUntil: null,
            validityDays: null,
            decidedBy: null,
            updateTime: new Date(),
            updateBy: acc.accountId,
          })
          .where(eq(terminal.terminalId, terminalId))
      } else {
        await tx.insert(terminal).values({
          terminalId,
          deviceId: body.deviceId,
          ...info,
          status: 'unauthorised',
          applyCount: 1,
          createBy: acc.accountId,
          updateBy: acc.accountId,
        })
      }
      await tx.insert(terminalEvent).values({ terminalEventId: newId(), terminalId, kind: 'apply', by: acc.accountName })
      // 消息设置 "terminal applied": its reviewers are told once this commits.
      await emitEvent(
        tx,
        'terminal.applied',
        { terminalId, terminalName: body.deviceName ?? body.deviceId, accountName: acc.accountName },
        acc.organizationId,
      )
      return terminalId
    })
    if (row === null) return miss(req)
    const [answer] = await ctx.db
      .select({
        terminalId: terminal.terminalId,
        status: terminal.status,
        applyCount: terminal.applyCount,
        validUntil: terminal.validUntil,
      })
      .from(terminal)
      .where(eq(terminal.terminalId, row))
    return ok(req, answer)
  })

  /**
   * A heartbeat: accepted only from the device's own account, for an authorised device within its
   * validity (database clock); the owner is otherwise told the device's status (20021) so it can
   * apply again; anyone else gets the unknown device's answer.
   */
  app.post(TERMINAL_PATHS.heartbeat, { config: { auth: 'signed', noOperateLog: true } }, async (req) => {
    const body = parse(terminalHeartbeat, req.body, req)
    const acc = await deviceCaller(req)
    const mine = and(eq(terminal.deviceId, body.deviceId), eq(terminal.accountId, acc.accountId))
    const result = (await ctx.db.execute(sql`
      insert into ${heartbeat} (terminal_id, last_heartbeat_at, last_ip)
      select ${terminal.terminalId}, now(), ${req.ip} from ${terminal}
      where ${mine} and ${terminal.status} = 'authorised' and ${terminal.validUntil} > now()
      on conflict (terminal_id) do update set last_heartbeat_at = excluded.last_heartbeat_at, last_ip = excluded.last_ip
      returning terminal_id`)) as unknown as { rows: { terminal_id: string }[] }
    const [accepted] = result.rows
    const [row] = await ctx.db
      .select({
        status: terminal.status,
        expired: expiredSql,
        validUntil: terminal.validUntil,
        heartbeatIntervalMin: terminal.heartbeatIntervalMin,
      })
      .from(terminal)
      .where(mine)
    if (!row) return miss(req)
    if (!accepted) {
      throw new ApiError(
        Code.REFUSED,
        { status: row.expired ? 'expired' : row.status },
        {
          zh: '终端未授权或授权已过期，请重新申请',
          en: 'This terminal is not authorised or its authorisation has expired; apply again',
        },
      )
    }
    return ok(req, { heartbeatIntervalMin: Number(row.heartbeatIntervalMin), validUntil: row.validUntil })
  })
}
