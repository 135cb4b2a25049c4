/** /login — account name or phone + password, remember account, WeChat/QQ quick login, forgot password. */
import { lazy, Suspense, useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { z } from 'zod'
import { AlertCircle, Loader2, LogIn } from 'lucide-react'
import { Code } from '@/contract/codes'
import { V } from '@/contract/rules'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { preloadRsa } from '@/lib/crypto'
import { hasCode, isApiError } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { getRememberedLogin } from '@/lib/session'
import { authApi } from './api'
import { AuthLayout } from './components/AuthLayout'
import { applyRefusal, onlyFields } from '@/lib/crud/errors'
import { Field, PasswordInput, describedBy, fieldText } from './components/form'
import { QQIcon, WeChatIcon } from '@/components/platform-icons'
import { enterConsole, signIn } from './login'
import { thirdPlatformConfigQueryOptions } from './queries'

const loginForm = z.object({
  accountName: z
    .string()
    .trim()
    .min(1, { error: V.required })
    .max(64, { error: `${V.tooLong}:64` }),
  password: z
    .string()
    .min(1, { error: V.required })
    .max(64, { error: `${V.tooLong}:64` }),
  remember: z.boolean(),
})
type LoginForm = z.infer<typeof loginForm>

export type ThirdPlatform = 'wechat' | 'qq'

/** Loaded the first time 忘记密码 is opened (the dialog primitives stay out of /login's first load). */
const ForgotPasswordDialog = lazy(() => import('./components/ForgotPasswordDialog').then((m) => ({ default: m.ForgotPasswordDialog })))

export function LoginPage() {
  const { t, locale } = useT()
  const navigate = useNavigate()
  const remembered = getRememberedLogin()
  const [formError, setFormError] = useState<string | null>(null)
  const [redirecting, setRedirecting] = useState(false)
  const [forgotOpen, setForgotOpen] = useState(false)
  // mounted from its first opening on (it keeps its state when closed, like any dialog)
  const [forgotUsed, setForgotUsed] = useState(false)
  if (forgotOpen && !forgotUsed) setForgotUsed(true)

  const [expiredNotice, setExpiredNotice] = useState<string | null>(null)

  const form = useForm<LoginForm>({
    resolver: zodResolver(loginForm),
    defaultValues: { accountName: remembered?.accountName ?? '', password: '', remember: remembered !== null },
  })
  const { register, handleSubmit, formState, setValue, watch } = form
  const errors = formState.errors
  const busy = formState.isSubmitting || redirecting

  const config = useQuery(thirdPlatformConfigQueryOptions())

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null)
    try {
      await signIn(values)
      setRedirecting(true)
      enterConsole()
    } catch (e) {
      if (hasCode(e, Code.INVALID)) {
        const rest = applyRefusal(form, e, { hasField: onlyFields(['accountName', 'password']) })
        if (rest?.length) setFormError(rest.join('；'))
        return
      }
      // The password's valid period has passed (server/modules/account): reset it with a code.
      if (hasCode(e, Code.REFUSED) && (e.data as { reason?: unknown } | null)?.reason === 'passwordExpired') {
        setExpiredNotice(e.message)
        setForgotOpen(true)
        return
      }
      // 20010 wrong credentials, 20011 locked, 20119 stopped/expired: the server's message, in place.
      setFormError(isApiError(e) ? e.message : t('common.networkError'))
    }
  })

  // Quick login: the gateway builds the provider's authorize URL (with a state it keeps, tied to this browser); off we go.
  const [starting, setStarting] = useState<ThirdPlatform | null>(null)
  const quick = async (platform: ThirdPlatform) => {
    setFormError(null)
    setStarting(platform)
    try {
      const url = await authApi.authorizeUrl(platform)
      if (url) window.location.assign(url)
      else void navigate({ href: `/loginThirdPlatform?platform=${platform}` })
    } catch (e) {
      setStarting(null)
      setFormError(isApiError(e) ? e.message : t('common.networkError'))
    }
  }

  const platforms: { id: ThirdPlatform; label: string; missing: string; icon: typeof WeChatIcon; className: string }[] = [
    { id: 'wechat', label: t('auth.login.wechat'), missing: t('auth.login.wechatMissing'), icon: WeChatIcon, className: 'text-[#07c160]' },
    { id: 'qq', label: t('auth.login.qq'), missing: t('auth.login.qqMissing'), icon: QQIcon, className: 'text-[#12b7f5]' },
  ]

  return (
    <AuthLayout>
      <div className="rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <div className="mb-6 space-y-1">
          <h1 className="text-2xl font-semibold">{t('auth.login.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('auth.login.subtitle')}</p>
        </div>

        <form
          // the password is encrypted on submit: fetch the RSA code once the user starts typing
          onInputCapture={preloadRsa}
          onSubmit={(e) => {
            setFormError(null)
            void onSubmit(e)
          }}
          noValidate
          className="grid gap-4"
          aria-busy={busy}
        >
          <Field
            id="login-account"
            label={t('auth.login.accountLabel')}
            error={fieldText(errors.accountName?.message, locale, t('auth.login.accountField'))}
          >
            <Input
              {...describedBy('login-account', errors.accountName?.message)}
              autoComplete="username"
              inputMode="text"
              placeholder={t('auth.login.accountPlaceholder')}
              autoFocus={!remembered}
              disabled={busy}
              {...register('accountName')}
            />
          </Field>
          <Field
            id="login-password"
            label={t('auth.login.password')}
            error={fieldText(errors.password?.message, locale, t('auth.login.passwordField'))}
          >
            <PasswordInput
              {...describedBy('login-password', errors.password?.message)}
              autoComplete="current-password"
              placeholder={t('auth.login.passwordPlaceholder')}
              autoFocus={!!remembered}
              disabled={busy}
              {...register('password')}
            />
          </Field>

          <div className="flex items-center justify-between gap-2">
            <div className="flex items-center gap-2">
              <Checkbox
                id="login-remember"
                checked={watch('remember')}
                onCheckedChange={(v) => setValue('remember', v === true)}
                disabled={busy}
              />
              <Label htmlFor="login-remember" className="cursor-pointer text-sm font-normal">
                {t('auth.login.remember')}
              </Label>
            </div>
            <button
              type="button"
              className="text-sm text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded"
              onClick={() => {
                setExpiredNotice(null)
                setForgotOpen(true)
              }}
            >
              {t('auth.login.forgot')}
            </button>
          </div>

          {formError && (
            <div
              role="alert"
              data-testid="login-error"
              className="flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive"
            >
              <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" />
              <span>{formError}</span>
            </div>
          )}

          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy ? <Loader2 className="animate-spin" /> : <LogIn />}
            {redirecting ? t('auth.login.redirecting') : formState.isSubmitting ? t('auth.login.submitting') : t('auth.login.submit')}
          </Button>
        </form>

        <div className="mt-6">
          <div className="relative mb-4 text-center text-xs text-muted-foreground">
            <span className="absolute inset-x-0 top-1/2 h-px bg-border" aria-hidden="true" />
            <span className="relative bg-card px-3">{t('auth.login.quick')}</span>
          </div>
          <div className="grid grid-cols-2 gap-3">
            {platforms.map((p) => {
              const configured = config.data?.[p.id] === true
              const Icon = p.icon
              return (
                <div key={p.id} className="grid gap-1 text-center">
                  <Button
                    type="button"
                    variant="outline"
                    disabled={!configured || busy || starting !== null}
                    onClick={() => void quick(p.id)}
                    aria-describedby={!configured && config.isSuccess ? `missing-${p.id}` : undefined}
                  >
                    {starting === p.id ? <Loader2 className="animate-spin" /> : <Icon className={p.className} />}
                    {p.label}
                  </Button>
                  {config.isSuccess && !configured && (
                    <span id={`missing-${p.id}`} className="text-xs text-muted-foreground">
                      {p.missing}
                    </span>
                  )}
                </div>
              )
            })}
          </div>
          {config.isPending && <p className="mt-2 text-center text-xs text-muted-foreground">{t('auth.login.configLoading')}</p>}
          {config.isError && <p className="mt-2 text-center text-xs text-muted-foreground">{t('auth.login.configFailed')}</p>}
        </div>

        <p className="mt-6 text-center text-sm text-muted-foreground">
          {t('auth.login.noAccount')}{' '}
          <Link to="/register" className="font-medium text-primary hover:underline">
            {t('auth.login.register')}
          </Link>
        </p>
      </div>

      {forgotUsed && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            open={forgotOpen}
            onOpenChange={(open) => {
              setForgotOpen(open)
              if (!open) setExpiredNotice(null)
            }}
            notice={expiredNotice}
            initialAccount={watch('accountName')}
            onDone={(accountName) => {
              setForgotOpen(false)
              setExpiredNotice(null)
              setValue('accountName', accountName)
              setValue('password', '')
            }}
          />
        </Suspense>
      )}
    </AuthLayout>
  )
}
