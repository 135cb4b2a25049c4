/** Field errors of code 20001: `data: [{ field, key, message }]`. */
import { Code } from '@/contract/codes'
import type { FieldError } from '@/contract/envelope'
import { ApiError } from './core'

/** The field errors carried by an error, or [] when it is not a 20001 with a usable list. */
export function fieldErrorsOf(e: unknown): FieldError[] {
  if (!(e instanceof ApiError) || e.kind !== 'code' || e.code !== Code.INVALID || !Array.isArray(e.data)) return []
  return e.data.filter(
    (x): x is FieldError => !!x && typeof x === 'object' && typeof (x as FieldError).field === 'string' && typeof (x as FieldError).message === 'string',
  ).map((x) => ({ field: x.field, key: typeof x.key === 'string' ? x.key : '', message: x.message }))
}
