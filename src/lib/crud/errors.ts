/**
 * Validation messages are keys (`v.required`, `v.tooLong:50`, `v.repeat:edit`, see contract
 * rules.ts); the server's 20001 answers carry the same keys. Here they become text with the
 * field's label, and server field errors are mapped back onto form fields.
 */
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { Code } from '@/contract/codes'
import { parseValidationMessage, validationText } from '@/contract/validation'
import { hasKey, translate, type Locale } from '@/lib/i18n'

/** Text of a validation message: a key becomes `请输入角色名称`; anything else (server text) is kept. */
export function errorText(message: string | undefined | null, locale: Locale, label = ''): string {
  if (!message) return ''
  const { key, param, allowed } = parseValidationMessage(message)
  if (!key.startsWith('v.') || !hasKey(key)) return message
  return translate(locale, key, {
    field: key === 'v.required' ? requiredField(label, locale) : label,
    n: param ?? '',
    value: param ?? '',
    allowed: allowed ?? '',
  }).trim()
}

/** In English the field reads inside the sentence: "Please enter the account name" (an acronym such as "ID number" keeps its case). */
function requiredField(label: string, locale: Locale): string {
  if (locale !== 'en' || !label) return label
  const lower = /^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label
  return `the ${lower}`
}

/** The error an `@/lib/http` call rejects with (duck-typed, so tests need no client). */
export interface ApiErrorLike {
  code: number
  data: unknown
  kind: 'code' | 'network' | 'timeout' | 'cancelled' | 'invalid'
  message?: string
}

export function isApiError(e: unknown): e is ApiErrorLike {
  return (
    !!e && typeof e === 'object' && typeof (e as { code?: unknown }).code === 'number' && typeof (e as { kind?: unknown }).kind === 'string'
  )
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
    const specific =
      key === 'v.invalid' && typeof message === 'string' && message !== '' && !message.startsWith('v.') && !GENERIC_INVALID.has(message)
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

/** `hasField` for `applyRefusal` when only some of a form's values are fields that show errors. */
export const onlyFields = (names: readonly string[]) => (path: string) => names.includes(path.split('.')[0] ?? path)

/** What `applyRefusal` needs of a react-hook-form form (`useForm()`'s return, or `createFormControl`). */
export type RefusableForm<T extends FieldValues = FieldValues> = Pick<UseFormReturn<T>, 'getValues' | 'setError'>

export interface RefusalOptions {
  /** Whether a path is a field of the form; default: its first segment is one of the form's values. */
  hasField?: (path: string) => boolean
  /** Rewrites a gateway path (already `a.0.b`) to the form's, e.g. a sub-list call's `items.0.x` → `educations.0.x`. */
  toField?: (path: string) => string
  /** Fields (first segments) a 20006 is never put on (e.g. the record's own id): its message goes above the form. */
  notOn?: readonly string[]
  /** Put the focus on the first field marked (default true). */
  focus?: boolean
  /** Text above the form when a refusal says nothing itself (default: none). */
  fallback?: string
}

/**
 * THE way a gateway refusal reaches a react-hook-form form (every form uses it):
 * - 20001 `data: [{ field, key, message }]`: each error on its field (the key, translated where it
 *   is shown; a bare 'invalid' with the gateway's own sentence keeps that sentence); errors of
 *   fields the form lacks come back as text;
 * - 20006 `data: { field }`: the gateway's sentence on that field when the form has it, else as text;
 * - any other code: its message as text.
 * Returns the messages for above the form (empty when everything went onto fields), or null for a
 * failure that is not a refusal (network, timeout: the request client has shown it).
 */
export function applyRefusal<T extends FieldValues>(form: RefusableForm<T>, e: unknown, options: RefusalOptions = {}): string[] | null {
  if (!isApiError(e) || e.kind !== 'code') return null
  const { toField = (p: string) => p, notOn = [], focus = true, fallback } = options
  const values = (form.getValues() ?? {}) as Record<string, unknown>
  const hasField = options.hasField ?? ((p: string) => Object.prototype.hasOwnProperty.call(values, p.split('.')[0] ?? p))
  const message = e.message || fallback
  const put = (name: string, text: string, first: boolean) =>
    form.setError(name as Path<T>, { type: 'server', message: text }, { shouldFocus: focus && first })
  if (e.code === Code.INVALID) {
    const data = Array.isArray(e.data)
      ? e.data.map((d: unknown) => {
          const field = d && typeof d === 'object' ? (d as { field?: unknown }).field : undefined
          return typeof field === 'string' ? { ...(d as object), field: toField(normalizeFieldPath(field)) } : d
        })
      : e.data
    const mapped = mapServerErrors(data, hasField)
    mapped.fields.forEach((f, i) => put(f.name, f.message, i === 0))
    if (mapped.form.length) return mapped.form
    return mapped.fields.length || !message ? [] : [message]
  }
  if (e.code === Code.DUPLICATE) {
    const raw = e.data && typeof e.data === 'object' ? (e.data as { field?: unknown }).field : undefined
    const field = typeof raw === 'string' ? toField(normalizeFieldPath(raw)) : ''
    if (field && !notOn.includes(field.split('.')[0] ?? field) && hasField(field) && message) {
      put(field, message, true)
      return []
    }
  }
  return message ? [message] : []
}
