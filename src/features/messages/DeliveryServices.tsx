/**
 * 发送服务 (消息设置's second tab; issue 33, SPEC §7 supplier / supplierConfig): the mail server
 * (SMTP) and the SMS webhook the gateway sends through, one of each for the installation. A secret
 * (the SMTP password, the SMS token) is never shown: a stored one says 已设置，留空则不修改, and saving
 * with it empty keeps it. 测试发送 sends a test mail or SMS with the saved settings and shows the
 * outcome (a failure: the gateway's reason, in words). Changes take the menu's `edit` function and a
 * data scope of 'all' (the gateway refuses others, 20021, shown above the form).
 */
import { useEffect, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { CheckCircle2, Loader2, Mail, MessageSquareText, Send, type LucideIcon } from 'lucide-react'
import { FormProvider } from 'react-hook-form'
import { Code, PHONE_LENGTH } from '@/contract'
import type { Declared } from '@/contract/fields'
import { MAIL_SUPPLIER_FIELDS, SMS_SUPPLIER_FIELDS, SUPPLIER_SECRETS } from '@/contract/fields/supplier'
import {
  mailSupplierBody,
  mailTestBody,
  smsSupplierBody,
  smsTestBody,
  SUPPLIER_API,
  type MailSupplier,
  type SmsSupplier,
  type SupplierBody,
  type SupplierKind,
  type SupplierList,
  type SupplierTestBody,
  type SupplierTestResult,
} from '@/contract/schemas/supplier'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import { formatDateTime, type ActionForm } from '@/lib/crud'
import { ActionDialog, DeclaredFields, FormErrors, FormField, ReadOnly, useActionForm } from '@/lib/crud/forms'
import { http } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { useCan } from '@/lib/permissions'
import { suppliersQueryOptions } from './queries'

const HANDLED = { handled: [Code.INVALID, Code.REFUSED] }

/** A service's form values: its stored settings, the secret empty (left so, the stored one is kept). */
const valuesOf = (kind: SupplierKind, { mail, sms }: SupplierList): SupplierBody =>
  kind === 'mail'
    ? {
        kind,
        host: mail?.host ?? '',
        port: mail?.port ?? 587,
        secure: mail?.secure ?? false,
        user: mail?.user ?? '',
        password: '',
        from: mail?.from ?? '',
      }
    : { kind, url: sms?.url ?? '', token: '', signName: sms?.signName ?? '' }

/** Each service's icon, schema and declared fields; its secret goes before `secretBefore`. */
const SERVICES: Record<
  SupplierKind,
  { icon: LucideIcon; schema: typeof mailSupplierBody | typeof smsSupplierBody; fields: readonly Declared[]; secretBefore: string }
> = {
  mail: { icon: Mail, schema: mailSupplierBody, fields: MAIL_SUPPLIER_FIELDS, secretBefore: 'from' },
  sms: { icon: MessageSquareText, schema: smsSupplierBody, fields: SMS_SUPPLIER_FIELDS, secretBefore: 'signName' },
}

export function DeliveryServices() {
  const { t } = useT()
  const q = useQuery(suppliersQueryOptions())
  if (q.isError) return <p className="text-sm text-destructive">{t('messages.supplier.loadFailed')}</p>
  if (!q.data)
    return (
      <div className="flex justify-center p-8">
        <Loader2 className="animate-spin text-muted-foreground" aria-hidden />
      </div>
    )
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">{t('messages.supplier.description')}</p>
      <div className="grid gap-4 xl:grid-cols-2">
        <SupplierForm kind="mail" list={q.data} />
        <SupplierForm kind="sms" list={q.data} />
      </div>
    </div>
  )
}

/** The password or the token: never shown; a stored one is kept when it is left empty. */
function SecretField({ kind, kept }: { kind: SupplierKind; kept: boolean }) {
  const { t } = useT()
  const { key, max } = SUPPLIER_SECRETS[kind]
  return (
    <FormField
      name={key}
      label={t(`messages.supplier.${key}`)}
      kind="password"
      maxLength={max}
      placeholder={kept ? t('messages.supplier.secretKept') : undefined}
    />
  )
}

