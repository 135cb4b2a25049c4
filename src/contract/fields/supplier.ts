/**
 * The delivery services' fields (declared once, issue 27): the forms of 发送服务 follow these lists, the
 * schemas (../schemas/supplier.ts) take their bounds from them. A secret (the SMTP password, the SMS
 * token) is a field of the form's own: a password input that keeps the stored one when left empty.
 */
import { defineFields } from '../fields'

export const MAIL_SUPPLIER_FIELDS = defineFields('messages.supplier', [
  { key: 'host', kind: 'text', max: 253, required: true, form: { placeholder: 'smtp.example.com' } },
  { key: 'port', kind: 'number', precision: 0, min: 1, max: 65535, required: true, form: true },
  { key: 'user', kind: 'text', max: 200, form: true },
  { key: 'from', kind: 'text', max: 200, required: true, form: { wide: true, hint: 'messages.supplier.fromHint' } },
  /** Implicit TLS (usually port 465); otherwise STARTTLS when the server offers it. */
  { key: 'secure', kind: 'switch', default: false, form: true },
])

export const SMS_SUPPLIER_FIELDS = defineFields('messages.supplier', [
  /** POST `{ to, text, sign }` as JSON; the token goes in `Authorization: Bearer <token>`. */
  { key: 'url', kind: 'text', max: 500, required: true, form: { wide: true, placeholder: 'https://' } },
  /** The SMS signature, 【signName】 before every text (default 工程协同管理平台). */
  { key: 'signName', kind: 'text', max: 20, form: { hint: 'messages.supplier.signNameHint' } },
])

/** Each service's secret (a password input, never shown) and its bound: the SMTP password, the SMS token. */
export const SUPPLIER_SECRETS = { mail: { key: 'password', max: 200 }, sms: { key: 'token', max: 500 } } as const
