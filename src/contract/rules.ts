/**
 * SPEC §5 validation rules as zod building blocks, used by the console's forms and by the gateway.
 *
 * Messages are validation keys, not text: `v.required`, or `v.tooLong:50` (key, a colon, one
 * parameter). `validationText` turns a key into zh or en; the console's forms add the field's label.
 */
import { z } from 'zod'
import { ACCOUNT_NAME_MAX, PASSWORD_MAX } from './enums'
import { V } from './validation'

export { V, validationMessages, parseValidationMessage, validationText, stripEmpty, type ValidationKey } from './validation'

/** Missing → v.required, wrong type → v.invalid. */
const typeError = (iss: { input?: unknown }) => (iss.input === undefined || iss.input === null || iss.input === '' ? V.required : V.invalid)

// ---- primitives -----------------------------------------------------------

/**
 * Control characters (DESIGN §3 "Bad input never reaches a fault"): PostgreSQL text cannot hold
 * NUL, and no single-line field has a use for the other C0 characters (or DEL). Multi-line text
 * (remarks, reasons, descriptions) keeps tab, line feed and carriage return.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARS = /[\u0000-\u001f\u007f]/
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARS_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/
export const hasControlChars = (value: string, multiline = false): boolean =>
  (multiline ? CONTROL_CHARS_MULTILINE : CONTROL_CHARS).test(value)

/**
 * The base of every text rule: a string (missing → v.required, another type → v.invalid) without
 * control characters (v.control). Schemas build on it instead of a bare `z.string()`.
 */
export const str = (opts: { multiline?: boolean } = {}) =>
  z.string({ error: typeError }).refine((v) => !hasControlChars(v, opts.multiline), { error: V.control })

/** A required, trimmed string with a maximum length. */
export const text = (max = 200) =>
  z
    .string({ error: typeError })
    .trim()
    .min(1, { error: V.required })
    .max(max, { error: `${V.tooLong}:${max}` })
    .refine((v) => !hasControlChars(v), { error: V.control })

/** An optional string: empty becomes undefined. May span lines (remarks, reasons). */
export const optionalText = (max = 500) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ error: typeError })
      .trim()
      .max(max, { error: `${V.tooLong}:${max}` })
      .refine((v) => !hasControlChars(v, true), { error: V.control })
      .optional(),
  )

/** A list filter (keyword, name…): optional, trimmed, at most `max` characters, no control characters. */
export const filterText = (max = 100) =>
  z
    .string({ error: V.invalid })
    .trim()
    .max(max, { error: `${V.tooLong}:${max}` })
    .refine((v) => !hasControlChars(v), { error: V.control })
    .optional()

// ---- integers within their column -------------------------------------------

/** PostgreSQL `integer` (int4): sort codes, versions, counters, page numbers. */
export const INT4_MAX = 2147483647

/**
 * An integer between `min` and `max` (default: the int4 column's range); numeric strings from
 * inputs and query strings are accepted. Not a number → `typeError` (v.invalid; coercion hides a
 * missing value); not an integer or below `min` → `error` (v.invalid); above `max` →
 * v.tooLarge:<max>, so a value the column cannot hold is refused on its field, not by the database.
 */
export const int = (opts: { min?: number; max?: number; error?: string; typeError?: string } = {}) => {
  const { min = 0, max = INT4_MAX, error = V.invalid } = opts
  return z.coerce
    .number({ error: opts.typeError ?? typeError })
    .refine((n) => Number.isInteger(n) && n >= min, { error })
    .refine((n) => !(Number.isInteger(n) && n > max), { error: `${V.tooLarge}:${max}` })
}

/** A first character that is a letter or a digit (any script). */
const NAME_START = /^[\p{L}\p{N}]/u

/** Name-type fields may not begin with a special character. */
export const name = (max = 50) => text(max).regex(NAME_START, { error: V.nameStart })

