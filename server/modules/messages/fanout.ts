/**
 * From an outbox event to messages (DESIGN §5): the event's enabled configurations (or, for a
 * message sent by hand, the event itself) name receivers — groups of the account tree, people,
 * roles — and channels. One statement per configuration writes one inbox row per receiver
 * (unique (event, account): a job run twice, or after a gateway died mid-way, writes nothing
 * more), a push row per outside channel and the job that sends it; then NOTIFY `trestle_msg`
 * with the event id only (delivered at commit; every gateway reads the rows of its own streams).
 * Deliveries take one cluster-wide lock for their transaction, so inbox ids commit in the order they
 * were drawn: a live stream that has sent id n has seen every message below n (live.ts).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm'
import {
  MSG_DIRECT_EVENTS,
  MSG_EVENTS,
  MSG_PLACEHOLDER,
  type MsgChannel,
  type MsgEvent,
  type MsgReceiver,
} from '../../../src/contract/schemas/message'
import type { Db } from '../../db/client'
import { accountRole, msgConfig, orgGroupAccount } from '../../db/schema'
import type { EventRow, JobRunner } from '../../lib/jobs'
import { receivingAccounts } from '../account'

export const MSG_CHANNEL = 'trestle_msg'
export const PUSH_JOB = 'msg.push'
/** The topic of a message sent by hand (its payload carries receivers, channels and texts). */
export const CUSTOM_TOPIC = 'custom'
/** The advisory lock that orders deliveries (see above). */
const DELIVERY_LOCK = 7_283_017
/** Accounts that receive messages (not waiting for review, rejected or stopped), with the contact a push goes to. */
const receiver = receivingAccounts('receiver')

/** Where a message of each event leads in the console. */
const LINKS: Record<string, string | null> = {
  'account.pending': '/admin/user-audit',
  'account.stopped': null,
  'terminal.applied': '/admin/terminal-authentication',
  'invite.completed': '/admin/organization',
  'offline.conflict': null,
  'workflow.task': '/admin/workflow-query',
  'workflow.cc': '/admin/workflow-query',
  custom: null,
}

/** The texts of a direct event when no configuration of it is enabled (in-app). */
const DIRECT_TEXTS: Record<string, Pick<Template, 'titleZh' | 'titleEn' | 'contentZh' | 'contentEn'>> = {
  'workflow.task': {
    titleZh: '待办：{title}',
    titleEn: 'To do: {title}',
    contentZh: '{starterName} 发起的「{title}」到达节点「{taskName}」，请办理。',
    contentEn: '“{title}”, started by {starterName}, waits for you at “{taskName}”.',
  },
  'workflow.cc': {
    titleZh: '抄送：{title}',
    titleEn: 'Copied to you: {title}',
    contentZh: '{starterName} 发起的「{title}」（节点「{taskName}」）抄送给您。',
    contentEn: '“{title}”, started by {starterName} (at “{taskName}”), was copied to you.',
  },
}

/** The receivers a direct event names: its `receiverIds` as people. */
const directReceivers = (values: Record<string, unknown>): MsgReceiver[] =>
  (Array.isArray(values.receiverIds) ? values.receiverIds : [])
    .filter((id): id is string => typeof id === 'string')
    .map((id) => ({ type: 'person', id, name: '' }))

export interface Template {
  configId: string | null
  eventCode: string
  receivers: MsgReceiver[]
  channels: MsgChannel[]
  titleZh: string
  titleEn: string
  contentZh: string
  contentEn: string
  senderId?: string | null
}

