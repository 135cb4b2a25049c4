/** /register — create an account; it waits for an administrator's review (待审核). */
import { useState } from 'react'
import { useForm, type Resolver } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@/components/link'
import { CheckCircle2, Clock } from 'lucide-react'
import { Code } from '@/contract/codes'
import { ACCOUNT_NAME_MAX, PHONE_LENGTH } from '@/contract/enums'
import { REGISTER_ORG_SEARCH, registerBody, type CodeSent, type RegisterOrgOption, type VerifyChannel } from '@/contract/schemas/auth'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { hasCode, isApiError } from '@/lib/http'
import { useT, type LazyNamespace } from '@/lib/i18n'
import { INLINE_CODES, authApi } from './api'
import { AuthLayout, AuthSwitch } from './components/AuthLayout'
import { ChannelToggle } from './components/ChannelToggle'
import { applyRefusal, onlyFields } from '@/lib/crud/errors'
import { CodeField } from './components/CodeField'
import { Field, NewPasswordField } from './components/form'
import { UnitCombobox } from './components/UnitCombobox'
import { verifyChannelsQueryOptions } from './queries'
import { useCodeSender } from '@/lib/countdown'

const FIELDS = ['accountName', 'password', 'confirmPassword', 'userName', 'organizationId', 'cellphone', 'email', 'verifyCode'] as const

/** The form's values (inputs are strings; the contract schema drops empty optionals). */
interface RegisterForm {
  accountName: string
  password: string
  confirmPassword: string
  userName: string
  /** The chosen unit's id ('' : none). */
  organizationId: string
  channel: VerifyChannel
  cellphone: string
  email: string
  verifyCode: string
}
const resolver = zodResolver(registerBody) as unknown as Resolver<RegisterForm>

type Availability = 'idle' | 'checking' | 'free'

/** The i18n namespaces this screen shows, loaded with it (lazyScreen). */
export const texts = ['signIn', 'signUp'] as const satisfies readonly LazyNamespace[]

export function RegisterPage() {
  const { t } = useT()
  const [done, setDone] = useState<string | null>(null)
  return (
    <AuthLayout wide>
      <div className="rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        {done ? <Registered accountName={done} /> : <RegisterForm onDone={setDone} />}
      </div>
      <AuthSwitch question={t('signUp.register.haveAccount')} to="/login" label={t('signUp.register.toLogin')} className="mt-4" />
    </AuthLayout>
  )
}

