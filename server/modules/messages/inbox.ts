/**
 * The message centre (SPEC §7 msgPushUser, msgPushed, msgWaitPush): my messages — only the
 * caller's, whatever ids are asked for — unread first; mark read (idempotent, so the offline outbox
 * may replay it) and mark all read; sending by hand (an outbox event like any other, so it is
 * delivered by the same job) from a configuration of the caller's units to receivers it may address;
 * the channel sends to accounts within the caller's data scope, with a retry of dead ones.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { and, count, desc, eq, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import type { Page } from '../../../src/contract/envelope'
import {
  conflictReport,
  inboxQuery,
  MSG_API,
  pushQuery,
  readAllBody,
  readBody,
  retryBody,
  sendBody,
  type InboxMessage,
  type MsgPush,
  type UnreadCount,
} from '../../../src/contract/schemas/message'
import type { Ctx } from '../../context'
import { job, msgConfig, msgInbox, msgPush } from '../../db/schema'
import { ApiError, ok, parse, requestLang } from '../../lib/http'
import { emitEvent } from '../../lib/jobs'
import { checkOutboundUrl } from '../../lib/outbound'
import { likeEscape } from '../../lib/sql'
import { cappedCount, cappedTotal } from '../../lib/resource'
import { inScope } from '../../lib/orgScope'
import { accountIdsOfUnits, accountRefs } from '../account'
import { CUSTOM_TOPIC, MSG_CHANNEL, PUSH_JOB } from './fanout'
import { inboxSelection, toMessage } from './live'
import { checkReceivers, grantedOrgIds } from './receivers'

const signed = { auth: 'signed' as const }

/**
 * The caller's unread count and its newest message's id, read together (one statement, one snapshot):
 * the unread entries of the centre's order index and the last entry of (account, id), not every
 * message of the account (100,000 took 190 ms on the embedded database; bench part `lists`).
 */
async function unreadCount(ctx: Ctx, accountId: string): Promise<UnreadCount> {
  const mine = eq(msgInbox.accountId, accountId)
  const unread = ctx.db
    .select({ n: count() })
    .from(msgInbox)
    .where(and(mine, isNull(msgInbox.readAt)))
  const last = ctx.db.select({ id: msgInbox.id }).from(msgInbox).where(mine).orderBy(desc(msgInbox.id)).limit(1)
  const { rows } = (await ctx.db.execute(sql`select (${unread}) as n, coalesce((${last}), 0) as last`)) as unknown as {
    rows: { n: number | string; last: number | string }[]
  }
  return { unread: Number(rows[0]?.n ?? 0), lastId: Number(rows[0]?.last ?? 0) }
}

