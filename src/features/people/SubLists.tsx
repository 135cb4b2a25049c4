/**
 * A person's education and vocational certificates as form lists — one description for the staff
 * dialog and the profile invitation form. `photos` adds the scans (the dialog); `narrow` keeps one
 * column (the invitation form, opened on a phone).
 */
import type { Declared } from '@/contract/fields'
import { CERTIFICATE_FIELDS, EDUCATION_FIELDS, type Degree } from '@/contract/fields/people'
import { DeclaredFields, FormField, FormList } from '@/lib/crud/forms'
import { useT } from '@/lib/i18n'

/** A list item's declared fields, named under the item's path `p` (DeclaredFields' `own`). */
export const under = <F extends Declared>(fields: readonly F[], p: string) =>
  Object.fromEntries(fields.map((f) => [f.key, { name: `${p}.${f.key}` }])) as Record<F['key'], { name: string }>

interface SubListProps {
  /** The payload's list field (`educations` in the staff record, `education` in the invitation). */
  name: string
  photos?: boolean
  narrow?: boolean
  max?: number
}

export function EducationList({ name, photos, narrow, max }: SubListProps) {
  const { t } = useT()
  const degree = (v: Degree) => t(`people.education.degrees.${v}`)
  return (
    <FormList
      name={name}
      label={t('people.section.education')}
      addText={t('people.education.add')}
      max={max}
      newItem={() => ({ startMonth: '', endMonth: '', school: '', major: '', degree: '' })}
      itemTitle={(e, i) => (e.school ? `${String(e.school)}${e.degree ? ` · ${degree(e.degree as Degree)}` : ''}` : `#${i + 1}`)}
    >
      {(p) => (
        <DeclaredFields
          fields={EDUCATION_FIELDS}
          own={under(EDUCATION_FIELDS, p)}
          className={narrow ? 'sm:grid-cols-1' : undefined}
          before={{
            school: (
              <>
                <FormField name={`${p}.startMonth`} label={t('people.education.startMonth')} kind="month" required />
                <FormField name={`${p}.endMonth`} label={t('people.education.endMonth')} kind="month" required />
              </>
            ),
          }}
        >
          {photos && (
            <>
              <div className="hidden sm:block" />
              <FormField name={`${p}.graduationPhotoFileId`} label={t('people.education.graduationPhoto')} kind="file" purpose="photo" />
              <FormField name={`${p}.degreePhotoFileId`} label={t('people.education.degreePhoto')} kind="file" purpose="photo" />
            </>
          )}
        </DeclaredFields>
      )}
    </FormList>
  )
}

export function CertificateList({ name, photos, narrow, max }: SubListProps) {
  const { t } = useT()
  return (
    <FormList
      name={name}
      label={t('people.section.certificate')}
      addText={t('people.certificate.add')}
      max={max}
      newItem={() => ({ titleLevel: '', certificateName: '', certificateNo: '', issuingUnit: '', validFrom: '', validTo: '' })}
      itemTitle={(c, i) => (c.certificateName ? String(c.certificateName) : `#${i + 1}`)}
    >
      {(p) => (
        <DeclaredFields fields={CERTIFICATE_FIELDS} own={under(CERTIFICATE_FIELDS, p)} className={narrow ? 'sm:grid-cols-1' : undefined}>
          {photos && (
            <>
              <FormField name={`${p}.frontPhotoFileId`} label={t('people.certificate.frontPhoto')} kind="file" purpose="photo" />
              <FormField name={`${p}.backPhotoFileId`} label={t('people.certificate.backPhoto')} kind="file" purpose="photo" />
            </>
          )}
        </DeclaredFields>
      )}
    </FormList>
  )
}
