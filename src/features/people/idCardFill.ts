/** Filling sex and birth date from an ID number as it is typed (the person dialog and the profile invitation), and checking it is not registered already. */
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import { birthDateOfIdCard, sexOfIdCard } from '@/contract/schemas/people'

const normalized = (v: unknown) =>
  String(v ?? '')
    .trim()
    .toUpperCase()

/**
 * The ID field's `onValueChange`: a valid number sets the form's birthDate and sex (validated, dirty)
 * and, with `check`, is looked up among the registered people: one registered to somebody else shows
 * the gateway's words on the field at once (they go when the number is changed).
 */
export const fillFromIdCard =
  (
    {
      setValue,
      setError,
      getValues,
      getFieldState,
      clearErrors,
    }: Pick<UseFormReturn<FieldValues>, 'setValue' | 'setError' | 'getValues' | 'getFieldState' | 'clearErrors'>,
    check?: { userId?: string },
  ) =>
  (v: unknown) => {
    const s = normalized(v)
    // the gateway's word on the number typed before (registered already) goes with it
    if (getFieldState('idCard').error?.type === 'server') clearErrors('idCard')
    const birth = birthDateOfIdCard(s)
    const sex = sexOfIdCard(s)
    if (birth) setValue('birthDate', birth, { shouldValidate: true, shouldDirty: true })
    if (sex) setValue('sex', sex, { shouldValidate: true, shouldDirty: true })
    if (birth && check)
      // the staff screens' api, loaded with the first check (the public invitation page does not check)
      void import('./api').then(async ({ idCardTaken }) => {
        const taken = await idCardTaken(s, check.userId)
        if (taken && normalized(getValues('idCard')) === s) setError('idCard', { type: 'server', message: taken })
      })
  }