export function registerInboxRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get(MSG_API.inbox, { config: signed }, async (req) => {
    const q = parse(inboxQuery, req.query, req)
    const me = req.auth!.account.accountId
    const where = and(
      eq(msgInbox.accountId, me),
      q.read === 0 ? isNull(msgInbox.readAt) : q.read === 1 ? isNotNull(msgInbox.readAt) : undefined,
      q.eventCode ? eq(msgInbox.eventCode, q.eventCode) : undefined,
      // the title or content in either language contains it (one case-folded column, migration 0043)
      q.keyword ? sql`${msgInbox.searchText} like lower(${likeEscape(q.keyword)})` : undefined,
    )
    const [rows, counted, unread] = await Promise.all([
      ctx.db
        .select(inboxSelection)
        .from(msgInbox)
        .where(where)
        // newest sent first: the event's id is its sending order, the row's id only the order in which
        // the workers delivered (two gateways may deliver two sends in either order)
        .orderBy(sql`(${msgInbox.readAt} is null) desc`, desc(msgInbox.eventId))
        .limit(q.pageSize)
        .offset((q.pageIndex - 1) * q.pageSize),
      // counted up to COUNT_CAP, as every list (an account's 100,000 messages took 84 ms to count)
      cappedCount(ctx.db, msgInbox, where),
      unreadCount(ctx, me),
    ])
    return ok<Page<InboxMessage> & UnreadCount>(req, {
      records: rows.map((r) => toMessage(r as Parameters<typeof toMessage>[0])),
      ...cappedTotal(counted, (q.pageIndex - 1) * q.pageSize + rows.length),
      pageIndex: q.pageIndex,
      pageSize: q.pageSize,
      ...unread,
    })
  })

  app.get(MSG_API.unreadCount, { config: signed }, async (req) => ok(req, await unreadCount(ctx, req.auth!.account.accountId)))

  /** Marks the caller's messages read; an id of someone else's message is refused (20002), never touched. */
  app.post(MSG_API.read, { config: signed }, async (req) => {
    const body = parse(readBody, req.body, req)
    const me = req.auth!.account.accountId
    const ids = [...new Set(body.ids)]
    const changed = await ctx.db.transaction(async (tx) => {
      const mine = await tx
        .select({ id: msgInbox.id })
        .from(msgInbox)
        .where(and(inArray(msgInbox.id, ids), eq(msgInbox.accountId, me)))
      if (mine.length !== ids.length) throw new ApiError(Code.NOT_FOUND)
      const rows = await tx
        .update(msgInbox)
        .set({ readAt: new Date() })
        .where(and(inArray(msgInbox.id, ids), eq(msgInbox.accountId, me), isNull(msgInbox.readAt)))
        .returning({ id: msgInbox.id })
      if (rows.length) await tx.execute(sql`select pg_notify(${MSG_CHANNEL}, ${`r:${me}`})`)
      return rows.length
    })
    return ok(req, { read: changed })
  })

  /** Up to the newest message the caller saw (`upTo`, kept by the outbox when it was offline): one that came later stays unread. */
  app.post(MSG_API.readAll, { config: signed }, async (req) => {
    const { upTo } = parse(readAllBody, req.body ?? {}, req)
    const me = req.auth!.account.accountId
    const changed = await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .update(msgInbox)
        .set({ readAt: new Date() })
        .where(and(eq(msgInbox.accountId, me), isNull(msgInbox.readAt), upTo ? lte(msgInbox.id, upTo) : undefined))
        .returning({ id: msgInbox.id })
      if (rows.length) await tx.execute(sql`select pg_notify(${MSG_CHANNEL}, ${`r:${me}`})`)
      return rows.length
    })
    return ok(req, { read: changed })
  })

  app.post(MSG_API.send, { config: { ...signed, perm: { menu: '/admin/message-custom-config', fn: 'send' } } }, async (req) => {
    const body = parse(sendBody, req.body, req)
    const acc = req.auth!.account
    const orgIds = await grantedOrgIds(ctx, req)
    if (body.msgConfigId) {
      const [cfg] = await ctx.db
        .select({ id: msgConfig.msgConfigId })
        .from(msgConfig)
        .where(and(eq(msgConfig.msgConfigId, body.msgConfigId), eq(msgConfig.kind, 'custom'), inScope(msgConfig.organizationId, orgIds)))
      if (!cfg) throw new ApiError(Code.NOT_FOUND, { field: 'msgConfigId' })
    }
    await checkReceivers(ctx.db, req, body.receivers, orgIds)
    await checkOutboundUrl(body.webhookUrl, ctx.config.webhookAllow, requestLang(req))
    const eventId = await ctx.db.transaction((tx) =>
      emitEvent(
        tx,
        CUSTOM_TOPIC,
        {
          configId: body.msgConfigId ?? null,
          receivers: body.receivers,
          channels: body.channels,
          titleZh: body.titleZh,
          titleEn: body.titleEn,
          contentZh: body.contentZh,
          contentEn: body.contentEn,
          webhookUrl: body.webhookUrl ?? null,
          senderId: acc.accountId,
          senderName: acc.userName ?? acc.accountName,
        },
        acc.organizationId,
      ),
    )
    return ok(req, { eventId })
  })

  // An offline edit met a newer version when replayed: told once per outbox entry (its id is the key).
  app.post(MSG_API.conflict, { config: signed }, async (req) => {
    const body = parse(conflictReport, req.body, req)
    const acc = req.auth!.account
    const eventId = await ctx.db.transaction((tx) =>
      emitEvent(
        tx,
        'offline.conflict',
        {
          entryId: body.entryId,
          entity: body.entity,
          entityZh: body.entityZh,
          entityEn: body.entityEn,
          accountId: acc.accountId,
          accountName: acc.userName ?? acc.accountName,
        },
        acc.organizationId,
        `offline.conflict:${acc.accountId}:${body.entryId}`,
      ),
    )
    return ok(req, { reported: eventId !== null })
  })

  /** Sends to accounts of the units within the caller's data scope. */
  const pushesInScope = (orgIds: string[] | null): SQL | undefined =>
    orgIds === null ? undefined : inArray(msgPush.accountId, accountIdsOfUnits(orgIds))
  /** Whom a push went to. */
  const receiver = accountRefs('receiver')

  const pushes = (statuses: string[]) => async (req: FastifyRequest) => {
    const q = parse(pushQuery, req.query, req)
    const conds: (SQL | undefined)[] = [
      inArray(msgPush.status, q.status && statuses.includes(q.status) ? [q.status] : statuses),
      q.channel ? eq(msgPush.channel, q.channel) : undefined,
      pushesInScope(await grantedOrgIds(ctx, req)),
    ]
    const where = and(...conds)
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select({
          id: msgPush.id,
          inboxId: msgPush.inboxId,
          channel: msgPush.channel,
          target: msgPush.target,
          status: msgPush.status,
          attempts: msgPush.attempts,
          lastError: msgPush.lastError,
          sentAt: msgPush.sentAt,
          createTime: msgPush.createTime,
          accountName: receiver.accountName,
          userName: receiver.userName,
          titleZh: msgInbox.titleZh,
          titleEn: msgInbox.titleEn,
        })
        .from(msgPush)
        .innerJoin(msgInbox, eq(msgInbox.id, msgPush.inboxId))
        .leftJoin(receiver, eq(receiver.accountId, msgPush.accountId))
        .where(where)
        .orderBy(desc(msgPush.id))
        .limit(q.pageSize)
        .offset((q.pageIndex - 1) * q.pageSize),
      ctx.db.select({ n: count() }).from(msgPush).where(where),
    ])
    return ok<Page<MsgPush>>(req, {
      records: rows.map((r) => ({
        ...r,
        id: Number(r.id),
        inboxId: Number(r.inboxId),
        channel: r.channel as MsgPush['channel'],
        status: r.status as MsgPush['status'],
        sentAt: r.sentAt?.toISOString() ?? null,
        createTime: r.createTime.toISOString(),
      })),
      total: Number(total?.n ?? 0),
      pageIndex: q.pageIndex,
      pageSize: q.pageSize,
    })
  }
  const admin = { ...signed, perm: { menu: '/admin/message-setting' as const } }
  app.get(MSG_API.pushed, { config: admin }, pushes(['sent']))
  app.get(MSG_API.waiting, { config: admin }, pushes(['waiting', 'dead']))

  /** Dead sends back in the queue with fresh attempts. */
  app.post(MSG_API.retry, { config: { ...signed, perm: { menu: '/admin/message-setting', fn: 'edit' } } }, async (req) => {
    const body = parse(retryBody, req.body, req)
    const inScopeOnly = pushesInScope(await grantedOrgIds(ctx, req))
    const n = await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .update(msgPush)
        .set({ status: 'waiting', attempts: 0, lastError: null })
        .where(and(inArray(msgPush.id, body.ids), eq(msgPush.status, 'dead'), inScopeOnly))
        .returning({ id: msgPush.id })
      if (!rows.length) return 0
      await tx
        .update(job)
        .set({ status: 'ready', attempts: 0, runAt: sql`now()`, lastError: null, finishedAt: null })
        .where(
          and(
            eq(job.kind, PUSH_JOB),
            eq(job.status, 'dead'),
            inArray(
              job.dedupeKey,
              rows.map((r) => String(r.id)),
            ),
          ),
        )
      await tx.execute(sql`select pg_notify('trestle_job', ${PUSH_JOB})`)
      return rows.length
    })
    return ok(req, { retried: n })
  })
}