/** One service's card: its settings, saved (the answer, the new list, goes into the cache and the form starts again from it) and tested. */
function SupplierForm({ kind, list }: { kind: SupplierKind; list: SupplierList }) {
  const { t } = useT()
  const qc = useQueryClient()
  const canEdit = useCan('/admin/message-setting', 'edit')
  const [testing, setTesting] = useState(false)
  const { icon: Icon, schema, fields, secretBefore } = SERVICES[kind]
  const action: ActionForm<SupplierBody> = useActionForm<SupplierBody>({
    schema,
    defaultValues: valuesOf(kind, list),
    action: (v) => http.put<SupplierList>(SUPPLIER_API.update, v, HANDLED),
    success: t('messages.supplier.saved'),
    onDone: (_v, result) => {
      qc.setQueryData(suppliersQueryOptions().queryKey, result as SupplierList)
      action.form.reset(valuesOf(kind, result as SupplierList))
    },
  })
  const stored: MailSupplier | SmsSupplier | null = list[kind]
  // the list first shown may be the device's copy, older than the gateway's: the form follows a newer
  // one unless the user has begun to change it
  const storedAt = stored?.updateTime
  useEffect(() => {
    if (!action.form.formState.isDirty) action.form.reset(valuesOf(kind, list))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storedAt])
  const kept = !!stored && ('hasPassword' in stored ? stored.hasPassword : stored.hasToken)
  const title = t(`messages.supplier.${kind}`)
  const status = stored
    ? t('messages.supplier.stored', { time: formatDateTime(stored.updateTime ?? ''), name: stored.updateBy ?? '--' })
    : t(list.env[kind] ? 'messages.supplier.usingEnv' : 'messages.supplier.none')
  return (
    <Card data-supplier={kind}>
      <FormProvider {...action.form}>
        <form noValidate className="flex h-full flex-col" onSubmit={(e) => void action.submit(e)} aria-label={title}>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base [&_svg]:size-4">
              <Icon aria-hidden />
              {title}
            </CardTitle>
            <CardDescription>{t(`messages.supplier.${kind}Hint`)}</CardDescription>
            <p className="text-xs text-muted-foreground">{status}</p>
          </CardHeader>
          <CardContent className="flex flex-1 flex-col gap-4">
            <FormErrors messages={action.formErrors} />
            <ReadOnly value={!canEdit}>
              <DeclaredFields fields={fields} before={{ [secretBefore]: <SecretField kind={kind} kept={kept} /> }} />
            </ReadOnly>
          </CardContent>
          {canEdit && (
            <CardFooter className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => setTesting(true)} disabled={action.pending}>
                <Send aria-hidden /> {t('messages.supplier.test')}
              </Button>
              <Button type="submit" pending={action.pending} className="min-w-20">
                {t('messages.supplier.save')}
              </Button>
            </CardFooter>
          )}
        </form>
      </FormProvider>
      {testing && <TestDialog kind={kind} onClose={() => setTesting(false)} />}
    </Card>
  )
}

/** 测试发送: asks for the address or number, sends, and shows the outcome in the dialog. */
function TestDialog({ kind, onClose }: { kind: SupplierKind; onClose: () => void }) {
  const { t } = useT()
  const [result, setResult] = useState<SupplierTestResult | null>(null)
  const action = useActionForm<SupplierTestBody>({
    schema: kind === 'mail' ? mailTestBody : smsTestBody,
    defaultValues: { kind, to: '' },
    action: (v) => {
      setResult(null)
      return http.post<SupplierTestResult>(SUPPLIER_API.test, v, HANDLED)
    },
    success: false,
    onDone: (_v, r) => setResult(r as SupplierTestResult),
  })
  return (
    <ActionDialog
      open
      onClose={onClose}
      title={t(kind === 'mail' ? 'messages.supplier.testMail' : 'messages.supplier.testSms')}
      description={t('messages.supplier.testDescription')}
      action={action}
      submitText={t('messages.supplier.send')}
    >
      {result && (
        <div role="status" className="flex items-start gap-2 rounded-md border border-emerald-500/40 bg-emerald-500/10 p-3 text-sm">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
          <div>
            <p className="font-medium">{t('messages.supplier.testSent', { to: result.to })}</p>
            <p className="text-muted-foreground">
              {t(result.source === 'stored' ? 'messages.supplier.viaStored' : 'messages.supplier.viaEnv')}
            </p>
          </div>
        </div>
      )}
      <FormField
        name="to"
        label={t(kind === 'mail' ? 'messages.supplier.toMail' : 'messages.supplier.toSms')}
        required
        maxLength={kind === 'mail' ? 200 : PHONE_LENGTH}
      />
    </ActionDialog>
  )
}
