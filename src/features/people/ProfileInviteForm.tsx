/**
 * The /sign form of a profile invitation (purpose `profile`): the person's own fields, education
 * and certificates, one column, for a phone. Validated with the contract's `profileForm` (what the
 * gateway checks). ID number and cellphone are shown masked and left unchanged unless typed anew;
 * photos already on the record are kept (the invitee is not signed in and cannot upload).
 */
import { FormProvider, useForm, type FieldValues, type Resolver } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Code } from '@/contract'
import { profileForm, type ProfileData } from '@/contract/schemas/people'
import { Button } from '@/components/ui/button'
import { isApiError, useRefusableSubmit, type FormValues } from '@/lib/crud'
import { FormErrors } from '@/lib/crud/forms'
import { useT } from '@/lib/i18n'
import { PersonFields } from './PersonFields'
import { CertificateList, EducationList } from './SubLists'

export interface ProfileInviteFormProps {
  data: Record<string, unknown>
  submit: (data: Record<string, unknown>) => Promise<void>
}

const blank = (items: unknown): FormValues[] =>
  Array.isArray(items)
    ? items.map((i: Record<string, unknown>) => Object.fromEntries(Object.entries(i).map(([k, v]) => [k, v === null ? '' : v])))
    : []

export function ProfileInviteForm({ data, submit }: ProfileInviteFormProps) {
  const { t } = useT()
  const d = data as Partial<ProfileData>
  const form = useForm<FieldValues>({
    resolver: zodResolver(profileForm as never) as unknown as Resolver<FieldValues>,
    defaultValues: {
      name: d.name ?? '',
      sex: d.sex ?? '',
      birthDate: d.birthDate ?? '',
      email: d.email ?? '',
      avatarFileId: d.avatarFileId ?? '',
      idCard: '',
      cellphone: '',
      education: blank(d.education),
      certificates: blank(d.certificates),
    },
    mode: 'onTouched',
  })
  // a 20021 (the invitation has ended) is left to the page; other refusals onto the form (its fields are the invitation's `data.*`)
  const { submit: send, errors } = useRefusableSubmit(form, submit, {
    passOn: (e) => isApiError(e) && e.code === Code.REFUSED,
    toField: (p) => p.replace(/^data\./, ''),
  })

  return (
    <FormProvider {...form}>
      <form onSubmit={send} noValidate className="space-y-8">
        <p className="text-sm text-muted-foreground">{t('people.invite.intro')}</p>
        <FormErrors messages={errors} />

        <section aria-label={t('people.section.basic')} className="space-y-4">
          <h2 className="text-base font-semibold">{t('people.section.basic')}</h2>
          <PersonFields kept={{ idCard: d.idCardMasked, cellphone: d.cellphoneMasked }} compact />
        </section>

        <section aria-label={t('people.section.education')} className="space-y-4">
          <h2 className="text-base font-semibold">{t('people.section.education')}</h2>
          <EducationList name="education" narrow max={20} />
        </section>

        <section aria-label={t('people.section.certificate')} className="space-y-4">
          <h2 className="text-base font-semibold">{t('people.section.certificate')}</h2>
          <CertificateList name="certificates" narrow max={20} />
        </section>

        <Button type="submit" className="w-full" size="lg" pending={form.formState.isSubmitting}>
          {t('people.invite.submit')}
        </Button>
      </form>
    </FormProvider>
  )
}
