/**
 * The two outside transports of the gateway's mail and SMS: SMTP (nodemailer) and the SMS provider's
 * HTTP webhook (server/lib/outbound.ts). Their settings come from a stored delivery service
 * (./suppliers.ts) or, without one, from the environment (./config.ts).
 */
import nodemailer, { type Transporter } from 'nodemailer'
import { outboundCall, OutboundRefused, type OutboundAnswer } from '../../lib/outbound'
import type { SmtpConfig } from './config'

/** What went wrong, for a reason in words (supplierConfig/test). */
export type DeliveryReason = 'auth' | 'connect' | 'timeout' | 'tls' | 'recipient' | 'refused' | 'status' | 'secret' | 'other'

export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly reason: DeliveryReason = 'other',
  ) {
    super(message)
  }
}

/** Sends mail: SmtpMailer, or a stored service that cannot be used. */
export interface Mailer {
  readonly name: string
  send(mail: Mail): Promise<void>
}

/** nodemailer's error codes → a reason. */
function smtpReason(err: NodeJS.ErrnoException): DeliveryReason {
  const code = err.code ?? ''
  if (code === 'EAUTH' || code === 'ENOAUTH') return 'auth'
  if (code === 'ETIMEDOUT' || /timeout/i.test(err.message)) return 'timeout'
  if (code === 'ETLS' || /ssl|tls|certificate/i.test(err.message)) return 'tls'
  if (code === 'EENVELOPE') return 'recipient'
  if (code === 'ECONNECTION' || code === 'ESOCKET' || code === 'EDNS' || /ECONNREFUSED|ENOTFOUND|EHOSTUNREACH/.test(err.message))
    return 'connect'
  return 'other'
}

/** A text-message provider. */
export interface SmsProvider {
  readonly name: string
  send(to: string, text: string): Promise<void>
}

export interface WebhookSmsOptions {
  /** Sent as `Authorization: Bearer <token>` (dropped when a redirect leaves the origin). */
  token?: string | null
  /** The SMS signature: replaces the text's leading 【…】, and is sent as `sign`. */
  signName?: string | null
}

/**
 * POSTs `{ to, text }` (and `sign` when one is set) as JSON to a URL (server/lib/outbound.ts:
 * refused addresses, deadline); any 2xx answer counts as delivered.
 */
export class WebhookSmsProvider implements SmsProvider {
  readonly name = 'sms-webhook'
  constructor(
    private readonly url: string,
    private readonly allow: readonly string[],
    private readonly options: WebhookSmsOptions = {},
  ) {}

  async send(to: string, text: string): Promise<void> {
    const { token, signName } = this.options
    const signed = signName ? text.replace(/^【[^】]*】/, `【${signName}】`) : text
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (token) headers.authorization = `Bearer ${token}`
    let res: OutboundAnswer
    try {
      res = await outboundCall(
        this.url,
        { method: 'POST', headers, body: JSON.stringify(signName ? { to, text: signed, sign: signName } : { to, text }) },
        { allow: this.allow },
      )
    } catch (err) {
      const refused = err instanceof OutboundRefused
      const reason = refused ? 'refused' : /no answer within/.test((err as Error).message) ? 'timeout' : 'connect'
      throw new DeliveryError(`SMS webhook ${refused ? 'refused' : 'unreachable'}: ${(err as Error).message}`, reason)
    }
    if (!res.ok) throw new DeliveryError(`SMS webhook answered HTTP ${res.status}`, 'status')
  }
}

export interface Mail {
  to: string
  subject: string
  text: string
  html: string
}

export class SmtpMailer implements Mailer {
  readonly name = 'smtp'
  private readonly transport: Transporter
  constructor(private readonly cfg: SmtpConfig) {
    this.transport = nodemailer.createTransport({
      host: cfg.host,
      port: cfg.port,
      secure: cfg.secure,
      auth: cfg.user ? { user: cfg.user, pass: cfg.pass ?? '' } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    })
  }

  async send(mail: Mail): Promise<void> {
    try {
      await this.transport.sendMail({ from: this.cfg.from, ...mail })
    } catch (err) {
      throw new DeliveryError(`SMTP delivery failed: ${(err as Error).message}`, smtpReason(err as NodeJS.ErrnoException))
    }
  }

  /** Closes the pooled connections (a replaced configuration). */
  close(): void {
    this.transport.close()
  }
}
