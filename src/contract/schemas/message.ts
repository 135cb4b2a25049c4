/**
 * Messages (SPEC §7 msgConfig, msgPushed, msgWaitPush, msgPushUser; DESIGN §5):
 *
 *   /api/admin/v1/msgConfig/*              event configurations (the resource's five calls; /admin/message-setting)
 *   /api/admin/v1/msgCustomConfig/*        hand-sent message configurations (/admin/message-custom-config)
 *   GET  msgConfig/accountTree?nodeId      receivers: groups (nodeType 2, people counted) → people (3); roles
 *   GET  msgPushUser/listPage              my messages, unread first (filters: read, eventCode, keyword)
 *   GET  msgPushUser/unreadCount           the header badge (and the newest message's id: the live stream resumes there)
 *   POST msgPushUser/read { ids }          mark read (idempotent: the offline outbox replays it)
 *   POST msgPushUser/readAll { upTo? }     mark all read — up to the newest message the caller saw
 *   POST msgPushUser/send                  send by hand to people, groups or roles
 *   GET  msgPushed/listPage, msgWaitPush/listPage   channel sends done / waiting or dead (administrators)
 *   POST msgWaitPush/retry { ids }         a dead send back in the queue
 *   GET  /api/portal/v1/msg/stream         Server-Sent Events (signed fetch stream; id = message id)
 */
import { z } from 'zod'
import { maxima } from '../fields'
import { MSG_CONFIG_FIELDS, MSG_EVENTS, MSG_TEXT_FIELDS, type MsgEvent } from '../fields/message'
import { V, URL_RE, filterText, text } from '../rules'
import { id, listQuery, version, type Stamped } from './common'
import { declaredShape } from './fields'

// the paths are in ../endpoints (no zod: the shell's bell imports them without the schemas)
export { MSG_API } from '../endpoints'
export { MSG_EVENTS, type MsgEvent } from '../fields/message'

/**
 * Events whose receivers are named by the event itself (its `receiverIds`: a task's assignee, the
 * accounts a process is copied to), not by the configuration: the configuration gives the texts and
 * channels only (without an enabled one, the built-in texts, in-app).
 */
export const MSG_DIRECT_EVENTS: readonly MsgEvent[] = ['workflow.task', 'workflow.cc']
/** Placeholders a template of each event may use ({name}). */
export const MSG_EVENT_FIELDS: Record<MsgEvent | 'custom', readonly string[]> = {
  'account.pending': ['accountName', 'userName', 'organizationName'],
  'account.stopped': ['accountName', 'userName', 'reason'],
  'terminal.applied': ['terminalName', 'accountName'],
  'invite.completed': ['userName', 'organizationName'],
  'offline.conflict': ['entity', 'accountName'],
  'workflow.task': ['title', 'taskName', 'starterName'],
  'workflow.cc': ['title', 'taskName', 'starterName'],
  custom: ['senderName'],
}

/** A placeholder in a template: `{name}` (word characters). The gateway renders with the same pattern. */
export const MSG_PLACEHOLDER = /\{(\w+)\}/g
/** The texts of a template, each checked against its event's placeholders. */
export const MSG_TEMPLATE_FIELDS = MSG_TEXT_FIELDS.map((f) => f.key)

/**
 * A template uses only the placeholders of its event (MSG_EVENT_FIELDS; a hand-sent message: `custom`'s):
 * else 20001 on the text, `v.placeholder:{unknown}|{allowed} …` (the first unknown one, then the allowed ones).
 */
export function checkPlaceholders(
  v: Partial<Record<(typeof MSG_TEMPLATE_FIELDS)[number], unknown>>,
  event: MsgEvent | 'custom',
  ctx: z.RefinementCtx,
): void {
  const allowed = MSG_EVENT_FIELDS[event]
  for (const field of MSG_TEMPLATE_FIELDS) {
    const text = v[field]
    if (typeof text !== 'string') continue
    const unknown = [...text.matchAll(MSG_PLACEHOLDER)].find((m) => !allowed.includes(m[1]!))
    if (unknown)
      ctx.addIssue({ code: 'custom', path: [field], message: `${V.placeholder}:${unknown[0]}|${allowed.map((f) => `{${f}}`).join(' ')}` })
  }
}

