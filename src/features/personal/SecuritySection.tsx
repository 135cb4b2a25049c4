/**
 * Account security: cellphone and email (bind or change: the password first, then a code to the new
 * target; unbind with the password), and the password (old + new twice; other devices signed out).
 */
import { useState, type ReactNode } from 'react'
import { FormProvider } from 'react-hook-form'
import { AlertCircle, KeyRound, Mail, Smartphone } from 'lucide-react'
import { maxima } from '@/contract/fields'
import { ACCOUNT_FIELDS } from '@/contract/fields/account'
import { PASSWORD_MAX, VERIFY_CODE_LENGTH } from '@/contract/enums'
import type { CodeSent } from '@/contract/schemas/auth'
import { bindCellphoneBody, bindEmailBody, changePasswordSchema, passwordBody, type PersonalInfo } from '@/contract/schemas/personal'
import { Button } from '@/components/ui/button'
import { Stepper } from '@/components/ui/stepper'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { type ActionForm } from '@/lib/crud'
import { FormField, useActionForm } from '@/lib/crud/forms'
import { useCodeSender } from '@/lib/countdown'
import { useT } from '@/lib/i18n'
import { personalApi, useApplyInfo } from './api'
import { personalKeys } from './queries'
import { applyError } from './form'
import { Section } from './Section'
import { useQueryClient } from '@tanstack/react-query'

/** The refusals of an action form that belong to no field, as one line. */
const alertOf = (action: Pick<ActionForm, 'formErrors'>) => (action.formErrors.length ? action.formErrors.join('；') : null)

type Contact = 'cellphone' | 'email'
type Open = { kind: 'bind'; contact: Contact } | { kind: 'unbind'; contact: Contact } | { kind: 'password' } | null

export function SecuritySection({ info, readOnly }: { info: PersonalInfo; readOnly: boolean }) {
  const { t } = useT()
  const [open, setOpen] = useState<Open>(null)
  const close = () => setOpen(null)
  const rows: { contact: Contact; icon: typeof Mail; value: string | null; hint: string }[] = [
    { contact: 'cellphone', icon: Smartphone, value: info.cellphone, hint: t('personal.security.cellphoneHint') },
    { contact: 'email', icon: Mail, value: info.email, hint: t('personal.security.emailHint') },
  ]
  return (
    <Section title={t('personal.security.heading')}>
      <ul className="divide-y rounded-md border">
        {rows.map((r) => (
          <Row
            key={r.contact}
            icon={<r.icon className="h-5 w-5" aria-hidden />}
            title={t(`personal.security.${r.contact}`)}
            value={r.value ?? <span className="text-muted-foreground">{t('personal.security.notBound')}</span>}
            hint={r.hint}
            testId={`contact-${r.contact}`}
          >
            {!readOnly && (
              <>
                <Button type="button" variant="outline" className="h-9" onClick={() => setOpen({ kind: 'bind', contact: r.contact })}>
                  {r.value ? t('personal.security.change') : t('personal.security.bind')}
                </Button>
                {r.value && (
                  <Button
                    type="button"
                    variant="ghost"
                    className="h-9 text-destructive hover:text-destructive"
                    onClick={() => setOpen({ kind: 'unbind', contact: r.contact })}
                  >
                    {t('personal.security.unbind')}
                  </Button>
                )}
              </>
            )}
          </Row>
        ))}
        <Row
          icon={<KeyRound className="h-5 w-5" aria-hidden />}
          title={t('personal.security.password')}
          value="••••••••"
          hint={t('personal.security.passwordHint')}
        >
          {!readOnly && (
            <Button type="button" variant="outline" className="h-9" onClick={() => setOpen({ kind: 'password' })}>
              {t('personal.security.changePassword')}
            </Button>
          )}
        </Row>
      </ul>

      <Dialog open={open !== null} onOpenChange={(o) => !o && close()}>
        <DialogContent className="sm:max-w-md" closeLabel={t('common.close')} onInteractOutside={(e) => e.preventDefault()}>
          {open?.kind === 'bind' && <BindFlow contact={open.contact} changing={!!info[open.contact]} onDone={close} />}
          {open?.kind === 'unbind' && <UnbindForm contact={open.contact} onDone={close} />}
          {open?.kind === 'password' && <PasswordForm accountName={info.accountName} onDone={close} />}
        </DialogContent>
      </Dialog>
    </Section>
  )
}

