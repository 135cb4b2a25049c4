/** Payload encoding shared by the request client (pure, unit-tested). */
import { stripEmpty } from '@/contract/validation'

const isEmpty = (v: unknown) => v === undefined || v === null || v === ''

/** One form/query value: arrays comma-joined, dates ISO, objects JSON, the rest String(). */
function formValue(v: unknown): string | null {
  if (isEmpty(v)) return null
  if (Array.isArray(v)) {
    const items = v.filter((x) => !isEmpty(x)).map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x)))
    return items.length ? items.join(',') : null
  }
  if (v instanceof Date) return v.toISOString()
  if (typeof v === 'object') return JSON.stringify(v)
  return String(v)
}

/**
 * Form encoding (GET query strings and x-www-form-urlencoded bodies): empty values stripped,
 * arrays comma-joined, keys in the given order. The result is exactly what is sent and signed.
 */
export function formEncode(params: Record<string, unknown> | undefined): string {
  if (!params) return ''
  const usp = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) {
    const s = formValue(v)
    if (s !== null) usp.append(k, s)
  }
  return usp.toString()
}

/** A JSON body with empty values stripped; `undefined` when there is no body. */
export function jsonBody(body: unknown): string | undefined {
  if (body === undefined) return undefined
  return JSON.stringify(stripEmpty(body))
}
