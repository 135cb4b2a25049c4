/** The form of an invitation purpose that has no form of its own: its `fields`, validated with the contract schema when known. */
import { FormProvider, useForm, type FieldValues, type Resolver } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Code } from '@/contract/codes'
import { Button } from '@/components/ui/button'
import { isApiError, useRefusableSubmit } from '@/lib/crud'
import { FormErrors, FormField, FormGrid } from '@/lib/crud/forms'
import { useT } from '@/lib/i18n'
import type { z } from 'zod'
import { accountInviteForm } from '@/contract/schemas/account'
import { contactForm, type InvitePurpose } from '@/contract/schemas/invite'
import type { InviteFormProps } from './forms'

/** Contract schemas the generic form validates with before sending. */
const INVITE_SCHEMAS: Partial<Record<InvitePurpose, z.ZodType>> = {
  contact: contactForm,
  account: accountInviteForm,
}

export function GenericInviteForm({ purpose, data, fields, submit }: InviteFormProps) {
  const { t, locale } = useT()
  const schema = INVITE_SCHEMAS[purpose]
  const form = useForm<FieldValues>({
    resolver: schema ? (zodResolver(schema as never) as unknown as Resolver<FieldValues>) : undefined,
    defaultValues: Object.fromEntries(fields.map((f) => [f.name, data[f.name] ?? ''])),
    mode: 'onTouched',
  })
  // a 20021 (the invitation has ended) is left to the page; other refusals onto the form
  const { submit: send, errors } = useRefusableSubmit(form, submit, {
    passOn: (e) => isApiError(e) && e.code === Code.REFUSED,
    hasField: (p) => fields.some((f) => f.name === p),
  })

  return (
    <FormProvider {...form}>
      <form onSubmit={send} noValidate className="space-y-5">
        <FormErrors messages={errors} />
        <FormGrid className="sm:grid-cols-1">
          {fields.map((f) => (
            <FormField
              key={f.name}
              name={f.name}
              label={f.label[locale]}
              required={f.required}
              maxLength={f.maxLength}
              kind={f.kind ?? 'text'}
              options={f.options?.map((o) => ({ value: o.value, label: o.label[locale] }))}
            />
          ))}
        </FormGrid>
        <Button type="submit" className="w-full" size="lg" pending={form.formState.isSubmitting}>
          {t('invite.sign.submit')}
        </Button>
      </form>
    </FormProvider>
  )
}