/** Brackets a placeholder may stand in (open → close): a missing value goes with them. */
const BRACKETS: Record<string, string> = {
  '（': '）',
  '(': ')',
  '「': '」',
  '『': '』',
  '【': '】',
  '《': '》',
  '[': ']',
  '“': '”',
  '"': '"',
}
const PAIRS = Object.keys(BRACKETS).length
const esc = (c: string) => c.replace(/[()[\]"]/g, '\\$&')
const WRAPPED = new RegExp(
  `\\s?(?:${Object.entries(BRACKETS)
    .map(([open, close]) => `${esc(open)}\\{(\\w+)\\}${esc(close)}`)
    .join('|')})`,
  'g',
)
/** What a bare placeholder without a value shows. */
export const MISSING = '—'

/**
 * `{field}` → the event's value; a value given per language (`reasonZh` / `reasonEn`) is used in
 * that language's text. A value the event lacks (absent, null or blank; or a placeholder the event
 * does not have) never shows as `{field}` or as empty brackets: wrapped in brackets — `（{x}）`,
 * ` ({x})`, `「{x}」`… — it goes with its brackets (and the space before them); bare, it is `—`.
 */
export function render(template: string, values: Record<string, unknown>, lang: 'zh' | 'en'): string {
  const valueOf = (key: string): string | null => {
    const v = values[`${key}${lang === 'zh' ? 'Zh' : 'En'}`] ?? values[key]
    if (v === undefined || v === null) return null
    const s = String(v)
    return s.trim() === '' ? null : s
  }
  return template
    .replace(WRAPPED, (whole: string, ...groups: (string | undefined)[]) => {
      // one capture group per bracket pair: the one that matched names the placeholder
      const key = groups.slice(0, PAIRS).find((g) => g !== undefined)
      return key !== undefined && valueOf(key) === null ? '' : whole
    })
    .replace(MSG_PLACEHOLDER, (_whole, key: string) => valueOf(key) ?? MISSING)
}

/** The accounts a receiver list names (SQL condition on `receiver`). */
export function receiverCondition(receivers: MsgReceiver[]): SQL {
  const ids = (type: MsgReceiver['type']) => receivers.filter((r) => r.type === type).map((r) => r.id)
  const list = (values: string[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )
  const parts: SQL[] = []
  const people = ids('person')
  const groups = ids('group')
  const roles = ids('role')
  if (people.length) parts.push(sql`${receiver.accountId} in (${list(people)})`)
  if (groups.length)
    parts.push(
      sql`${receiver.accountId} in (select ${orgGroupAccount.accountId} from ${orgGroupAccount} where ${orgGroupAccount.orgGroupId} in (${list(groups)}))`,
    )
  if (roles.length)
    parts.push(
      sql`${receiver.accountId} in (select ${accountRole.accountId} from ${accountRole} where ${accountRole.roleId} in (${list(roles)}))`,
    )
  if (!parts.length) return sql`false`
  return sql`(${sql.join(parts, sql` or `)})`
}

/** Writes the messages of one template for one event; how many messages and pushes were new. */
export async function fanOut(
  tx: Db,
  eventId: number,
  t: Template,
  values: Record<string, unknown>,
): Promise<{ messages: number; pushes: number }> {
  const outside = t.channels.filter((c) => c !== 'inApp')
  const channelArray = `{${outside.join(',')}}`
  const result = (await tx.execute(sql`
    with ins as (
      insert into msg_inbox (account_id, event_id, msg_config_id, event_code, title_zh, title_en, content_zh, content_en, link, sender_id)
      select ${receiver.accountId}, ${eventId}::bigint, ${t.configId}::text, ${t.eventCode}, ${render(t.titleZh, values, 'zh')}, ${render(t.titleEn, values, 'en')},
        ${render(t.contentZh, values, 'zh')}, ${render(t.contentEn, values, 'en')}, ${LINKS[t.eventCode] ?? null}::text, ${t.senderId ?? null}::text
      from ${receiver} where ${receiverCondition(t.receivers)}
      on conflict do nothing
      returning id, account_id
    ), push as (
      insert into msg_push (inbox_id, account_id, channel, target)
      select ins.id, ins.account_id, ch.c,
        case ch.c when 'email' then ${receiver.email} when 'sms' then ${receiver.cellphone} else null end
      from ins join ${receiver} on ${receiver.accountId} = ins.account_id cross join unnest(${channelArray}::text[]) as ch(c)
      returning id
    ), jobs as (
      insert into job (kind, payload, dedupe_key, max_attempts)
      select ${PUSH_JOB}::text, json_build_object('pushId', push.id)::jsonb, push.id::text, 5 from push
      on conflict do nothing
      returning id
    )
    select (select count(*) from ins)::int as messages, (select count(*) from jobs)::int as pushes`)) as unknown as {
    rows: { messages: number; pushes: number }[]
  }
  const row = result.rows[0] ?? { messages: 0, pushes: 0 }
  return { messages: Number(row.messages), pushes: Number(row.pushes) }
}

/** Consumes one outbox event: every enabled configuration of its topic, or the hand-sent message; then one NOTIFY. */
export async function deliverEvent(db: Db, event: EventRow): Promise<{ messages: number; pushes: number }> {
  const values = (event.payload ?? {}) as Record<string, unknown>
  return db.transaction(async (tx) => {
    let templates: Template[]
    if (event.topic === CUSTOM_TOPIC) {
      templates = [{ ...(values as unknown as Template), configId: (values.configId as string | null) ?? null, eventCode: CUSTOM_TOPIC }]
    } else {
      const configs = await tx
        .select()
        .from(msgConfig)
        .where(and(eq(msgConfig.kind, 'event'), eq(msgConfig.eventCode, event.topic), eq(msgConfig.status, 1)))
        .orderBy(msgConfig.createTime)
      const direct = MSG_DIRECT_EVENTS.includes(event.topic as MsgEvent)
      templates = configs.map((c) => ({
        configId: c.msgConfigId,
        eventCode: event.topic,
        receivers: direct ? directReceivers(values) : c.receivers,
        channels: c.channels as MsgChannel[],
        titleZh: c.titleZh,
        titleEn: c.titleEn,
        contentZh: c.contentZh,
        contentEn: c.contentEn,
      }))
      const builtIn = DIRECT_TEXTS[event.topic]
      if (direct && templates.length === 0 && builtIn)
        templates = [{ configId: null, eventCode: event.topic, receivers: directReceivers(values), channels: ['inApp'], ...builtIn }]
    }
    const total = { messages: 0, pushes: 0 }
    if (templates.length) await tx.execute(sql`select pg_advisory_xact_lock(${DELIVERY_LOCK})`)
    for (const t of templates) {
      const n = await fanOut(tx, event.id, t, values)
      total.messages += n.messages
      total.pushes += n.pushes
    }
    if (total.messages) await tx.execute(sql`select pg_notify(${MSG_CHANNEL}, ${`e:${event.id}`})`)
    if (total.pushes) await tx.execute(sql`select pg_notify('trestle_job', ${PUSH_JOB})`)
    return total
  })
}

/** Registers the message consumers of every business event and of hand-sent messages. */
export function registerMessageConsumers(runner: JobRunner, db: Db): void {
  for (const topic of [...MSG_EVENTS, CUSTOM_TOPIC]) runner.onEvent(topic, async (e) => void (await deliverEvent(db, e)))
}