/** in-app always; email (SMTP settings), sms (the SMS webhook), webhook (an enterprise-chat webhook). */
export const MSG_CHANNELS = ['inApp', 'email', 'sms', 'webhook'] as const
export type MsgChannel = (typeof MSG_CHANNELS)[number]

export const MSG_RECEIVER_TYPES = ['group', 'person', 'role'] as const
export const msgReceiver = z.object({
  type: z.enum(MSG_RECEIVER_TYPES, { error: V.invalid }),
  id: id(),
  name: text(100),
})
export type MsgReceiver = z.infer<typeof msgReceiver>

const receivers = z
  .array(msgReceiver, { error: V.required })
  .min(1, { error: V.required })
  .max(200, { error: V.invalid })
  .refine((list) => new Set(list.map((r) => `${r.type}:${r.id}`)).size === list.length, { error: V.repeat })

const channels = z
  .array(z.enum(MSG_CHANNELS, { error: V.invalid }), { error: V.required })
  .max(MSG_CHANNELS.length, { error: V.invalid })
  // in-app is always on
  .transform((list) => [...new Set<MsgChannel>(['inApp', ...list])])

const status = z.coerce
  .number()
  .pipe(z.union([z.literal(0), z.literal(1)], { error: V.invalid }))
  .default(1)

/** Titles and contents in zh and en, as declared (../fields/message.ts). */
const templates = declaredShape(MSG_TEXT_FIELDS)
const { configName, remark } = declaredShape(MSG_CONFIG_FIELDS)
const MSG = maxima(MSG_CONFIG_FIELDS)

const webhookUrl = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.string({ error: V.invalid }).trim().max(MSG.webhookUrl, { error: V.tooLong }).regex(URL_RE, { error: V.url }).optional(),
)

/** A webhook channel needs its URL (20001 on webhookUrl). */
const webhookNeedsUrl = (v: { channels: string[]; webhookUrl?: string }, ctx: z.RefinementCtx) => {
  if (v.channels.includes('webhook') && !v.webhookUrl) ctx.addIssue({ code: 'custom', path: ['webhookUrl'], message: V.required })
}

export const msgConfigFields = z.object({
  configName,
  eventCode: z.enum(MSG_EVENTS, { error: V.required }),
  status,
  channels,
  receivers,
  ...templates,
  webhookUrl,
  remark,
})
/** An event configuration: a webhook needs its URL; its texts use its event's placeholders only. */
const eventChecks = (v: z.infer<typeof msgConfigFields>, ctx: z.RefinementCtx) => {
  webhookNeedsUrl(v, ctx)
  checkPlaceholders(v, v.eventCode, ctx)
}
/** A hand-sent message (or its configuration): a webhook needs its URL; its texts use `custom`'s placeholders only. */
const customChecks = (
  v: { channels: string[]; webhookUrl?: string } & Partial<Record<(typeof MSG_TEMPLATE_FIELDS)[number], unknown>>,
  ctx: z.RefinementCtx,
) => {
  webhookNeedsUrl(v, ctx)
  checkPlaceholders(v, 'custom', ctx)
}

export const msgConfigAdd = msgConfigFields.extend({ msgConfigId: id().optional() }).superRefine(eventChecks)
export const msgConfigUpdate = msgConfigFields.extend({ msgConfigId: id(), version: version() }).superRefine(eventChecks)
export type MsgConfigFields = z.input<typeof msgConfigFields>

/** A hand-sent message's configuration: no event; its receivers are the defaults of a send. */
export const msgCustomFields = msgConfigFields.omit({ eventCode: true })
export const msgCustomAdd = msgCustomFields.extend({ msgConfigId: id().optional() }).superRefine(customChecks)
export const msgCustomUpdate = msgCustomFields.extend({ msgConfigId: id(), version: version() }).superRefine(customChecks)