function Row({
  icon,
  title,
  value,
  hint,
  children,
  testId,
}: {
  icon: ReactNode
  title: string
  value: ReactNode
  hint: string
  children?: ReactNode
  testId?: string
}) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3.5" data-testid={testId}>
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">{icon}</span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-3">
          <span className="font-medium">{title}</span>
          <span className="break-all text-sm">{value}</span>
        </div>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </div>
      <div className="flex shrink-0 gap-2">{children}</div>
    </li>
  )
}

function FormAlert({ text }: { text: string | null }) {
  if (!text) return null
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
    >
      <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      {text}
    </p>
  )
}

/** Bind or change: the password (checked at once), then the new target with its code. */
function BindFlow({ contact, changing, onDone }: { contact: Contact; changing: boolean; onDone(): void }) {
  const { t } = useT()
  const [password, setPassword] = useState<string | null>(null)
  const target = t(`personal.security.${contact}`)
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t(changing ? 'personal.contact.titleChange' : 'personal.contact.titleBind', { target })}</DialogTitle>
        <DialogDescription className="sr-only">{t('personal.contact.passwordHint')}</DialogDescription>
      </DialogHeader>
      <Stepper
        compact
        current={password ? 1 : 0}
        labels={[t('personal.contact.stepPassword'), t('personal.contact.stepTarget', { target })]}
      />
      {password === null ? (
        <PasswordStep onOk={setPassword} />
      ) : (
        <TargetStep contact={contact} password={password} onBack={() => setPassword(null)} onDone={onDone} />
      )}
    </>
  )
}

function PasswordStep({ onOk }: { onOk(password: string): void }) {
  const { t } = useT()
  const action = useActionForm({
    schema: passwordBody,
    defaultValues: { password: '' },
    action: (v) => personalApi.verifyPassword(v.password),
    success: false,
    onDone: (v) => onOk(v.password),
  })
  const busy = action.pending
  return (
    <FormProvider {...action.form}>
      <form onSubmit={(e) => void action.submit(e)} noValidate className="grid gap-4">
        <FormAlert text={alertOf(action)} />
        <FormField
          name="password"
          kind="password"
          label={t('personal.contact.password')}
          hint={t('personal.contact.passwordHint')}
          required
        />
        <DialogFooter>
          <Button type="submit" className="h-10 min-w-24" pending={busy}>
            {busy ? t('personal.contact.checking') : t('personal.contact.next')}
          </Button>
        </DialogFooter>
      </form>
    </FormProvider>
  )
}

function TargetStep({ contact, password, onBack, onDone }: { contact: Contact; password: string; onBack(): void; onDone(): void }) {
  const { t } = useT()
  const apply = useApplyInfo()
  const code = useCodeSender<CodeSent>()
  const { sent, sending, countdown } = code
  const [sendError, setSendError] = useState<string | null>(null)
  const isPhone = contact === 'cellphone'
  const action = useActionForm<{ cellphone?: string; email?: string; verifyCode: string }>({
    schema: isPhone ? bindCellphoneBody : bindEmailBody,
    defaultValues: isPhone ? { cellphone: '', verifyCode: '' } : { email: '', verifyCode: '' },
    // a code must have been sent first
    confirm: () => {
      if (sent) return true
      form.setError('verifyCode', { type: 'manual', message: t('personal.contact.sendFirst') })
      return false
    },
    action: async (v) =>
      apply(isPhone ? await personalApi.bindCellphone(v.cellphone!, v.verifyCode) : await personalApi.bindEmail(v.email!, v.verifyCode)),
    success: t('personal.contact.done', { target: t(`personal.security.${contact}`) }),
    onDone,
  })
  const form = action.form
  const targetField = isPhone ? 'cellphone' : 'email'

  const send = async () => {
    setSendError(null)
    if (!(await form.trigger(targetField))) return
    try {
      const value = (form.getValues(targetField) ?? '').trim()
      await code.send(() =>
        personalApi.getBindCode(isPhone ? { type: 'cellphone', cellphone: value, password } : { type: 'email', email: value, password }),
      )
      form.clearErrors('verifyCode')
    } catch (e) {
      setSendError(applyError(form, e))
    }
  }

  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => void action.submit(e)} noValidate className="grid gap-4">
        <FormAlert text={sendError ?? alertOf(action)} />
        <FormField
          name={targetField}
          label={t(isPhone ? 'personal.contact.newCellphone' : 'personal.contact.newEmail')}
          required
          maxLength={maxima(ACCOUNT_FIELDS)[targetField]}
        />
        <div className="grid grid-cols-[1fr_auto] items-start gap-2">
          <FormField
            name="verifyCode"
            label={t('personal.contact.code')}
            placeholder={t('personal.contact.codePlaceholder')}
            maxLength={VERIFY_CODE_LENGTH}
            required
            hint={
              sent
                ? t('personal.contact.sentTo', { target: sent.target, minutes: Math.max(1, Math.round(sent.expiresIn / 60)) })
                : undefined
            }
          />
          <Button
            type="button"
            variant="outline"
            className="mt-[26px] h-9 w-36"
            onClick={() => void send()}
            disabled={sending || countdown.running}
          >
            {sending
              ? t('personal.contact.sending')
              : countdown.running
                ? t('personal.contact.resend', { n: countdown.remaining })
                : t('personal.contact.send')}
          </Button>
        </div>
        <DialogFooter className="gap-2">
          <Button type="button" variant="outline" className="h-10" onClick={onBack}>
            {t('personal.contact.back')}
          </Button>
          <Button type="submit" className="h-10 min-w-24" pending={action.pending}>
            {t('personal.contact.submit')}
          </Button>
        </DialogFooter>
      </form>
    </FormProvider>
  )
}

