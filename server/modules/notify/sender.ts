/**
 * The one verification-code sender. A code goes to a phone number (SMS) or to an email address,
 * through one of these channels:
 *
 *   - email: SMTP via nodemailer — the mail service stored on 消息设置 (./suppliers.ts), else TRESTLE_SMTP_HOST;
 *   - SMS: an `SmsProvider` — here the HTTP-webhook provider (the stored SMS service, else TRESTLE_SMS_WEBHOOK_URL, POST
 *     `{ "to": "138…", "text": "…" }`, any 2xx is accepted; a private or local address only when
 *     TRESTLE_WEBHOOK_ALLOW names its host); a vendor SDK fits the same interface;
 *   - otherwise the server log, so the demo works: `[verify-code] 13800000000 → 123456`.
 *
 * Texts are zh or en by the requester's language. A delivery failure throws `DeliveryError`
 * (the caller withdraws the code and answers 20021); the code itself is never logged when a real
 * channel carries it.
 */
import type { Lang } from '../../../src/contract/codes'
import type { Ctx } from '../../context'
import { deliveryChannels } from './suppliers'
import type { Mail } from './transports'
import type { Text } from '../../lib/http'
import texts from './texts.json'

export { DeliveryError, SmtpMailer, WebhookSmsProvider, type Mail, type SmsProvider } from './transports'

export type CodePurpose = 'register' | 'forgot' | 'bindPhone' | 'bindEmail'

export interface VerifyMessage {
  /** A phone number or an email address. */
  target: string
  code: string
  purpose: CodePurpose
  lang: Lang
  /** Minutes the code stays valid (for the text). */
  minutes: number
}

export const isEmailTarget = (target: string): boolean => target.includes('@')

const PURPOSE: Record<CodePurpose, Text> = texts.sender.purpose

/** The SMS text of a code. */
export function smsText(m: VerifyMessage): string {
  const p = PURPOSE[m.purpose][m.lang]
  return m.lang === 'zh'
    ? `【工程协同管理平台】您的验证码为${m.code}，用于${p}，${m.minutes}分钟内有效。如非本人操作，请忽略本短信。`
    : `[Trestle] Your verification code is ${m.code}, for ${p}. It is valid for ${m.minutes} minutes. If this was not you, ignore this message.`
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The email of a code (subject, text and HTML). */
export function mailOf(m: VerifyMessage): Mail {
  const p = PURPOSE[m.purpose][m.lang]
  const zh = m.lang === 'zh'
  const subject = zh ? `工程协同管理平台验证码：${m.code}` : `Trestle verification code: ${m.code}`
  const lines = zh
    ? [
        '您好：',
        `您正在${p}，验证码为：${m.code}`,
        `验证码${m.minutes}分钟内有效，且只能使用一次。`,
        '如非本人操作，请忽略本邮件。',
        '',
        '工程协同管理平台',
      ]
    : [
        'Hello,',
        `Your verification code for ${p} is: ${m.code}`,
        `It is valid for ${m.minutes} minutes and can be used once.`,
        'If this was not you, ignore this email.',
        '',
        'Trestle',
      ]
  const html = `<div style="font-family:sans-serif;font-size:14px;line-height:1.6">${lines
    .map((l) =>
      l.includes(m.code)
        ? `<p>${escapeHtml(l.replace(m.code, '')).trimEnd()} <strong style="font-size:20px;letter-spacing:2px">${m.code}</strong></p>`
        : `<p>${escapeHtml(l)}</p>`,
    )
    .join('')}</div>`
  return { to: m.target, subject, text: lines.join('\n'), html }
}

/** Which channels deliver for real (the rest log): a stored delivery service, else the environment's. */
export async function realChannels(ctx: Ctx): Promise<{ sms: boolean; email: boolean }> {
  const { mailer, sms } = await deliveryChannels(ctx)
  return { sms: sms !== null, email: mailer !== null }
}

/** Sends a code to its target by the channel configured for it; throws DeliveryError when that fails. */
export async function sendVerifyCode(ctx: Ctx, msg: VerifyMessage): Promise<'smtp' | 'sms' | 'log'> {
  const { mailer, sms } = await deliveryChannels(ctx)
  if (isEmailTarget(msg.target) && mailer) {
    await mailer.send(mailOf(msg))
    ctx.log.info({ purpose: msg.purpose, channel: mailer.name }, `[verify-code] sent to ${msg.target}`)
    return 'smtp'
  }
  if (!isEmailTarget(msg.target) && sms) {
    await sms.send(msg.target, smsText(msg))
    ctx.log.info({ purpose: msg.purpose, channel: sms.name }, `[verify-code] sent to ${msg.target}`)
    return 'sms'
  }
  ctx.log.info({ purpose: msg.purpose }, `[verify-code] ${msg.target} → ${msg.code}`)
  return 'log'
}
