/**
 * A person's education and vocational certificates as form lists — one description for the staff
 * dialog and the profile invitation form. `photos` adds the scans (the dialog); `narrow` keeps one
 * column (the invitation form, opened on a phone).
 */
import { TITLE_LEVELS, DEGREES } from '@/contract/schemas/people'
import { enumOptions, FormField, FormGrid, FormList } from '@/lib/crud'
import { useT } from '@/lib/i18n'

interface SubListProps {
  /** The payload's list field (`educations` in the staff record, `education` in the invitation). */
  name: string
  photos?: boolean
  narrow?: boolean
  max?: number
}

export function EducationList({ name, photos, narrow, max }: SubListProps) {
  const { t } = useT()
  const degree = (v: (typeof DEGREES)[number]) => t(`people.education.degrees.${v}`)
  return (
    <FormList
      name={name}
      label={t('people.section.education')}
      addText={t('people.education.add')}
      max={max}
      newItem={() => ({ startMonth: '', endMonth: '', school: '', major: '', degree: '' })}
      itemTitle={(e, i) =>
        e.school ? `${String(e.school)}${e.degree ? ` · ${degree(e.degree as (typeof DEGREES)[number])}` : ''}` : `#${i + 1}`
      }
    >
      {(p) => (
        <FormGrid className={narrow ? 'sm:grid-cols-1' : undefined}>
          <FormField name={`${p}.startMonth`} label={t('people.education.startMonth')} kind="month" required />
          <FormField name={`${p}.endMonth`} label={t('people.education.endMonth')} kind="month" required />
          <FormField name={`${p}.school`} label={t('people.education.school')} required maxLength={50} />
          <FormField name={`${p}.major`} label={t('people.education.major')} maxLength={50} />
          <FormField
            name={`${p}.degree`}
            label={t('people.education.degree')}
            kind="select"
            required
            options={enumOptions(DEGREES, degree)}
          />
          {photos && (
            <>
              <div className="hidden sm:block" />
              <FormField name={`${p}.graduationPhotoFileId`} label={t('people.education.graduationPhoto')} kind="file" purpose="photo" />
              <FormField name={`${p}.degreePhotoFileId`} label={t('people.education.degreePhoto')} kind="file" purpose="photo" />
            </>
          )}
        </FormGrid>
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
        <FormGrid className={narrow ? 'sm:grid-cols-1' : undefined}>
          <FormField name={`${p}.certificateName`} label={t('people.certificate.certificateName')} required maxLength={50} />
          <FormField
            name={`${p}.titleLevel`}
            label={t('people.certificate.titleLevel')}
            kind="select"
            required
            options={enumOptions(TITLE_LEVELS, (v) => t(`people.certificate.titleLevels.${v}`))}
          />
          <FormField name={`${p}.certificateNo`} label={t('people.certificate.certificateNo')} required maxLength={50} />
          <FormField name={`${p}.issuingUnit`} label={t('people.certificate.issuingUnit')} maxLength={100} />
          <FormField name={`${p}.validFrom`} label={t('people.certificate.validFrom')} kind="date" />
          <FormField name={`${p}.validTo`} label={t('people.certificate.validTo')} kind="date" hint={t('people.certificate.validToHint')} />
          {photos && (
            <>
              <FormField name={`${p}.frontPhotoFileId`} label={t('people.certificate.frontPhoto')} kind="file" purpose="photo" />
              <FormField name={`${p}.backPhotoFileId`} label={t('people.certificate.backPhoto')} kind="file" purpose="photo" />
            </>
          )}
        </FormGrid>
      )}
    </FormList>
  )
}
