/** Error answers of personal-centre calls onto a react-hook-form form. */
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import { Code } from '@/contract/codes'
import { isApiError, mapServerErrors } from '@/lib/crud'

/**
 * 20001 field errors go on the form's fields; anything else a user can act on (20006, 20021, …)
 * comes back as text for above the form. Network failures are boxed by the request client.
 */
export function applyError<T extends FieldValues>(form: UseFormReturn<T>, e: unknown): string | null {
  if (!isApiError(e) || e.kind !== 'code') return null
  if (e.code === Code.INVALID) {
    const known = new Set(Object.keys(form.getValues()))
    const mapped = mapServerErrors(e.data, (p) => known.has(p.split('.')[0] ?? ''))
    mapped.fields.forEach((f, i) => form.setError(f.name as never, { type: 'server', message: f.message }, { shouldFocus: i === 0 }))
    return mapped.form.length ? mapped.form.join('；') : mapped.fields.length ? null : (e.message ?? null)
  }
  return e.message ?? null
}
