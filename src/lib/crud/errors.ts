/**
 * Validation messages are keys (`v.required`, `v.tooLong:50`, `v.repeat:edit`, see contract
 * rules.ts); the server's 20001 answers carry the same keys. Here they become text with the
 * field's label, and server field errors are mapped back onto form fields.
 */
import { parseValidationMessage, validationText } from '@/contract'
import { hasKey, translate, type Locale } from '@/lib/i18n'

/** Text of a validation message: a key becomes `请输入角色名称`; anything else (server text) is kept. */
export function errorText(message: string | undefined | null, locale: Locale, label = ''): string {
  if (!message) return ''
  const { key, param } = parseValidationMessage(message)
  if (!key.startsWith('v.') || !hasKey(key)) return message
  return translate(locale, key, { field: label, n: param ?? '', value: param ?? '' }).trim()
}

/** The error an `@/lib/http` call rejects with (duck-typed, so tests need no client). */
export interface ApiErrorLike {
  code: number
  data: unknown
  kind: 'code' | 'network' | 'timeout' | 'cancelled' | 'invalid'
  message?: string
}

export function isApiError(e: unknown): e is ApiErrorLike {
  return !!e && typeof e === 'object' && typeof (e as { code?: unknown }).code === 'number' && typeof (e as { kind?: unknown }).kind === 'string'
}

export interface MappedErrors {
  /** Errors for fields the form has: `name` is a react-hook-form path, `message` a key or text. */
  fields: { name: string; message: string }[]
  /** Errors that belong to no field of the form, shown above the form. */
  form: string[]
}

/** `functionList[0].functionAction` → `functionList.0.functionAction`. */
export function normalizeFieldPath(field: string): string {
  return field.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '')
}

/**
 * Maps the `data` of a 20001 answer (`[{ field, key, message }]`) onto a form. `hasField` tells
 * whether a path is a field of the form (its first segment is checked by default).
 */
/** The gateway's plain "not valid" (no field name): the key's own translation says it better. */
const GENERIC_INVALID = new Set([validationText('v.invalid', 'zh'), validationText('v.invalid', 'en')])

export function mapServerErrors(data: unknown, hasField: (path: string) => boolean): MappedErrors {
  const out: MappedErrors = { fields: [], form: [] }
  if (!Array.isArray(data)) return out
  const seen = new Set<string>()
  for (const item of data) {
    if (!item || typeof item !== 'object') continue
    const { field, key, message } = item as { field?: unknown; key?: unknown; message?: unknown }
    // the key (translated here, in the UI's language) — but a bare "invalid" with the gateway's
    // own sentence (e.g. "限额不能小于现有账号数（3个）") says more: that sentence
    const specific = key === 'v.invalid' && typeof message === 'string' && message !== '' && !message.startsWith('v.') && !GENERIC_INVALID.has(message)
    const text = specific ? (message as string) : typeof key === 'string' && key ? key : typeof message === 'string' ? message : ''
    if (!text) continue
    const path = typeof field === 'string' ? normalizeFieldPath(field) : ''
    if (path && hasField(path)) {
      if (seen.has(path)) continue
      seen.add(path)
      out.fields.push({ name: path, message: text })
    } else {
      const msg = typeof message === 'string' && message ? message : text
      if (!out.form.includes(msg)) out.form.push(msg)
    }
  }
  return out
}
