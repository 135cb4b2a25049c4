/** `{ code, message, data, prompt? }` — every gateway answer. */
export interface Envelope<T = unknown> {
  code: number
  message: string
  data: T
  prompt?: string
}

/**
 * Whether an answer has the envelope's shape (an integer code, a message, data that may be anything
 * or missing, an optional prompt): a proxy's or a captive portal's page does not. Written out rather
 * than a zod schema: every page checks answers, and zod is not on the sign-in page's first load.
 */
export function isEnvelope(value: unknown): value is Envelope {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false
  const v = value as Record<string, unknown>
  return Number.isInteger(v.code) && typeof v.message === 'string' && (v.prompt === undefined || typeof v.prompt === 'string')
}

/** A field error of code 20001: `field` is a dotted path, `key` a validation key (see rules.ts). */
export interface FieldError {
  field: string
  key: string
  message: string
}

/** The `data` of a list page. */
export interface Page<T> {
  records: T[]
  /** Exact up to 5,000 matching rows; above that 5,000 (or the rows up to this page) with totalCapped. */
  total: number
  pageIndex: number
  pageSize: number
  /** True when more rows match than `total` says (more than 5,000 were not counted): show "more than". */
  totalCapped?: boolean
  /** When the page is full: pass as `cursor` for the next page (keyset paging, cheap at any depth). */
  nextCursor?: string
}
