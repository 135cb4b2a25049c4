import { useState } from 'react'
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import { applyRefusal, type RefusalOptions } from './errors'

/**
 * A form's submit that sends its values: a refusal goes onto the form's fields (`applyRefusal`), what belongs to no
 * field into `errors` (for FormErrors above the fields). `passOn(e)` true leaves an error to the caller (its page shows it).
 */
export function useRefusableSubmit<T extends FieldValues>(
  form: UseFormReturn<T>,
  send: (values: T) => Promise<void>,
  options: RefusalOptions & { passOn?: (e: unknown) => boolean } = {},
) {
  const [errors, setErrors] = useState<string[]>([])
  const submit = form.handleSubmit(async (values) => {
    setErrors([])
    try {
      await send(values)
    } catch (e) {
      if (options.passOn?.(e)) return
      setErrors(applyRefusal(form, e, options) ?? [])
    }
  })
  return { submit, errors }
}
