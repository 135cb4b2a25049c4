/**
 * Live delivery (DESIGN §5): Server-Sent Events on a signed fetch stream (GET /api/portal/v1/msg/stream,
 * the same signed headers as every call — EventSource cannot send them). The event id is the
 * message's row id: a reconnect with `Last-Event-ID` replays `id > last` from the table, so nothing
 * is missed across reconnects or gateway restarts. Across gateway instances PostgreSQL NOTIFY
 * `trestle_msg` carries ids only (`e:<event id>` new messages, `r:<account id>` read changes);
 * each gateway reads the rows for the streams it holds. A LISTEN connection that was re-made
 * (`null`) makes every stream re-read what it may have missed. Ids commit in order (fanout.ts), and
 * the hub handles notifications and a new stream's replay one at a time, in arrival order, so a
 * stream sends every message once, in id order.
 */
import type { FastifyInstance } from 'fastify'
import type { ServerResponse } from 'node:http'
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm'
import type { InboxMessage } from '../../../src/contract/schemas/message'
import { MSG_API } from '../../../src/contract/schemas/message'
import type { Ctx } from '../../context'
import type { Database } from '../../db/client'
import { msgInbox } from '../../db/schema'
import { accountShownNameOf } from '../account'
import { MSG_CHANNEL } from './fanout'

const HEARTBEAT_MS = 25_000
const REPLAY_LIMIT = 500

interface Stream {
  accountId: string
  lastId: number
  res: ServerResponse
}

const sender = accountShownNameOf(msgInbox.senderId)

export const inboxSelection = {
  id: msgInbox.id,
  eventCode: msgInbox.eventCode,
  titleZh: msgInbox.titleZh,
  titleEn: msgInbox.titleEn,
  contentZh: msgInbox.contentZh,
  contentEn: msgInbox.contentEn,
  link: msgInbox.link,
  senderName: sender.as('sender_name'),
  readAt: msgInbox.readAt,
  createTime: msgInbox.createTime,
}

type Row = { id: number; readAt: Date | null; createTime: Date } & Omit<InboxMessage, 'id' | 'readAt' | 'createTime'>
export const toMessage = (r: Row): InboxMessage => ({
  ...r,
  id: Number(r.id),
  readAt: r.readAt ? r.readAt.toISOString() : null,
  createTime: r.createTime.toISOString(),
})

/** How soon a client whose stream the gateway closed on shutdown should reconnect. */
const CLOSING_RETRY_MS = 500

export class LiveHub {
  private readonly streams = new Map<string, Set<Stream>>()
  private stopListening: (() => Promise<void>) | null = null
  private queue: Promise<void> = Promise.resolve()

  constructor(private readonly ctx: Ctx) {}

  get size(): number {
    let n = 0
    for (const s of this.streams.values()) n += s.size
    return n
  }

  async start(listen: Database['listen']): Promise<void> {
    this.stopListening = await listen(MSG_CHANNEL, (payload) => void this.serial(() => this.onNotify(payload)))
  }

  /** Runs `task` after every earlier one (notifications arrive in commit order, which is id order). */
  private serial(task: () => Promise<void>): Promise<void> {
    const run = this.queue.then(task)
    this.queue = run.catch((err: unknown) => this.ctx.log.warn({ err }, 'live messages'))
    return run
  }

  /** Ends every stream with a hint to come back soon (the gateway shuts down: the next connection lands on another). */
  async stop(): Promise<void> {
    for (const set of this.streams.values())
      for (const s of set) {
        if (!s.res.writableEnded) s.res.write(`retry: ${CLOSING_RETRY_MS}\n`)
        write(s.res, 'closing', null, JSON.stringify({ retryMs: CLOSING_RETRY_MS }))
        s.res.end()
      }
    this.streams.clear()
    await this.stopListening?.()
  }

  private async onNotify(payload: string | null): Promise<void> {
    if (!this.streams.size) return
    if (payload === null) {
      for (const id of this.streams.keys()) await this.catchUp(id)
      return
    }
    if (payload.startsWith('r:')) {
      const accountId = payload.slice(2)
      for (const s of this.streams.get(accountId) ?? []) write(s.res, 'read', null, '{}')
      return
    }
    if (!payload.startsWith('e:')) return
    const eventId = Number(payload.slice(2))
    const accounts = [...this.streams.keys()]
    const rows = await this.ctx.db
      .select({ ...inboxSelection, accountId: msgInbox.accountId })
      .from(msgInbox)
      .where(and(eq(msgInbox.eventId, eventId), inArray(msgInbox.accountId, accounts)))
    for (const r of rows) for (const s of this.streams.get(r.accountId) ?? []) this.send(s, toMessage(r as Row))
  }

  private send(s: Stream, m: InboxMessage): void {
    if (m.id <= s.lastId) return
    s.lastId = m.id
    write(s.res, 'message', m.id, JSON.stringify(m))
  }

  private async catchUp(accountId: string): Promise<void> {
    const set = this.streams.get(accountId)
    if (!set?.size) return
    const from = Math.min(...[...set].map((s) => s.lastId))
    const rows = await this.replay(accountId, from)
    for (const r of rows) for (const s of set) this.send(s, r)
  }

  async replay(accountId: string, afterId: number): Promise<InboxMessage[]> {
    const rows = await this.ctx.db
      .select(inboxSelection)
      .from(msgInbox)
      .where(and(eq(msgInbox.accountId, accountId), gt(msgInbox.id, afterId)))
      .orderBy(asc(msgInbox.id))
      .limit(REPLAY_LIMIT)
    return rows.map((r) => toMessage(r as Row))
  }

  async open(accountId: string, lastEventId: number, res: ServerResponse): Promise<void> {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    })
    res.write('retry: 3000\n\n')
    const stream: Stream = { accountId, lastId: lastEventId, res }
    const set = this.streams.get(accountId) ?? new Set()
    // In the queue: a notification that comes meanwhile is handled after the replay, and what the
    // replay did not see is committed after it, so its notification comes after this task too.
    await this.serial(async () => {
      set.add(stream)
      this.streams.set(accountId, set)
      if (lastEventId > 0) {
        for (const m of await this.replay(accountId, lastEventId)) this.send(stream, m)
      } else {
        // A first connection starts at the newest message (the list call reads what came before).
        const [top] = await this.ctx.db
          .select({ id: sql<number>`coalesce(max(${msgInbox.id}), 0)` })
          .from(msgInbox)
          .where(eq(msgInbox.accountId, accountId))
        stream.lastId = Math.max(stream.lastId, Number(top?.id ?? 0))
        write(res, 'ready', null, JSON.stringify({ lastId: stream.lastId }))
      }
    })
    const beat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS)
    beat.unref()
    res.on('close', () => {
      clearInterval(beat)
      set.delete(stream)
      if (!set.size) this.streams.delete(accountId)
    })
  }
}

function write(res: ServerResponse, event: string, id: number | null, data: string): void {
  if (res.writableEnded) return
  res.write(`${id !== null ? `id: ${id}\n` : ''}event: ${event}\ndata: ${data}\n\n`)
}

/** The stream route; the hub is started with the database's LISTEN when the gateway has one. */
export function registerLiveRoutes(app: FastifyInstance, hub: LiveHub): void {
  app.get(MSG_API.stream, { config: { auth: 'signed' } }, async (req, reply) => {
    const header = req.headers['last-event-id']
    const raw = Array.isArray(header) ? header[0] : header
    const last = raw && /^\d{1,15}$/.test(raw) ? Number(raw) : 0
    const acc = req.auth!.account
    reply.hijack()
    await hub.open(acc.accountId, last, reply.raw)
  })
}
