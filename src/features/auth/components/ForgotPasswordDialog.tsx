/**
 * Forgot password (SPEC §2): account + verification code to the account's phone or email (60 s
 * resend) → next step (valid) → new password twice (updatePassword; SPEC §5 rules; every session
 * of the account ends) → success, back to login after a countdown. Also the way out of an expired
 * password (the login answers 20021 passwordExpired): `notice` says why the dialog opened.
 */
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { CheckCircle2 } from 'lucide-react'
import { Code } from '@/contract/codes'
import { updatePasswordBody, validBody, type CodeSent, type VerifyChannel } from '@/contract/schemas/auth'
import { Button } from '@/components/ui/button'
import { Stepper } from '@/components/ui/stepper'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { hasCode, isApiError } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { INLINE_CODES, authApi } from '../api'
import { ChannelToggle } from './ChannelToggle'
import { applyRefusal, onlyFields } from '@/lib/crud/errors'
import { Field, PasswordInput, describedBy, fieldText } from './form'
import { useCountdown } from '@/lib/countdown'

export const RESEND_SECONDS = 60
export const RETURN_SECONDS = 5

const STEPS = ['verify', 'reset', 'done'] as const
type Step = (typeof STEPS)[number]

interface Props {
  open: boolean
  onOpenChange(open: boolean): void
  initialAccount?: string
  /** Shown above the steps (e.g. why the password must be reset). */
  notice?: string | null
  /** Called when the flow ends (countdown or "back now") with the account whose password changed. */
  onDone(accountName: string): void
}

export function ForgotPasswordDialog({ open, onOpenChange, initialAccount, notice, onDone }: Props) {
  const { t } = useT()
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md" closeLabel={t('common.close')} onPointerDownOutside={(e) => e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{t('auth.forgot.title')}</DialogTitle>
          <DialogDescription>{t('auth.forgot.description')}</DialogDescription>
        </DialogHeader>
        {notice && (
          <p
            role="status"
            className="rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-900 dark:text-amber-200"
          >
            {notice}
          </p>
        )}
        {/* The content unmounts when closed, so every opening starts a fresh flow. */}
        <Flow initialAccount={initialAccount ?? ''} onDone={onDone} />
      </DialogContent>
    </Dialog>
  )
}

function Flow({ initialAccount, onDone }: { initialAccount: string; onDone(accountName: string): void }) {
  const { t } = useT()
  const [step, setStep] = useState<Step>('verify')
  const [verified, setVerified] = useState<{ accountName: string; verifyCode: string } | null>(null)
  return (
    <div className="grid gap-5">
      <Stepper
        compact
        aria-label={t('auth.forgot.progress')}
        labels={[t('auth.forgot.steps.verify'), t('auth.forgot.steps.reset'), t('auth.forgot.steps.done')]}
        current={STEPS.indexOf(step)}
      />
      {step === 'verify' && (
        <VerifyStep
          initialAccount={initialAccount}
          onVerified={(v) => {
            setVerified(v)
            setStep('reset')
          }}
        />
      )}
      {step === 'reset' && verified && <ResetStep verified={verified} onReset={() => setStep('done')} />}
      {step === 'done' && <DoneStep onBack={() => onDone(verified?.accountName ?? initialAccount)} />}
    </div>
  )
}

/** Only codes the screens show in place get an inline text; the request client boxes the rest. */
const inlineMessage = (e: unknown): string | null =>
  isApiError(e) && e.kind === 'code' && INLINE_CODES.includes(e.code) ? e.message : null

