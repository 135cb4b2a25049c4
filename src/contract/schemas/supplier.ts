/**
 * Delivery services (SPEC §7 supplier, supplierConfig; issue 33): the mail server (SMTP) and the SMS
 * webhook the gateway sends through, one of each for the installation, set on 消息设置
 * (/admin/message-setting). A stored one takes precedence over the environment (TRESTLE_SMTP_*,
 * TRESTLE_SMS_WEBHOOK_URL).
 *
 *   GET  supplier/list              both kinds: the stored settings without their secret (hasPassword / hasToken)
 *   PUT  supplierConfig/update      { kind: 'mail' | 'sms', … } — an empty secret keeps the stored one
 *   POST supplierConfig/test        { kind, to } — a test mail or SMS; a failure is 20021 with its reason
 */
import { z } from 'zod'
import { maxima } from '../fields'
import { MAIL_SUPPLIER_FIELDS, SMS_SUPPLIER_FIELDS, SUPPLIER_SECRETS } from '../fields/supplier'
import { V, URL_RE, email, int, optionalText, phone, str, text } from '../rules'

export { SUPPLIER_API } from '../endpoints'

export const SUPPLIER_KINDS = ['mail', 'sms'] as const
export type SupplierKind = (typeof SUPPLIER_KINDS)[number]

/** A host name or an IP address (IPv6 in brackets). */
export const SMTP_HOST = /^([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$|^\[[0-9A-Fa-f:.]+\]$/
/** `no-reply@example.com` or `Trestle <no-reply@example.com>`. */
export const MAIL_FROM = /^([^<>\r\n"]{1,100}\s*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/

/** A secret: empty or missing keeps the stored one. */
const secret = (max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    str()
      .max(max, { error: `${V.tooLong}:${max}` })
      .optional(),
  )

/** Bounds as declared (../fields/supplier.ts). */
const MAIL = maxima(MAIL_SUPPLIER_FIELDS)
const SMS = maxima(SMS_SUPPLIER_FIELDS)

export const mailSupplierBody = z.object({
  kind: z.literal('mail', { error: V.invalid }),
  host: text(MAIL.host).regex(SMTP_HOST, { error: V.invalid }),
  port: int({ min: 1, max: MAIL.port }),
  secure: z.boolean({ error: V.invalid }).default(false),
  user: optionalText(MAIL.user).refine((v) => v === undefined || !/\s/.test(v), { error: V.invalid }),
  password: secret(SUPPLIER_SECRETS.mail.max),
  from: text(MAIL.from).regex(MAIL_FROM, { error: V.email }),
})
export type MailSupplierBody = z.input<typeof mailSupplierBody>

export const smsSupplierBody = z.object({
  kind: z.literal('sms', { error: V.invalid }),
  url: text(SMS.url).regex(URL_RE, { error: V.url }),
  token: secret(SUPPLIER_SECRETS.sms.max),
  signName: optionalText(SMS.signName).refine((v) => v === undefined || !/[【】\r\n]/.test(v), { error: V.invalid }),
})
export type SmsSupplierBody = z.input<typeof smsSupplierBody>

export const supplierBody = z.discriminatedUnion('kind', [mailSupplierBody, smsSupplierBody], { error: V.invalid })
export type SupplierBody = z.input<typeof supplierBody>
export type SupplierValues = z.output<typeof supplierBody>

export const mailTestBody = z.object({ kind: z.literal('mail', { error: V.invalid }), to: email() })
export const smsTestBody = z.object({ kind: z.literal('sms', { error: V.invalid }), to: phone() })
export const supplierTestBody = z.discriminatedUnion('kind', [mailTestBody, smsTestBody], { error: V.invalid })
export type SupplierTestBody = z.input<typeof supplierTestBody>
export type SupplierTestValues = z.output<typeof supplierTestBody>

interface SupplierStamp {
  /** Stored (configured on the screen), null: none stored — the environment's settings apply. */
  updateTime: string | null
  updateBy: string | null
}

export interface MailSupplier extends SupplierStamp {
  kind: 'mail'
  host: string
  port: number
  secure: boolean
  user: string | null
  from: string
  /** A password is stored (never answered). */
  hasPassword: boolean
}

export interface SmsSupplier extends SupplierStamp {
  kind: 'sms'
  url: string
  signName: string | null
  /** A token is stored (never answered). */
  hasToken: boolean
}

export interface SupplierList {
  /** The stored services (null: none stored). */
  mail: MailSupplier | null
  sms: SmsSupplier | null
  /** Whether the environment configures one (used when none is stored). */
  env: { mail: boolean; sms: boolean }
}

/** The answer of a test send that went out. */
export interface SupplierTestResult {
  kind: SupplierKind
  to: string
  /** Whose settings carried it: the stored ones or the environment's. */
  source: 'stored' | 'env'
}
