/** Filling sex and birth date from an ID number as it is typed (the person dialog and the profile invitation). */
import type { FieldValues, UseFormSetValue } from 'react-hook-form'
import { birthDateOfIdCard, sexOfIdCard } from '@/contract/schemas/people'

/** The ID field's `onValueChange`: a valid number sets the form's birthDate and sex (validated, dirty). */
export const fillFromIdCard = (setValue: UseFormSetValue<FieldValues>) => (v: unknown) => {
  const s = String(v ?? '')
    .trim()
    .toUpperCase()
  const birth = birthDateOfIdCard(s)
  const sex = sexOfIdCard(s)
  if (birth) setValue('birthDate', birth, { shouldValidate: true, shouldDirty: true })
  if (sex) setValue('sex', sex, { shouldValidate: true, shouldDirty: true })
}
