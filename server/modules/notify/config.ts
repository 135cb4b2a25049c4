/** Settings of the verification-code sender (environment; see the README's configuration table). */

export interface SmtpConfig {
  host: string
  port: number
  /** Implicit TLS (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean
  user: string | null
  pass: string | null
  /** The From header, e.g. `Trestle <no-reply@example.com>`. */
  from: string
}

export interface NotifyConfig {
  /** Email over SMTP; null: email codes go to the server log. */
  smtp: SmtpConfig | null
  /** The SMS provider's webhook (POST { to, text }); null: SMS codes go to the server log. */
  smsWebhookUrl: string | null
  /** Seconds a verification code stays valid. */
  codeTtl: number
  /** Codes one IP address may request per 10 minutes. */
  ipLimit: number
}

type Env = Record<string, string | undefined>

const flag = (v: string | undefined) => v === '1' || v?.toLowerCase() === 'true'

export function loadNotifyConfig(env: Env, fail: (message: string) => Error): NotifyConfig {
  const int = (key: string, fallback: number, min = 1) => {
    const raw = env[key]
    if (raw === undefined || raw === '') return fallback
    const n = Number(raw)
    if (!Number.isInteger(n) || n < min) throw fail(`${key} must be an integer ≥ ${min} (got "${raw}")`)
    return n
  }
  let smtp: SmtpConfig | null = null
  const host = env.TRESTLE_SMTP_HOST?.trim()
  if (host) {
    const secure = flag(env.TRESTLE_SMTP_SECURE)
    const user = env.TRESTLE_SMTP_USER || null
    const from = env.TRESTLE_SMTP_FROM || user
    if (!from) throw fail('TRESTLE_SMTP_FROM is required with TRESTLE_SMTP_HOST (the sender address of verification mails)')
    if (user && !env.TRESTLE_SMTP_PASS) throw fail('TRESTLE_SMTP_PASS is required with TRESTLE_SMTP_USER')
    smtp = { host, port: int('TRESTLE_SMTP_PORT', secure ? 465 : 587), secure, user, pass: env.TRESTLE_SMTP_PASS || null, from }
  }
  const webhook = env.TRESTLE_SMS_WEBHOOK_URL?.trim() || null
  if (webhook && !/^https?:\/\/[^\s]+$/i.test(webhook)) throw fail(`TRESTLE_SMS_WEBHOOK_URL must be an http(s) URL (got "${webhook}")`)
  return { smtp, smsWebhookUrl: webhook, codeTtl: int('TRESTLE_VERIFY_CODE_TTL', 600), ipLimit: int('TRESTLE_VERIFY_IP_LIMIT', 20) }
}
