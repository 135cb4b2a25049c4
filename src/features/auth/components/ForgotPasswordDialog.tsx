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
import { CodeField } from './CodeField'
import { Field, NewPasswordField } from './form'
import { useCodeSender, useCountdown } from '@/lib/countdown'

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
          <DialogTitle>{t('signUp.forgot.title')}</DialogTitle>
          <DialogDescription>{t('signUp.forgot.description')}</DialogDescription>
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
        aria-label={t('signUp.forgot.progress')}
        labels={[t('signUp.forgot.steps.verify'), t('signUp.forgot.steps.reset'), t('signUp.forgot.steps.done')]}
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
  const { t } = useT()
  const code = useCodeSender<CodeSent>()
  const [channel, setChannel] = useState<VerifyChannel>('sms')
  const { register, handleSubmit, formState, trigger, getValues, setError, clearErrors } = useForm({
    resolver: zodResolver(validBody),
    defaultValues: { accountName: initialAccount, verifyCode: '' },
  })
  const errors = formState.errors

  const send = async () => {
    if (!(await trigger('accountName'))) return
    try {
      await code.send(() => authApi.getForgotVerifyCode(getValues('accountName').trim(), channel))
    } catch (e) {
      const m = inlineMessage(e)
      if (m) setError('accountName', { type: 'server', message: m })
    }
  }

  const onSubmit = handleSubmit(async (v) => {
    if (!code.sent) {
      setError('verifyCode', { type: 'manual', message: t('signUp.forgot.sendFirst') })
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
        label={t('signUp.forgot.channel')}
        value={channel}
        onChange={(c) => {
          setChannel(c)
          code.reset()
          clearErrors()
        }}
      />
      <Field id="forgot-account" label={t('signUp.forgot.account')} message={errors.accountName?.message}>
        {(control) => (
          <Input {...control} autoComplete="username" placeholder={t('signUp.forgot.accountPlaceholder')} {...register('accountName')} />
        )}
      </Field>
      <CodeField
        id="forgot-code"
        texts="signUp.forgot"
        message={errors.verifyCode?.message}
        code={code}
        onSend={send}
        input={register('verifyCode')}
        buttonClassName="w-36"
      />
      <Button type="submit" className="w-full" pending={formState.isSubmitting}>
        {formState.isSubmitting ? t('signUp.forgot.checking') : t('signUp.forgot.next')}
      </Button>
    </form>
  )
}

function ResetStep({ verified, onReset }: { verified: { accountName: string; verifyCode: string }; onReset(): void }) {
  const { t } = useT()
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
      <NewPasswordField
        id="forgot-password"
        label={t('signUp.forgot.newPassword')}
        message={errors.password?.message}
        placeholder={t('signUp.forgot.newPasswordPlaceholder')}
        input={register('password')}
        autoFocus
      />
      <NewPasswordField
        id="forgot-confirm"
        label={t('signUp.forgot.confirmPassword')}
        message={errors.confirmPassword?.message}
        placeholder={t('signUp.forgot.confirmPlaceholder')}
        input={register('confirmPassword')}
      />
      {formError && (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      )}
      <Button type="submit" className="w-full" pending={formState.isSubmitting}>
        {formState.isSubmitting ? t('signUp.forgot.submitting') : t('signUp.forgot.submit')}
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
      <div className="text-lg font-semibold">{t('signUp.forgot.successTitle')}</div>
      <p className="text-sm text-muted-foreground">{t('signUp.forgot.successText')}</p>
      <p className="text-sm text-muted-foreground" data-testid="forgot-countdown">
        {t('signUp.forgot.returning', { n: countdown.remaining })}
      </p>
      <Button type="button" onClick={onBack}>
        {t('signUp.forgot.backNow')}
      </Button>
    </div>
  )
}