function VerifyStep({
  initialAccount,
  onVerified,
}: {
  initialAccount: string
  onVerified(v: { accountName: string; verifyCode: string }): void
}) {
  const { t, locale } = useT()
  const countdown = useCountdown()
  const [sending, setSending] = useState(false)
  const [sent, setSent] = useState<CodeSent | null>(null)
  const [channel, setChannel] = useState<VerifyChannel>('sms')
  const { register, handleSubmit, formState, trigger, getValues, setError, clearErrors } = useForm({
    resolver: zodResolver(validBody),
    defaultValues: { accountName: initialAccount, verifyCode: '' },
  })
  const errors = formState.errors

  const send = async () => {
    if (!(await trigger('accountName'))) return
    setSending(true)
    try {
      setSent(await authApi.getForgotVerifyCode(getValues('accountName').trim(), channel))
      countdown.start(RESEND_SECONDS)
    } catch (e) {
      const m = inlineMessage(e)
      if (m) setError('accountName', { type: 'server', message: m })
    } finally {
      setSending(false)
    }
  }

  const onSubmit = handleSubmit(async (v) => {
    if (!sent) {
      setError('verifyCode', { type: 'manual', message: t('auth.forgot.sendFirst') })
      return
    }
    try {
      await authApi.valid(v.accountName, v.verifyCode)
      onVerified(v)
    } catch (e) {
      if (hasCode(e, Code.INVALID)) {
        const rest = applyRefusal({ getValues, setError }, e, { hasField: onlyFields(['accountName', 'verifyCode']) })
        if (rest?.length) setError('verifyCode', { type: 'server', message: rest.join('；') })
        return
      }
      const m = inlineMessage(e)
      if (m) setError('verifyCode', { type: 'server', message: m })
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <ChannelToggle
        label={t('auth.forgot.channel')}
        value={channel}
        onChange={(c) => {
          setChannel(c)
          setSent(null)
          countdown.start(0)
          clearErrors()
        }}
      />
      <Field
        id="forgot-account"
        label={t('auth.forgot.account')}
        error={fieldText(errors.accountName?.message, locale, t('auth.forgot.account'))}
      >
        <Input
          {...describedBy('forgot-account', errors.accountName?.message)}
          autoComplete="username"
          placeholder={t('auth.forgot.accountPlaceholder')}
          {...register('accountName')}
        />
      </Field>
      <Field
        id="forgot-code"
        label={t('auth.forgot.code')}
        error={fieldText(errors.verifyCode?.message, locale, t('auth.forgot.code'))}
        hint={sent ? t('auth.forgot.sentTo', { target: sent.target, minutes: Math.max(1, Math.round(sent.expiresIn / 60)) }) : undefined}
      >
        <div className="flex gap-2">
          <Input
            {...describedBy('forgot-code', errors.verifyCode?.message)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('auth.forgot.codePlaceholder')}
            {...register('verifyCode')}
          />
          <Button type="button" variant="outline" className="w-36 shrink-0" onClick={send} disabled={sending || countdown.running}>
            {sending
              ? t('auth.forgot.sending')
              : countdown.running
                ? t('auth.forgot.resend', { n: countdown.remaining })
                : t('auth.forgot.send')}
          </Button>
        </div>
      </Field>
      <Button type="submit" className="w-full" pending={formState.isSubmitting}>
        {formState.isSubmitting ? t('auth.forgot.checking') : t('auth.forgot.next')}
      </Button>
    </form>
  )
}

function ResetStep({ verified, onReset }: { verified: { accountName: string; verifyCode: string }; onReset(): void }) {
  const { t, locale } = useT()
  const [formError, setFormError] = useState<string | null>(null)
  const { register, handleSubmit, formState, getValues, setError } = useForm({
    resolver: zodResolver(updatePasswordBody),
    defaultValues: { ...verified, password: '', confirmPassword: '' },
  })
  const errors = formState.errors

  const onSubmit = handleSubmit(async (v) => {
    setFormError(null)
    try {
      await authApi.updatePassword(v)
      onReset()
    } catch (e) {
      if (hasCode(e, Code.INVALID)) {
        const rest = applyRefusal({ getValues, setError }, e, { hasField: onlyFields(['password', 'confirmPassword']) })
        if (rest?.length) setFormError(rest.join('；'))
        return
      }
      setFormError(inlineMessage(e))
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <input type="text" autoComplete="username" value={verified.accountName} readOnly hidden />
      <Field
        id="forgot-password"
        label={t('auth.forgot.newPassword')}
        error={fieldText(errors.password?.message, locale, t('auth.forgot.newPassword'))}
      >
        <PasswordInput
          {...describedBy('forgot-password', errors.password?.message)}
          autoComplete="new-password"
          autoFocus
          placeholder={t('auth.forgot.newPasswordPlaceholder')}
          {...register('password')}
        />
      </Field>
      <Field
        id="forgot-confirm"
        label={t('auth.forgot.confirmPassword')}
        error={fieldText(errors.confirmPassword?.message, locale, t('auth.forgot.confirmPassword'))}
      >
        <PasswordInput
          {...describedBy('forgot-confirm', errors.confirmPassword?.message)}
          autoComplete="new-password"
          placeholder={t('auth.forgot.confirmPlaceholder')}
          {...register('confirmPassword')}
        />
      </Field>
      {formError && (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      )}
      <Button type="submit" className="w-full" pending={formState.isSubmitting}>
        {formState.isSubmitting ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
      </Button>
    </form>
  )
}

function DoneStep({ onBack }: { onBack(): void }) {
  const { t } = useT()
  const countdown = useCountdown(RETURN_SECONDS)
  const left = useRef(false)
  useEffect(() => {
    if (countdown.remaining === 0 && !left.current) {
      left.current = true
      onBack()
    }
  }, [countdown.remaining, onBack])
  return (
    <div className="grid justify-items-center gap-3 py-2 text-center" role="status">
      <CheckCircle2 className="h-12 w-12 text-emerald-600" />
      <div className="text-lg font-semibold">{t('auth.forgot.successTitle')}</div>
      <p className="text-sm text-muted-foreground">{t('auth.forgot.successText')}</p>
      <p className="text-sm text-muted-foreground" data-testid="forgot-countdown">
        {t('auth.forgot.returning', { n: countdown.remaining })}
      </p>
      <Button type="button" onClick={onBack}>
        {t('auth.forgot.backNow')}
      </Button>
    </div>
  )
}