export const msgConfigListQuery = listQuery.extend({
  configName: filterText(MSG.configName),
  eventCode: z.enum(MSG_EVENTS).optional(),
  status: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(1)]))
    .optional(),
})

export interface MsgConfig extends Stamped {
  msgConfigId: string
  kind: 'event' | 'custom'
  eventCode: MsgEvent | null
  configName: string
  status: 0 | 1
  channels: MsgChannel[]
  receivers: MsgReceiver[]
  titleZh: string
  titleEn: string
  contentZh: string
  contentEn: string
  webhookUrl: string | null
  remark: string | null
  /** The owner unit (none: the platform's). */
  organizationId: string | null
  organizationName: string | null
}

/** The account tree of receivers (SPEC §3): groups (nodeType 2, `count` people) and people (3). */
export const accountTreeQuery = z.object({ nodeId: id().optional() })
export interface AccountTreeNode {
  nodeId: string
  nodeName: string
  /** A group: its unit; a person: the account name. */
  nodeNameExt: string | null
  nodeType: 2 | 3
  count?: number
}

// ---- my messages ----

export const inboxQuery = listQuery.extend({
  /** 0 unread, 1 read */
  read: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(1)]))
    .optional(),
  eventCode: z.enum([...MSG_EVENTS, 'custom']).optional(),
  keyword: filterText(50),
})

export interface InboxMessage {
  id: number
  eventCode: MsgEvent | 'custom'
  titleZh: string
  titleEn: string
  contentZh: string
  contentEn: string
  link: string | null
  senderName: string | null
  readAt: string | null
  createTime: string
}

export const readBody = z.object({
  ids: z.array(z.coerce.number().int().positive(), { error: V.required }).min(1, { error: V.required }).max(500, { error: V.invalid }),
})
export type ReadBody = z.infer<typeof readBody>

/** 全部标记已读: every message up to `upTo` (the newest one the list showed; none: every message). */
export const readAllBody = z.object({
  upTo: z.coerce.number({ error: V.invalid }).int({ error: V.invalid }).positive({ error: V.invalid }).optional(),
})
export type ReadAllBody = z.infer<typeof readAllBody>

/**
 * The unread count, and the newest message's id when it was counted: the live stream resumes after
 * it (a message sent between the count and the stream's connection is not missed).
 */
export interface UnreadCount {
  unread: number
  lastId: number
}

export const sendBody = z
  .object({
    msgConfigId: id().optional(),
    receivers,
    channels,
    ...templates,
    webhookUrl,
  })
  .superRefine(customChecks)
export type SendBody = z.input<typeof sendBody>

// ---- channel sends (administrators) ----

export const pushQuery = listQuery.extend({
  channel: z.enum(MSG_CHANNELS).optional(),
  status: z.enum(['waiting', 'dead']).optional(),
})

export interface MsgPush {
  id: number
  inboxId: number
  channel: MsgChannel
  target: string | null
  status: 'waiting' | 'sent' | 'dead'
  attempts: number
  lastError: string | null
  sentAt: string | null
  createTime: string
  accountName: string | null
  userName: string | null
  titleZh: string
  titleEn: string
}

export const retryBody = readBody

/**
 * An offline edit of the caller's that met a newer version when replayed (the outbox reports it
 * once per entry: 消息设置 "offline edit conflicted"). `entityZh`/`entityEn`: what was edited, as
 * the sync centre names it.
 */
export const conflictReport = z.object({
  entryId: z.uuid({ error: V.invalid }),
  entity: text(50),
  entityZh: text(100),
  entityEn: text(100),
})
export type ConflictReport = z.infer<typeof conflictReport>

/** What the live stream carries (event `message`; `id:` = the message id, so Last-Event-ID replays from the table). */
export type LiveMessage = InboxMessage
