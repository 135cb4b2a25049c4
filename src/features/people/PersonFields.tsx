/** A person's basic information as declared (contract/fields/people.ts): the staff dialog's and the profile invitation's. */
import { useFormContext } from 'react-hook-form'
import { fieldOf } from '@/contract/fields'
import { PERSON_FIELDS } from '@/contract/fields/people'
import { type FormFieldProps } from '@/lib/crud'
import { DeclaredField, DeclaredFields } from '@/lib/crud/forms'
import { useT } from '@/lib/i18n'
import type { ReactNode } from 'react'
import { fillFromIdCard } from './idCardFill'

export interface PersonFieldsProps {
  /**
   * A stored person's ID number and cellphone as shown (masked): the fields may then stay empty to
   * keep them, and say so. null: a person being added, who must give both.
   */
  kept: { idCard?: string | null; cellphone?: string | null } | null
  /** The person's own fields only, the ID number first (a profile invitation, one column): no post, level or sort. */
  compact?: boolean
  /** After the declared fields, in the grid. */
  children?: ReactNode
  /** Check a typed ID number against the registered people other than this one (userCheck/checkIdcard); not on the public invitation page. */
  check?: { userId?: string }
}

/** The fields of PERSON_FIELDS; a valid ID number fills sex and birth date (and is checked, with `check`). */
export function PersonFields({ kept, compact, children, check }: PersonFieldsProps) {
  const { t } = useT()
  const form = useFormContext()
  const idCard: Partial<FormFieldProps> = {
    required: !kept,
    onValueChange: fillFromIdCard(form, check),
    hint: kept?.idCard ? t('people.hint.idCardKeep', { value: kept.idCard }) : undefined,
  }
  const cellphone: Partial<FormFieldProps> = {
    required: !kept,
    hint: kept?.cellphone ? t('people.hint.cellphoneKeep', { value: kept.cellphone }) : undefined,
  }
  return compact ? (
    <DeclaredFields
      fields={PERSON_FIELDS}
      className="sm:grid-cols-1"
      own={{ idCard: false, cellphone, post: false, positionLevel: false, sort: false }}
      before={{ sex: <DeclaredField field={fieldOf(PERSON_FIELDS, 'idCard')} {...idCard} /> }}
    >
      {children}
    </DeclaredFields>
  ) : (
    <DeclaredFields fields={PERSON_FIELDS} own={{ idCard, cellphone }}>
      {children}
    </DeclaredFields>
  )
}
