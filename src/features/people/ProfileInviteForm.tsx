/**
 * The /sign form of a profile invitation (purpose `profile`): the person's own fields, education
 * and certificates, one column, for a phone. Validated with the contract's `profileForm` (what the
 * gateway checks). ID number and cellphone are shown masked and left unchanged unless typed anew;
 * photos already on the record are kept (the invitee is not signed in and cannot upload).
 */
import { FormProvider, useForm, type FieldValues, type Resolver } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Loader2 } from 'lucide-react'
import { Code } from '@/contract'
import { profileForm, SEXES, type ProfileData } from '@/contract/schemas/people'
import { Button } from '@/components/ui/button'
import { enumOptions, FormErrors, FormField, FormGrid, isApiError, useRefusableSubmit, type FormValues } from '@/lib/crud'
import { useT } from '@/lib/i18n'
import { fillFromIdCard } from './idCardFill'
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
          <FormGrid className="sm:grid-cols-1">
            <FormField name="name" label={t('people.field.name')} required maxLength={30} />
            <FormField
              name="idCard"
              label={t('people.field.idCard')}
              maxLength={18}
              onValueChange={fillFromIdCard(form.setValue)}
              hint={d.idCardMasked ? t('people.hint.idCardKeep', { value: d.idCardMasked }) : undefined}
            />
            <FormField
              name="sex"
              label={t('people.field.sex')}
              kind="select"
              required
              options={enumOptions(SEXES, (v) => t(`people.sex.${v}`))}
            />
            <FormField name="birthDate" label={t('people.field.birthDate')} kind="date" hint={t('people.hint.birthDate')} />
            <FormField
              name="cellphone"
              label={t('people.field.cellphone')}
              maxLength={11}
              hint={d.cellphoneMasked ? t('people.hint.cellphoneKeep', { value: d.cellphoneMasked }) : undefined}
            />
            <FormField name="email" label={t('people.field.email')} maxLength={100} />
          </FormGrid>
        </section>

        <section aria-label={t('people.section.education')} className="space-y-4">
          <h2 className="text-base font-semibold">{t('people.section.education')}</h2>
          <EducationList name="education" narrow max={20} />
        </section>

        <section aria-label={t('people.section.certificate')} className="space-y-4">
          <h2 className="text-base font-semibold">{t('people.section.certificate')}</h2>
          <CertificateList name="certificates" narrow max={20} />
        </section>

        <Button type="submit" className="w-full" size="lg" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting && <Loader2 className="animate-spin" aria-hidden />}
          {t('people.invite.submit')}
        </Button>
      </form>
    </FormProvider>
  )
}
