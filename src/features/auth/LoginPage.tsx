/** /login — account name or phone + password, remember account, WeChat/QQ quick login, forgot password. */
import { lazy, useEffect, useState } from 'react'
import { AlertCircle, Loader2, LogIn } from 'lucide-react'
import { Code } from '@/contract/codes'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { usePainted } from '@/lib/afterPaint'
import { OnceOpened } from '@/lib/chunks'
import { preloadRsa } from '@/lib/crypto'
import { hasCode, isApiError } from '@/lib/http'
import { loadTexts, useT, type LazyNamespace } from '@/lib/i18n'
import { getRememberedLogin } from '@/lib/session'
import { authApi } from './api'
import { AuthLayout, AuthSwitch } from './components/AuthLayout'
import { applyRefusal, onlyFields, type RefusableForm } from '@/lib/crud/errors'
import { Field, PasswordInput } from './components/form'
import { QQIcon, WeChatIcon } from '@/components/platform-icons'
import { enterConsole, signIn } from './login'
import { useAuthNav } from './nav'
import type { LoginErrors, LoginForm } from './loginForm'
import type { ThirdPlatformConfig } from '@/contract/schemas/auth'

/** The form's check (./loginForm, with zod): loaded with the first keystroke or submit, kept once loaded. */
let loadedCheck: typeof import('./loginForm').checkLogin | null = null
const loadCheck = () => import('./loginForm').then((m) => (loadedCheck = m.checkLogin))

export type ThirdPlatform = 'wechat' | 'qq'

/** The i18n namespaces this screen shows, loaded with it (lazyScreen); they are in the login chunk (scripts/vite-chunks.ts). */
export const texts = ['signIn'] as const satisfies readonly LazyNamespace[]

/** Loaded the first time 忘记密码 is opened, with its texts (the dialog primitives stay out of /login's first load). */
const ForgotPasswordDialog = lazy(() =>
  Promise.all([import('./components/ForgotPasswordDialog'), loadTexts('signUp')]).then(([m]) => ({ default: m.ForgotPasswordDialog })),
)

/**
 * The third-party platforms offered, read once `enabled`; failures are not retried (the form does
 * without them). A plain request, not a query: the sign-in page alone (src/app/signIn.tsx) runs
 * without TanStack Query, which the console's /loginThirdPlatform uses for the same setting.
 */
function useThirdPlatformConfig(enabled: boolean) {
  const [state, setState] = useState<{ data?: ThirdPlatformConfig; failed?: boolean }>({})
  useEffect(() => {
    if (!enabled) return
    const abort = new AbortController()
    authApi.thirdPlatformConfig(abort.signal).then(
      (data) => setState({ data }),
      () => abort.signal.aborted || setState({ failed: true }),
    )
    return () => abort.abort()
  }, [enabled])
  return { data: state.data, isSuccess: state.data !== undefined, isError: state.failed === true, isPending: !state.data && !state.failed }
}