/** A code: letters, digits, `-` and `_`. */
export const code = (max = 50) => text(max).regex(/^[A-Za-z0-9_-]+$/, { error: V.code })

/** A referenced record (a unit, a project, a group): missing is v.required, not v.invalid. */
export const ref = () => z.uuid({ error: (iss) => (iss.input === undefined || iss.input === '' ? V.required : V.invalid) })

/** 3–20 letters and digits. */
export const accountName = () =>
  z
    .string({ error: typeError })
    .trim()
    .min(1, { error: V.required })
    .regex(new RegExp(`^[A-Za-z0-9]{3,${ACCOUNT_NAME_MAX}}$`), { error: V.accountName })

/** 6–20 letters, digits and printable ASCII special characters (no spaces). */
export const password = () =>
  z
    .string({ error: typeError })
    .min(1, { error: V.required })
    .regex(new RegExp(`^[\\x21-\\x7e]{6,${PASSWORD_MAX}}$`), { error: V.password })

/** Mainland mobile numbers: 11 digits. */
export const PHONE = /^1[3-9]\d{9}$/
export const phone = () => z.string({ error: typeError }).trim().min(1, { error: V.required }).regex(PHONE, { error: V.phone })

export const email = () =>
  z
    .string({ error: typeError })
    .trim()
    .min(1, { error: V.required })
    .pipe(z.email({ error: V.email }))

export const FAX = /^(0\d{2,3}-?)?\d{7,8}(-\d{1,6})?$/
export const URL_RE = /^https?:\/\/[^\s/$.?#].[^\s]*$/i

/** A positive integer sort code within the int4 column; numeric strings from inputs are accepted. */
export const sortCode = () => int({ min: 1, error: V.sort })

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const ID_CHECK = '10X98765432'

/** The check character of a resident ID number's first 17 digits (GB 11643). */
export const idCardCheckChar = (first17: string): string =>
  ID_CHECK[ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(first17[i]), 0) % 11]!

/** Mainland resident ID number (GB 11643): 18 characters, a valid birth date and check character. */
export function isValidIdCard(value: string): boolean {
  const v = value.toUpperCase()
  if (!/^\d{17}[\dX]$/.test(v)) return false
  const y = Number(v.slice(6, 10))
  const m = Number(v.slice(10, 12))
  const d = Number(v.slice(12, 14))
  const birth = new Date(Date.UTC(y, m - 1, d))
  if (y < 1900 || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d || birth.getTime() > Date.now()) return false
  return idCardCheckChar(v) === v[17]
}

export const idCard = () => z.string({ error: typeError }).trim().min(1, { error: V.required }).refine(isValidIdCard, { error: V.idCard })

/** Makes a rule optional: undefined, null and '' pass (and become undefined). */
export const optional = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional())

// ---- unified social credit code (GB 32100-2015) -----------------------------

/** The 31 characters of the code (no I, O, S, V, Z); a character's value is its index. */
export const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY'
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28]
/** Registration authority (1–9, A–G, Y) and institution category (1–9, A–Z minus the excluded), six-digit region, nine-character organisation code, check. */
const CREDIT_CODE_FORMAT = /^[1-9A-GY][1-9A-HJ-NP-RTUW-Y]\d{6}[0-9A-HJ-NP-RTUW-Y]{10}$/

/** The check character of the first 17 characters of a credit code, or null when they are not valid characters. */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null
  let sum = 0
  for (let i = 0; i < 17; i++) {
    const v = CREDIT_CODE_CHARS.indexOf(first17[i]!)
    if (v < 0) return null
    sum += v * CREDIT_WEIGHTS[i]!
  }
  return CREDIT_CODE_CHARS[(31 - (sum % 31)) % 31]!
}

/** A unified social credit code: 18 characters in the GB 32100-2015 layout with a correct check character (upper case). */
export function isValidCreditCode(value: string): boolean {
  if (!CREDIT_CODE_FORMAT.test(value)) return false
  return creditCodeCheckChar(value.slice(0, 17)) === value[17]
}

