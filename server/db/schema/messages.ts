/**
 * Messages (SPEC §7 msgConfig, msgPushed, msgWaitPush, msgPushUser): which business event sends
 * which message to whom through which channels; one inbox row per receiver and event (unique, so a
 * job run twice writes it once); one push row per inbox row and outside channel.
 */
import { sql } from 'drizzle-orm'
import { bigint, bigserial, index, integer, jsonb, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core'
import { organization } from '../schema'
import { messageText, stamped, ts } from './columns'

export interface MsgReceiver {
  /** 2: a group of the account tree (its people), 3: a person (account), role: every holder of the role. */
  type: 'group' | 'person' | 'role'
  id: string
  name: string
}

/**
 * A message configuration: an event (kind `event`) or a hand-sent message (kind `custom`).
 * Ownership (DESIGN §3): it belongs to the unit of the account that added it (`organizationId`; none:
 * the platform's, added by an account without a unit) and is read, changed, deleted and sent from
 * within the caller's data scope only; its receivers are ones the caller may address (within that
 * scope). Names are unique within a unit and kind.
 */
export const msgConfig = pgTable(
  'msg_config',
  {
    msgConfigId: text('msg_config_id').primaryKey(),
    kind: text('kind').notNull().default('event'),
    /** The business event (kind `event`), e.g. `account.pending`. */
    eventCode: text('event_code'),
    configName: text('config_name').notNull(),
    status: integer('status').notNull().default(1),
    channels: jsonb('channels').$type<string[]>().notNull().default(['inApp']),
    receivers: jsonb('receivers').$type<MsgReceiver[]>().notNull().default([]),
    ...messageText,
    /** The enterprise-chat webhook of the `webhook` channel. */
    webhookUrl: text('webhook_url'),
    remark: text('remark'),
    organizationId: text('organization_id').references(() => organization.organizationId),
    ...stamped,
  },
  (t) => [
    index('msg_config_event_idx').on(t.eventCode),
    unique('msg_config_name_uq').on(t.kind, t.organizationId, t.configName).nullsNotDistinct(),
  ],
)

/** A message in a receiver's centre; its id is the live stream's event id. */
export const msgInbox = pgTable(
  'msg_inbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: text('account_id').notNull(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    msgConfigId: text('msg_config_id'),
    eventCode: text('event_code').notNull(),
    ...messageText,
    /** A console path the message opens, if any. */
    link: text('link'),
    senderId: text('sender_id'),
    readAt: ts('read_at'),
    createTime: ts('create_time').notNull().defaultNow(),
    /** What the keyword search matches: the title and content in both languages, case folded (migration 0043; trigram-indexed where pg_trgm is). */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower("title_zh" || E'\n' || "title_en" || E'\n' || "content_zh" || E'\n' || "content_en")`,
    ),
  },
  (t) => [
    uniqueIndex('msg_inbox_event_account_uq').on(t.eventId, t.accountId),
    index('msg_inbox_account_idx').on(t.accountId, t.id),
    // a page in the centre's order: unread first, newest event first (migration 0043)
    index('msg_inbox_account_order_idx').on(t.accountId, sql`(${t.readAt} is null)`, t.eventId),
  ],
)

/** A send of an inbox row through an outside channel (email, sms, webhook): waiting, sent or dead. */
export const msgPush = pgTable(
  'msg_push',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    inboxId: bigint('inbox_id', { mode: 'number' }).notNull(),
    accountId: text('account_id').notNull(),
    channel: text('channel').notNull(),
    target: text('target'),
    status: text('status').notNull().default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: ts('sent_at'),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('msg_push_inbox_channel_uq').on(t.inboxId, t.channel), index('msg_push_status_idx').on(t.status, t.id)],
)

/**
 * A delivery service (SPEC §7 supplier, supplierConfig): one row per kind (`mail`, `sms`) for the
 * installation. `settings` holds what may be shown (host, port, from…; url, sign name); `secret` the
 * SMTP password or the SMS token, sealed with AES-256-GCM (server/lib/secretBox.ts) — never plaintext,
 * never answered.
 */
export const supplierConfig = pgTable('supplier_config', {
  kind: text('kind').primaryKey(),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  secret: text('secret'),
  version: integer('version').notNull().default(0),
  updateTime: ts('update_time').notNull().defaultNow(),
  updateBy: text('update_by'),
})