export function LoginPage() {
  const { t } = useT()
  const nav = useAuthNav()
  const remembered = getRememberedLogin()
  const [formError, setFormError] = useState<string | null>(null)
  const [redirecting, setRedirecting] = useState(false)
  const [forgotOpen, setForgotOpen] = useState(false)

  const [expiredNotice, setExpiredNotice] = useState<string | null>(null)

  // Two fields and a box: plain state checked by the schema on submit, then as the user types
  // (what react-hook-form would do, without its 30 KiB on the sign-in page).
  const [values, setValues] = useState<LoginForm>({
    accountName: remembered?.accountName ?? '',
    password: '',
    remember: remembered !== null,
  })
  const [errors, setErrors] = useState<LoginErrors>({})
  const [submitted, setSubmitted] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const busy = submitting || redirecting
  const change = (field: 'accountName' | 'password', value: string) => {
    const next = { ...values, [field]: value }
    setValues(next)
    // after a submit the check has been loaded
    if (submitted && loadedCheck) setErrors(loadedCheck(next).errors)
  }
  const focusField = (field: keyof LoginErrors) =>
    document.getElementById(`login-${field === 'accountName' ? 'account' : 'password'}`)?.focus()
  // the gateway's refusals go onto the fields like the console's forms (applyRefusal)
  const refusable = {
    getValues: () => values,
    setError: (name: keyof LoginErrors, error: { message?: string }, options?: { shouldFocus?: boolean }) => {
      setErrors((e) => ({ ...e, [name]: error.message }))
      if (options?.shouldFocus) focusField(name)
    },
  } as unknown as RefusableForm<LoginForm>

  // the third-party sign-in buttons come after the form has been painted: it does not wait for them
  const config = useThirdPlatformConfig(usePainted())

  const onSubmit = async () => {
    setSubmitted(true)
    let check = loadedCheck
    try {
      check ??= await loadCheck()
    } catch {
      // its chunk could not be loaded (the network, or a newer version deployed meanwhile)
      setFormError(t('common.networkError'))
      return
    }
    const { errors: invalid, input } = check(values)
    setErrors(invalid)
    const first = (['accountName', 'password'] as const).find((f) => invalid[f])
    if (first || !input) {
      if (first) focusField(first)
      return
    }
    setFormError(null)
    setSubmitting(true)
    try {
      await signIn(input)
      setRedirecting(true)
      void enterConsole(nav)
    } catch (e) {
      if (hasCode(e, Code.INVALID)) {
        const rest = applyRefusal(refusable, e, { hasField: onlyFields(['accountName', 'password']) })
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
    } finally {
      setSubmitting(false)
    }
  }

  // Quick login: the gateway builds the provider's authorize URL (with a state it keeps, tied to this browser); off we go.
  const [starting, setStarting] = useState<ThirdPlatform | null>(null)
  const quick = async (platform: ThirdPlatform) => {
    setFormError(null)
    setStarting(platform)
    try {
      const url = await authApi.authorizeUrl(platform)
      if (url) window.location.assign(url)
      else void nav.go(`/loginThirdPlatform?platform=${platform}`)
    } catch (e) {
      setStarting(null)
      setFormError(isApiError(e) ? e.message : t('common.networkError'))
    }
  }

  const platforms: { id: ThirdPlatform; label: string; missing: string; icon: typeof WeChatIcon; className: string }[] = [
    {
      id: 'wechat',
      label: t('signIn.login.wechat'),
      missing: t('signIn.login.wechatMissing'),
      icon: WeChatIcon,
      className: 'text-[#07c160]',
    },
    { id: 'qq', label: t('signIn.login.qq'), missing: t('signIn.login.qqMissing'), icon: QQIcon, className: 'text-[#12b7f5]' },
  ]

  return (
    <AuthLayout>
      <div className="rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <div className="mb-6 space-y-1">
          <h1 className="text-2xl font-semibold">{t('signIn.login.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('signIn.login.subtitle')}</p>
        </div>

        <form
          // the password is encrypted on submit: fetch the RSA code, and the form's check, once the user starts typing
          onInputCapture={() => {
            preloadRsa()
            if (!loadedCheck) loadCheck().catch(() => undefined) // a submit tries again
          }}
          onSubmit={(e) => {
            e.preventDefault()
            setFormError(null)
            void onSubmit()
          }}
          noValidate
          className="grid gap-4"
          aria-busy={busy}
        >
          <Field
            id="login-account"
            label={t('signIn.login.accountLabel')}
            message={errors.accountName}
            errorLabel={t('signIn.login.accountField')}
          >
            {(control) => (
              <Input
                {...control}
                autoComplete="username"
                inputMode="text"
                placeholder={t('signIn.login.accountPlaceholder')}
                autoFocus={!remembered}
                disabled={busy}
                name="accountName"
                value={values.accountName}
                onChange={(e) => change('accountName', e.target.value)}
              />
            )}
          </Field>
          <Field
            id="login-password"
            label={t('signIn.login.password')}
            message={errors.password}
            errorLabel={t('signIn.login.passwordField')}
          >
            {(control) => (
              <PasswordInput
                {...control}
                autoComplete="current-password"
                placeholder={t('signIn.login.passwordPlaceholder')}
                autoFocus={!!remembered}
                disabled={busy}
                name="password"
                value={values.password}
                onChange={(e) => change('password', e.target.value)}
              />
            )}
          </Field>

          <div className="flex items-center justify-between gap-2">
            <div className="flex items-center gap-2">
              <Checkbox
                id="login-remember"
                checked={values.remember}
                onCheckedChange={(v) => setValues((x) => ({ ...x, remember: v === true }))}
                disabled={busy}
              />
              <Label htmlFor="login-remember" className="cursor-pointer text-sm font-normal">
                {t('signIn.login.remember')}
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
              {t('signIn.login.forgot')}
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

          <Button type="submit" size="lg" className="w-full" icon={LogIn} pending={busy}>
            {redirecting ? t('signIn.login.redirecting') : submitting ? t('signIn.login.submitting') : t('signIn.login.submit')}
          </Button>
        </form>

        <div className="mt-6">
          <div className="relative mb-4 text-center text-xs text-muted-foreground">
            <span className="absolute inset-x-0 top-1/2 h-px bg-border" aria-hidden="true" />
            <span className="relative bg-card px-3">{t('signIn.login.quick')}</span>
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
          {config.isPending && <p className="mt-2 text-center text-xs text-muted-foreground">{t('signIn.login.configLoading')}</p>}
          {config.isError && <p className="mt-2 text-center text-xs text-muted-foreground">{t('signIn.login.configFailed')}</p>}
        </div>

        <AuthSwitch question={t('signIn.login.noAccount')} to="/register" label={t('signIn.login.register')} className="mt-6" />
      </div>

      <OnceOpened open={forgotOpen}>
        <ForgotPasswordDialog
          open={forgotOpen}
          onOpenChange={(open) => {
            setForgotOpen(open)
            if (!open) setExpiredNotice(null)
          }}
          notice={expiredNotice}
          initialAccount={values.accountName}
          onDone={(accountName) => {
            setForgotOpen(false)
            setExpiredNotice(null)
            setValues((x) => ({ ...x, accountName, password: '' }))
          }}
        />
      </OnceOpened>
    </AuthLayout>
  )
}
