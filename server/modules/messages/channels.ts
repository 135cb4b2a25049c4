/**
 * Outside channels of a message (issue 15): email and SMS through the delivery services stored on
 * 消息设置 (issue 33; ../notify/suppliers.ts), else the environment's (TRESTLE_SMTP_*,
 * TRESTLE_SMS_WEBHOOK_URL) — read at every send, so a saved change applies to the next one — and an
 * enterprise-chat webhook per configuration (POST JSON). Each send is a `msg.push` job: a failure
 * is retried with backoff (server/lib/jobs.ts); after the last attempt the push is `dead` and the
 * administrators' waiting list shows it with its error. A channel that is not configured sends
 * nothing: the push fails like any other (its reason, zh and en, in lastError) and ends `dead` — never
 * `sent` (issue 33: the 已发送 list showed mails only written to the log). Webhook and SMS calls go through
 * server/lib/outbound.ts: a refused address is a failed send like any other (its reason in lastError).
 */
import { eq, sql } from 'drizzle-orm'
import type { Ctx } from '../../context'
import { msgConfig, msgInbox, msgPush } from '../../db/schema'
import type { ClaimedJob, JobRunner } from '../../lib/jobs'
import { outboundCall, OutboundRefused, type OutboundAnswer } from '../../lib/outbound'
import { deliveryChannels } from '../notify'
import { accountRefs } from '../account'
import { PUSH_JOB } from './fanout'

/** Why a push was not sent, where the gateway itself knows (lastError, shown as is in 待发送: both languages). */
export const NOT_SENT = {
  noSmtp:
    '未配置邮件服务器（消息设置 › 发送服务，或 TRESTLE_SMTP_HOST），邮件未发送 / No mail server is configured (Message settings › Delivery services, or TRESTLE_SMTP_HOST): the email was not sent',
  noSms:
    '未配置短信服务（消息设置 › 发送服务，或 TRESTLE_SMS_WEBHOOK_URL），短信未发送 / No SMS service is configured (Message settings › Delivery services, or TRESTLE_SMS_WEBHOOK_URL): the SMS was not sent',
  noEmail: '接收人没有邮箱 / The receiver has no email address',
  noCellphone: '接收人没有手机号 / The receiver has no cellphone number',
} as const

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** Whom a push goes to. */
const receiver = accountRefs('receiver')

async function postJson(url: string, body: unknown, allow: readonly string[]): Promise<void> {
  let res: OutboundAnswer
  try {
    res = await outboundCall(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      { allow },
    )
  } catch (err) {
    throw new Error(`webhook ${err instanceof OutboundRefused ? 'refused' : 'unreachable'}: ${(err as Error).message}`)
  }
  if (!res.ok) throw new Error(`webhook answered HTTP ${res.status}`)
}

export function registerPushHandler(runner: JobRunner, ctx: Ctx): void {
  const allow = ctx.config.webhookAllow

  runner.handle(PUSH_JOB, async (payload, job: ClaimedJob) => {
    const pushId = Number((payload as { pushId: number }).pushId)
    const [row] = await ctx.db
      .select({
        push: msgPush,
        titleZh: msgInbox.titleZh,
        titleEn: msgInbox.titleEn,
        contentZh: msgInbox.contentZh,
        contentEn: msgInbox.contentEn,
        configId: msgInbox.msgConfigId,
        eventId: msgInbox.eventId,
        userName: receiver.userName,
        accountName: receiver.accountName,
      })
      .from(msgPush)
      .innerJoin(msgInbox, eq(msgInbox.id, msgPush.inboxId))
      .innerJoin(receiver, eq(receiver.accountId, msgPush.accountId))
      .where(eq(msgPush.id, pushId))
    if (!row || row.push.status === 'sent') return
    const { push } = row
    try {
      const { mailer, sms } = push.channel === 'email' || push.channel === 'sms' ? await deliveryChannels(ctx) : { mailer: null, sms: null }
      if (push.channel === 'email') {
        if (!mailer) throw new Error(NOT_SENT.noSmtp)
        if (!push.target) throw new Error(NOT_SENT.noEmail)
        await mailer.send({
          to: push.target,
          subject: `${row.titleZh} / ${row.titleEn}`,
          text: `${row.contentZh}\n\n${row.contentEn}`,
          html: `<p>${escapeHtml(row.contentZh)}</p><p>${escapeHtml(row.contentEn)}</p>`,
        })
      } else if (push.channel === 'sms') {
        if (!sms) throw new Error(NOT_SENT.noSms)
        if (!push.target) throw new Error(NOT_SENT.noCellphone)
        await sms.send(push.target, `【工程协同管理平台】${row.titleZh}：${row.contentZh}`)
      } else if (push.channel === 'webhook') {
        // the hand-sent message carries its webhook in the event; a configured one in its configuration
        const url = row.configId
          ? (await ctx.db.select({ url: msgConfig.webhookUrl }).from(msgConfig).where(eq(msgConfig.msgConfigId, row.configId)))[0]?.url
          : ((
              (await ctx.db.execute(sql`select payload->>'webhookUrl' as url from event_outbox where id = ${row.eventId}`)) as unknown as {
                rows: { url: string | null }[]
              }
            ).rows[0]?.url ?? null)
        if (!url) throw new Error('no webhook address')
        await postJson(
          url,
          {
            msgtype: 'text',
            text: { content: `${row.titleZh}\n${row.contentZh}` },
            receiver: { accountName: row.accountName, userName: row.userName },
            title: { zh: row.titleZh, en: row.titleEn },
            content: { zh: row.contentZh, en: row.contentEn },
          },
          allow,
        )
      }
    } catch (err) {
      const dead = job.attempts >= job.maxAttempts
      await ctx.db
        .update(msgPush)
        .set({ attempts: job.attempts, lastError: (err as Error).message.slice(0, 500), status: dead ? 'dead' : 'waiting' })
        .where(eq(msgPush.id, pushId))
      throw err
    }
    await ctx.db
      .update(msgPush)
      .set({ attempts: job.attempts, status: 'sent', sentAt: new Date(), lastError: null })
      .where(eq(msgPush.id, pushId))
  })
}
