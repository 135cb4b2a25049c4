/**
 * Delivery services (SPEC §7 supplier, supplierConfig; issue 33): the mail server and the SMS webhook
 * stored on 消息设置, one row per kind (supplier_config). A stored service takes precedence over the
 * environment's (TRESTLE_SMTP_*, TRESTLE_SMS_WEBHOOK_URL); without one, the environment's works as
 * before. The SMTP password and the SMS token are sealed at rest (server/lib/secretBox.ts) and never
 * answered: `hasPassword` / `hasToken` say one is stored, and an update without one keeps it.
 *
 * Every send reads the table (two small rows), so a change made through one gateway is used by every
 * gateway on the same database at its next send; the transports are kept per row version.
 */
import { eq } from 'drizzle-orm'
import type { Lang } from '../../../src/contract/codes'
import { Code } from '../../../src/contract/codes'
import type {
  MailSupplier,
  SmsSupplier,
  SupplierValues,
  SupplierKind,
  SupplierList,
  SupplierTestValues,
  SupplierTestResult,
} from '../../../src/contract/schemas/supplier'
import type { Config } from '../../config'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { supplierConfig } from '../../db/schema'
import { accountsByIds } from '../account'
import { ApiError, type Text } from '../../lib/http'
import { checkOutboundUrl } from '../../lib/outbound'
import { open, seal, SecretUnreadable } from '../../lib/secretBox'
import { DeliveryError, SmtpMailer, WebhookSmsProvider, type Mail, type Mailer, type SmsProvider } from './transports'
import texts from './texts.json'

interface MailSettings {
  host: string
  port: number
  secure: boolean
  user: string | null
  from: string
}
interface SmsSettings {
  url: string
  signName: string | null
}

type Row = typeof supplierConfig.$inferSelect

export interface Delivery {
  mailer: Mailer | null
  sms: SmsProvider | null
  /** Whose settings each channel uses. */
  source: { mail: 'stored' | 'env' | null; sms: 'stored' | 'env' | null }
}

/** A stored service whose secret cannot be read (the server secret changed): every send fails, saying so. */
class Unusable implements Mailer, SmsProvider {
  readonly name = 'unusable'
  async send(): Promise<void> {
    throw new DeliveryError('the stored secret cannot be decrypted (the server secret changed): enter it again on 消息设置', 'secret')
  }
}

const envCache = new WeakMap<Config, { mailer: Mailer | null; sms: SmsProvider | null }>()
const storedCache = new Map<string, Mailer | SmsProvider>()

function envChannels(config: Config) {
  let c = envCache.get(config)
  if (!c) {
    const { smtp, smsWebhookUrl } = config.notify
    c = {
      mailer: smtp ? new SmtpMailer(smtp) : null,
      sms: smsWebhookUrl ? new WebhookSmsProvider(smsWebhookUrl, config.webhookAllow) : null,
    }
    envCache.set(config, c)
  }
  return c
}

function secretOf(config: Config, row: Row): string | null {
  return row.secret ? open(config, row.secret, row.kind) : null
}

function transportOf(config: Config, row: Row): Mailer | SmsProvider {
  const key = `${config.dataDir}|${row.kind}|${row.version}|${row.updateTime.getTime()}`
  let t = storedCache.get(key)
  if (!t) {
    try {
      if (row.kind === 'mail') {
        const s = row.settings as unknown as MailSettings
        t = new SmtpMailer({ host: s.host, port: s.port, secure: s.secure, user: s.user, pass: secretOf(config, row), from: s.from })
      } else {
        const s = row.settings as unknown as SmsSettings
        t = new WebhookSmsProvider(s.url, config.webhookAllow, { token: secretOf(config, row), signName: s.signName })
      }
    } catch (err) {
      if (!(err instanceof SecretUnreadable)) throw err
      return new Unusable()
    }
    for (const [k, old] of storedCache) {
      if (k.startsWith(`${config.dataDir}|${row.kind}|`)) {
        if (old instanceof SmtpMailer) old.close()
        storedCache.delete(k)
      }
    }
    storedCache.set(key, t)
  }
  return t
}

/** The channels a send uses now: the stored services, else the environment's. */
export async function deliveryChannels(ctx: Ctx): Promise<Delivery> {
  const rows = await ctx.db.select().from(supplierConfig)
  const env = envChannels(ctx.config)
  const mail = rows.find((r) => r.kind === 'mail')
  const sms = rows.find((r) => r.kind === 'sms')
  return {
    mailer: mail ? (transportOf(ctx.config, mail) as Mailer) : env.mailer,
    sms: sms ? (transportOf(ctx.config, sms) as SmsProvider) : env.sms,
    source: { mail: mail ? 'stored' : env.mailer ? 'env' : null, sms: sms ? 'stored' : env.sms ? 'env' : null },
  }
}

// ---- the screen's calls ----