function RegisterForm({ onDone }: { onDone(accountName: string): void }) {
  const { t } = useT()
  const code = useCodeSender<CodeSent>()
  const [account, setAccount] = useState<Availability>('idle')
  const [formError, setFormError] = useState<string | null>(null)
  const [unit, setUnit] = useState<RegisterOrgOption | null>(null)
  const [unitText, setUnitText] = useState('')
  // "Code by email" is offered when the gateway mails for real (SMTP configured).
  const channels = useQuery(verifyChannelsQueryOptions())
  const { register, handleSubmit, formState, trigger, getValues, setError, clearErrors, watch, setValue } = useForm<RegisterForm>({
    resolver,
    defaultValues: {
      accountName: '',
      password: '',
      confirmPassword: '',
      userName: '',
      organizationId: '',
      channel: 'sms',
      cellphone: '',
      email: '',
      verifyCode: '',
    },
    mode: 'onTouched',
  })
  const channel = watch('channel')
  const errors = formState.errors
  const inline = (e: unknown) => (isApiError(e) && e.kind === 'code' && INLINE_CODES.includes(e.code) ? e.message : null)

  /** checkLoginAccount on blur: 20006 means the name is taken. */
  const checkAccount = async () => {
    setAccount('idle')
    if (!(await trigger('accountName'))) return
    const name = getValues('accountName').trim()
    setAccount('checking')
    try {
      await authApi.checkLoginAccount(name)
      if (getValues('accountName').trim() === name) setAccount('free')
    } catch (e) {
      setAccount('idle')
      if (hasCode(e, Code.DUPLICATE)) setError('accountName', { type: 'server', message: t('signUp.register.accountTaken') })
    }
  }

  /** validMobile: the number must be usable before a code is sent. */
  const checkMobile = async (): Promise<boolean> => {
    if (!getValues('cellphone').trim()) {
      setError('cellphone', { type: 'manual', message: 'v.required' })
      return false
    }
    if (!(await trigger('cellphone'))) return false
    try {
      await authApi.validMobile(getValues('cellphone').trim())
      return true
    } catch (e) {
      if (hasCode(e, Code.DUPLICATE)) setError('cellphone', { type: 'server', message: t('signUp.register.cellphoneTaken') })
      else if (isApiError(e) && e.kind === 'code') setError('cellphone', { type: 'server', message: e.message })
      // a network failure of this check is not the user's fault: let the server decide on submit
      return !(isApiError(e) && e.kind === 'code')
    }
  }

  const sendCode = async () => {
    const field = channel === 'email' ? 'email' : 'cellphone'
    try {
      const sent = await code.send(async () => {
        if (channel === 'email') {
          if (!getValues('email').trim()) {
            setError('email', { type: 'manual', message: 'v.required' })
            return
          }
          if (!(await trigger('email'))) return
        } else if (!(await checkMobile())) return
        return authApi.getVerifyCode(
          channel === 'email'
            ? { channel: 'email', email: getValues('email').trim() }
            : { channel: 'sms', cellphone: getValues('cellphone').trim() },
        )
      })
      if (sent) clearErrors('verifyCode')
    } catch (e) {
      const m = inline(e)
      if (m) setError(field, { type: 'server', message: m })
    }
  }

  const switchChannel = (next: VerifyChannel) => {
    setValue('channel', next)
    code.reset()
    clearErrors(['cellphone', 'email', 'verifyCode'])
  }

  const chooseUnit = (next: RegisterOrgOption | null) => {
    setUnit(next)
    setValue('organizationId', next?.organizationId ?? '')
    clearErrors('organizationId')
  }

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null)
    // Text typed in 所属单位 but no unit chosen from the list: the registrant meant one; ask them to pick it.
    if (!values.organizationId && unitText.trim()) {
      setError('organizationId', { type: 'manual', message: t('signUp.register.unitNotChosen') }, { shouldFocus: true })
      return
    }
    try {
      await authApi.addByRegister(values)
      onDone(values.accountName)
    } catch (e) {
      // 20001 and 20006 on their fields (a taken account name or number), the rest above the form
      if (hasCode(e, Code.INVALID, Code.DUPLICATE)) {
        const rest = applyRefusal({ getValues, setError }, e, { hasField: onlyFields(FIELDS) })
        if (rest?.length) setFormError(rest.join('；'))
        return
      }
      setFormError(inline(e))
    }
  })

  const busy = formState.isSubmitting
  const accountHint =
    account === 'checking' ? (
      t('signUp.register.checking')
    ) : account === 'free' ? (
      <span className="text-emerald-600">{t('signUp.register.accountAvailable')}</span>
    ) : undefined

  return (
    <>
      <div className="mb-6 space-y-1">
        <h1 className="text-2xl font-semibold">{t('signUp.register.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('signUp.register.subtitle')}</p>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2" aria-busy={busy}>
        <Field
          id="reg-account"
          label={t('signUp.register.accountName')}
          message={errors.accountName?.message}
          hint={accountHint}
          className="sm:col-span-2"
        >
          {(control) => (
            <Input
              {...control}
              autoComplete="username"
              placeholder={t('signUp.register.accountNamePlaceholder')}
              maxLength={ACCOUNT_NAME_MAX}
              {...register('accountName', { onBlur: () => void checkAccount(), onChange: () => setAccount('idle') })}
            />
          )}
        </Field>
        <NewPasswordField
          id="reg-password"
          label={t('signUp.register.password')}
          message={errors.password?.message}
          placeholder={t('signUp.register.passwordPlaceholder')}
          input={register('password', { deps: ['confirmPassword'] })}
        />
        <NewPasswordField
          id="reg-confirm"
          label={t('signUp.register.confirmPassword')}
          message={errors.confirmPassword?.message}
          placeholder={t('signUp.register.confirmPlaceholder')}
          input={register('confirmPassword')}
        />
        <Field id="reg-name" label={t('signUp.register.userName')} message={errors.userName?.message} className="content-start">
          {(control) => (
            <Input {...control} autoComplete="name" placeholder={t('signUp.register.userNamePlaceholder')} {...register('userName')} />
          )}
        </Field>
        <Field
          id="reg-unit"
          label={t('signUp.register.unit')}
          optional={t('signUp.register.optional')}
          message={errors.organizationId?.message}
          hint={t('signUp.register.unitHint')}
          className="content-start"
        >
          {(control) => (
            <UnitCombobox
              {...control}
              ref={register('organizationId').ref}
              placeholder={t('signUp.register.unitPlaceholder')}
              maxLength={REGISTER_ORG_SEARCH.maxKeyword}
              value={unit}
              onChange={chooseUnit}
              onTextChange={setUnitText}
            />
          )}
        </Field>
        {channels.data?.email && (
          <ChannelToggle
            className="sm:col-span-2"
            label={t('signUp.register.channel')}
            value={channel}
            onChange={switchChannel}
            disabled={busy}
          />
        )}
        <Field
          id="reg-phone"
          label={t('signUp.register.cellphone')}
          optional={channel === 'email' ? t('signUp.register.optional') : undefined}
          message={errors.cellphone?.message}
        >
          {(control) => (
            <Input
              {...control}
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={PHONE_LENGTH}
              placeholder={t('signUp.register.cellphonePlaceholder')}
              {...register('cellphone')}
            />
          )}
        </Field>
        <Field
          id="reg-email"
          label={t('signUp.register.email')}
          optional={channel === 'email' ? undefined : t('signUp.register.optional')}
          message={errors.email?.message}
        >
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              placeholder={channel === 'email' ? t('signUp.register.emailRequiredPlaceholder') : t('signUp.register.emailPlaceholder')}
              {...register('email')}
            />
          )}
        </Field>
        <CodeField
          id="reg-code"
          texts="signUp.register"
          message={errors.verifyCode?.message}
          code={code}
          onSend={sendCode}
          input={register('verifyCode')}
          className="sm:col-span-2"
          buttonClassName="w-32"
        />
        {formError && (
          <p role="alert" className="text-sm text-destructive sm:col-span-2">
            {formError}
          </p>
        )}
        <Button type="submit" size="lg" className="w-full sm:col-span-2" pending={busy}>
          {busy ? t('signUp.register.submitting') : t('signUp.register.submit')}
        </Button>
      </form>
    </>
  )
}

function Registered({ accountName }: { accountName: string }) {
  const { t } = useT()
  return (
    <div className="grid justify-items-center gap-3 py-6 text-center" role="status" data-testid="register-done">
      <CheckCircle2 className="h-12 w-12 text-emerald-600" />
      <h1 className="text-xl font-semibold">{t('signUp.register.successTitle')}</h1>
      <p className="flex max-w-sm items-start gap-2 text-left text-sm text-muted-foreground">
        <Clock className="mt-0.5 h-4 w-4 shrink-0 text-amber-500" />
        {t('signUp.register.successText', { account: accountName })}
      </p>
      <Button asChild className="mt-2">
        <Link to="/login">{t('signUp.register.backToLogin')}</Link>
      </Button>
    </div>
  )
}
