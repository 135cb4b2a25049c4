/** Error answers of personal-centre calls onto a react-hook-form form. */
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import { applyRefusal } from '@/lib/crud'

/**
 * A refusal onto the form (`applyRefusal`: 20001 and 20006 on their fields); anything else a user
 * can act on (20021, …) comes back as text for above the form. Network failures are boxed by the
 * request client.
 */
export function applyError<T extends FieldValues>(form: UseFormReturn<T>, e: unknown): string | null {
  const above = applyRefusal(form, e)
  return above?.length ? above.join('；') : null
}