export async function listSuppliers(ctx: Ctx): Promise<SupplierList> {
  const stored = await ctx.db.select().from(supplierConfig)
  const by = new Map(
    (await accountsByIds(ctx.db, [...new Set(stored.flatMap((r) => (r.updateBy ? [r.updateBy] : [])))])).map((a) => [
      a.accountId,
      a.accountName,
    ]),
  )
  const rows = stored.map((row) => ({ row, updateByName: row.updateBy ? by.get(row.updateBy) : undefined }))
  const stamp = (r: (typeof rows)[number]) => ({ updateTime: r.row.updateTime.toISOString(), updateBy: r.updateByName ?? null })
  const m = rows.find((r) => r.row.kind === 'mail')
  const s = rows.find((r) => r.row.kind === 'sms')
  const ms = m?.row.settings as unknown as MailSettings | undefined
  const ss = s?.row.settings as unknown as SmsSettings | undefined
  return {
    mail: m && ms ? ({ kind: 'mail', ...ms, hasPassword: !!m.row.secret, ...stamp(m) } satisfies MailSupplier) : null,
    sms:
      s && ss ? ({ kind: 'sms', url: ss.url, signName: ss.signName, hasToken: !!s.row.secret, ...stamp(s) } satisfies SmsSupplier) : null,
    env: { mail: ctx.config.notify.smtp !== null, sms: ctx.config.notify.smsWebhookUrl !== null },
  }
}

/**
 * Saves one kind's service (an upsert under the row's lock). An empty secret keeps the stored one;
 * the SMS webhook's address must be one the gateway may call (20001 on `url`).
 */
export async function saveSupplier(ctx: Ctx, body: SupplierValues, accountId: string, lang: Lang): Promise<void> {
  if (body.kind === 'sms') await checkOutboundUrl(body.url, ctx.config.webhookAllow, lang, 'url')
  await ctx.db.transaction(async (tx: Db) => {
    const [current] = await tx.select().from(supplierConfig).where(eq(supplierConfig.kind, body.kind)).for('update')
    const given = body.kind === 'mail' ? body.password : body.token
    let secret = given ? seal(ctx.config, given, body.kind) : (current?.secret ?? null)
    let settings: MailSettings | SmsSettings
    if (body.kind === 'mail') {
      const user = body.user?.trim() || null
      if (!user) secret = given ? secret : null
      else if (!secret)
        throw new ApiError(
          Code.INVALID,
          [{ field: 'password', key: 'v.required', message: texts.suppliers.passwordNeeded[lang] }],
          texts.suppliers.passwordNeeded,
        )
      settings = { host: body.host, port: Number(body.port), secure: body.secure ?? false, user, from: body.from }
    } else {
      settings = { url: body.url, signName: body.signName?.trim() || null }
    }
    const values = { settings: settings as unknown as Record<string, unknown>, secret, updateTime: new Date(), updateBy: accountId }
    if (current)
      await tx
        .update(supplierConfig)
        .set({ ...values, version: current.version + 1 })
        .where(eq(supplierConfig.kind, body.kind))
    else await tx.insert(supplierConfig).values({ kind: body.kind, ...values })
  })
}

// ---- the test send ----

const TEST_MAIL: Record<Lang, Omit<Mail, 'to' | 'html'>> = {
  zh: {
    subject: '工程协同管理平台测试邮件',
    text: '您好：\n这是一封测试邮件，收到即说明邮件服务配置正确。\n\n工程协同管理平台',
  },
  en: {
    subject: 'Trestle test mail',
    text: 'Hello,\nThis is a test mail: receiving it means the mail service is set up correctly.\n\nTrestle',
  },
}
const TEST_SMS: Record<Lang, string> = texts.suppliers.testSms

const NOT_CONFIGURED: Record<SupplierKind, Text> = texts.suppliers.notConfigured

const REASONS: Record<DeliveryError['reason'], Text> = texts.suppliers.reasons

/** Sends a test mail or SMS through the service in use; a failure is 20021 with its reason in words (zh/en). */
export async function testSupplier(ctx: Ctx, body: SupplierTestValues, lang: Lang): Promise<SupplierTestResult> {
  const d = await deliveryChannels(ctx)
  try {
    if (body.kind === 'mail') {
      if (!d.mailer) throw new ApiError(Code.REFUSED, { field: 'to' }, NOT_CONFIGURED.mail)
      const { zh, en } = TEST_MAIL
      await d.mailer.send({
        to: body.to,
        subject: `${zh.subject} / ${en.subject}`,
        text: `${zh.text}\n\n${en.text}`,
        html: `<p>${zh.text.replace(/\n/g, '<br>')}</p><p>${en.text.replace(/\n/g, '<br>')}</p>`,
      })
      return { kind: 'mail', to: body.to, source: d.source.mail ?? 'env' }
    }
    if (!d.sms) throw new ApiError(Code.REFUSED, { field: 'to' }, NOT_CONFIGURED.sms)
    await d.sms.send(body.to, TEST_SMS[lang])
    return { kind: 'sms', to: body.to, source: d.source.sms ?? 'env' }
  } catch (err) {
    if (!(err instanceof DeliveryError)) throw err
    const r = REASONS[err.reason]
    const detail = err.message.replace(/^(SMTP delivery failed|SMS webhook (refused|unreachable)):\s*/, '').slice(0, 200)
    ctx.log.warn({ kind: body.kind, reason: err.reason }, `[supplier] test send failed: ${err.message}`)
    throw new ApiError(Code.REFUSED, null, {
      zh: `测试发送失败：${r.zh}（${detail}）`,
      en: `The test send failed: ${r.en} (${detail})`,
    })
  }
}