/** Credit code rule: trimmed, upper-cased, then checked. */
export const creditCode = () =>
  z
    .string({ error: typeError })
    .trim()
    .min(1, { error: V.required })
    .transform((v) => v.toUpperCase())
    .refine(isValidCreditCode, { error: V.creditCode })

// ---- further SPEC §5 checks: bank, phone numbers, tax, web, dates -------------

/** Bank account numbers: 8–30 digits (spaces and dashes between groups are dropped). */
export const BANK_ACCOUNT = /^\d{8,30}$/
export const bankAccount = () =>
  z
    .string({ error: typeError })
    .trim()
    .min(1, { error: V.required })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => BANK_ACCOUNT.test(v), { error: V.bankAccount })

/** Bank names: 2–60 letters (any script), digits, parentheses, dots or spaces, starting with a letter. */
export const BANK_NAME = /^\p{L}[\p{L}\p{N}()（）·.\s]{1,59}$/u
export const bankName = () => z.string({ error: typeError }).trim().min(1, { error: V.required }).regex(BANK_NAME, { error: V.bankName })

/** A mobile or a landline number (with area code and extension). */
export const tel = () =>
  z
    .string({ error: typeError })
    .trim()
    .min(1, { error: V.required })
    .refine((v) => PHONE.test(v) || FAX.test(v) || /^400-?\d{3}-?\d{4}$/.test(v), { error: V.tel })

export const fax = () => z.string({ error: typeError }).trim().min(1, { error: V.required }).regex(FAX, { error: V.fax })

/** Websites: with or without http(s)://, a dotted host name, optional port and path. */
export const WEBSITE = /^(https?:\/\/)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(:\d{2,5})?(\/\S*)?$/i
export const website = () =>
  z
    .string({ error: typeError })
    .trim()
    .min(1, { error: V.required })
    .max(200, { error: `${V.tooLong}:200` })
    .regex(WEBSITE, { error: V.url })

/** Taxpayer identification numbers: 15, 17, 18 or 20 digits or capital letters. */
export const TAX_CODE = /^([0-9A-Z]{15}|[0-9A-Z]{17,18}|[0-9A-Z]{20})$/
export const taxCode = () =>
  z
    .string({ error: typeError })
    .trim()
    .min(1, { error: V.required })
    .transform((v) => v.toUpperCase())
    .refine((v) => TAX_CODE.test(v), { error: V.taxCode })

/** A calendar date `YYYY-MM-DD`. */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
}
export const isoDate = () => z.string({ error: typeError }).trim().min(1, { error: V.required }).refine(isIsoDate, { error: V.date })

/** A list whose items (by `key`) must not repeat; the message names the first repeated item. */
export function uniqueBy<T>(items: readonly T[], key: (item: T) => string): string | null {
  const seen = new Set<string>()
  for (const item of items) {
    const k = key(item).trim()
    if (!k) continue
    if (seen.has(k)) return k
    seen.add(k)
  }
  return null
}

/** Refinement for arrays: repeated items are rejected with `v.repeat:<item>`. */
export function noRepeats<T>(key: (item: T) => string) {
  return (items: T[], ctx: z.RefinementCtx) => {
    const repeated = uniqueBy(items, key)
    if (repeated !== null) ctx.addIssue({ code: 'custom', message: `${V.repeat}:${repeated}` })
  }
}

/** Decimal inputs keep only the first dot (and only digits and a leading minus). */
export function keepFirstDot(input: string): string {
  const negative = input.trimStart().startsWith('-')
  const cleaned = input.replace(/[^\d.]/g, '')
  const i = cleaned.indexOf('.')
  const kept = i < 0 ? cleaned : cleaned.slice(0, i + 1) + cleaned.slice(i + 1).replace(/\./g, '')
  return (negative ? '-' : '') + kept
}