function UnbindForm({ contact, onDone }: { contact: Contact; onDone(): void }) {
  const { t } = useT()
  const apply = useApplyInfo()
  const target = t(`personal.security.${contact}`)
  const action = useActionForm({
    schema: passwordBody,
    defaultValues: { password: '' },
    action: async ({ password }) =>
      apply(contact === 'cellphone' ? await personalApi.unbindCellphone(password) : await personalApi.unbindEmail(password)),
    success: t('personal.unbind.done', { target }),
    onDone,
  })
  return (
    <FormProvider {...action.form}>
      <form onSubmit={(e) => void action.submit(e)} noValidate className="grid gap-4">
        <DialogHeader>
          <DialogTitle>{t('personal.unbind.title', { target })}</DialogTitle>
          <DialogDescription>{t('personal.unbind.text', { target })}</DialogDescription>
        </DialogHeader>
        <FormAlert text={alertOf(action)} />
        <FormField name="password" kind="password" label={t('personal.contact.password')} required />
        <DialogFooter>
          <Button type="submit" variant="destructive" className="h-10 min-w-24" pending={action.pending}>
            {t('personal.unbind.submit')}
          </Button>
        </DialogFooter>
      </form>
    </FormProvider>
  )
}

function PasswordForm({ accountName, onDone }: { accountName: string; onDone(): void }) {
  const { t } = useT()
  const qc = useQueryClient()
  const action = useActionForm({
    schema: changePasswordSchema(accountName),
    defaultValues: { oldPassword: '', password: '', confirmPassword: '' },
    action: (v) => personalApi.updatePassword(v),
    success: (_, r) => {
      const { signedOut } = r as { signedOut: number }
      return signedOut > 0 ? t('personal.password.doneOthers', { n: signedOut }) : t('personal.password.done')
    },
    onDone: () => {
      void qc.invalidateQueries({ queryKey: personalKeys.sessions() })
      onDone()
    },
  })
  return (
    <FormProvider {...action.form}>
      <form onSubmit={(e) => void action.submit(e)} noValidate className="grid gap-4">
        <DialogHeader>
          <DialogTitle>{t('personal.password.title')}</DialogTitle>
          <DialogDescription className="sr-only">{t('personal.password.newHint')}</DialogDescription>
        </DialogHeader>
        <FormAlert text={alertOf(action)} />
        <input type="text" autoComplete="username" value={accountName} readOnly hidden />
        <FormField name="oldPassword" kind="password" label={t('personal.password.old')} required />
        <FormField
          name="password"
          kind="password"
          label={t('personal.password.new')}
          hint={t('personal.password.newHint')}
          required
          maxLength={PASSWORD_MAX}
        />
        <FormField name="confirmPassword" kind="password" label={t('personal.password.confirm')} required maxLength={PASSWORD_MAX} />
        <DialogFooter>
          <Button type="submit" className="h-10 min-w-24" pending={action.pending}>
            {t('personal.password.submit')}
          </Button>
        </DialogFooter>
      </form>
    </FormProvider>
  )
}
