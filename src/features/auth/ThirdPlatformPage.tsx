/**
 * /loginThirdPlatform?platform=wechat|qq&code=…&state=… — where WeChat or QQ sends the user back
 * after the login page's quick login (the authorize URL and its state come from the gateway, tied
 * to a verifier this browser keeps in sessionStorage: ./oauthVerifier). Unconfigured providers are
 * said so plainly; with a code, loginThirdPlatform is called with that verifier (a link started in
 * another browser has none and the gateway refuses it, shown like any refusal) and a
 * `{ token, userAccount }` answer continues the normal login sequence. The provider's own refusal
 * (the user cancelled: `error=access_denied`, or WeChat's state without a code) is shown as such.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@/components/link'
import { AlertCircle, Info, Loader2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { isApiError } from '@/lib/http'
import { useT, type LazyNamespace } from '@/lib/i18n'
import { authApi } from './api'
import { AuthLayout } from './components/AuthLayout'
import { QQIcon, WeChatIcon } from '@/components/platform-icons'
import { continueLogin, enterConsole } from './login'
import { useAuthNav } from './nav'
import { thirdPlatformConfigQueryOptions } from './queries'

const PLATFORMS = ['wechat', 'qq'] as const
type Platform = (typeof PLATFORMS)[number]
const isPlatform = (v: string | null): v is Platform => v !== null && (PLATFORMS as readonly string[]).includes(v)

interface Params {
  platform: string | null
  code: string | null
  state: string | null
  /** The provider said no (e.g. the user cancelled). */
  denied: boolean
}

function readParams(): Params {
  if (typeof window === 'undefined') return { platform: null, code: null, state: null, denied: false }
  const q = new URLSearchParams(window.location.search)
  // A refusal comes back without a code: `error=access_denied` (QQ, RFC 6749), or the state alone (WeChat).
  return {
    platform: q.get('platform'),
    code: q.get('code'),
    state: q.get('state'),
    denied: !q.get('code') && (q.has('error') || !!q.get('state')),
  }
}

/** The i18n namespaces this screen shows, loaded with it (lazyScreen). */
export const texts = ['signIn'] as const satisfies readonly LazyNamespace[]

export function ThirdPlatformPage() {
  const { t } = useT()
  const [{ platform, code, state, denied }] = useState(readParams)
  const config = useQuery({ ...thirdPlatformConfigQueryOptions(), enabled: isPlatform(platform) })

  // cancelled, or the code is missing or refused: the user may go to the provider once more
  const [exchangeFailed, setExchangeFailed] = useState(false)
  let body: ReactNode
  let retry = false
  if (!isPlatform(platform)) body = <Notice tone="error" text={t('signIn.third.unknownPlatform')} />
  else {
    const name = t(`signIn.third.${platform}`)
    if (config.isPending) body = <Notice tone="busy" text={t('signIn.login.configLoading')} />
    else if (config.isError)
      body = <Notice tone="error" text={isApiError(config.error) ? config.error.message : t('signIn.login.configFailed')} />
    else if (!config.data?.[platform]) body = <Notice tone="info" text={t('signIn.third.notConfigured', { platform: name })} />
    else if (denied) [body, retry] = [<Notice tone="info" text={t('signIn.third.denied', { platform: name })} />, true]
    else if (!code || !state) [body, retry] = [<Notice tone="info" text={t('signIn.third.missingCode', { platform: name })} />, true]
    else
      [body, retry] = [
        <Exchange platform={platform} code={code} state={state} name={name} onFailed={() => setExchangeFailed(true)} />,
        exchangeFailed,
      ]
  }

  const Icon = platform === 'qq' ? QQIcon : WeChatIcon
  return (
    <AuthLayout>
      <div className="rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <div className="mb-5 flex items-center gap-3">
          {isPlatform(platform) && <Icon className={platform === 'qq' ? 'h-7 w-7 text-[#12b7f5]' : 'h-7 w-7 text-[#07c160]'} />}
          <h1 className="text-xl font-semibold">{t('signIn.third.title')}</h1>
        </div>
        <div className="min-h-16">{body}</div>
        {retry && isPlatform(platform) && <RetryButton platform={platform} />}
        <Button asChild variant="outline" className={retry ? 'mt-3 w-full' : 'mt-6 w-full'}>
          <Link to="/login">{t('signIn.third.backToLogin')}</Link>
        </Button>
      </div>
    </AuthLayout>
  )
}

/** Back to the provider's authorisation (a new state from the gateway). */
function RetryButton({ platform }: { platform: Platform }) {
  const { t } = useT()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const go = async () => {
    setBusy(true)
    setError(null)
    try {
      const url = await authApi.authorizeUrl(platform)
      if (url) window.location.assign(url)
      else setBusy(false)
    } catch (e) {
      setBusy(false)
      setError(isApiError(e) ? e.message : t('common.networkError'))
    }
  }
  return (
    <>
      {error && <Notice tone="error" text={error} />}
      <Button className="mt-6 w-full" pending={busy} onClick={() => void go()}>
        {t('signIn.third.retry', { platform: t(`signIn.third.${platform}`) })}
      </Button>
    </>
  )
}

function Exchange({
  platform,
  code,
  state,
  name,
  onFailed,
}: {
  platform: Platform
  code: string
  state: string
  name: string
  onFailed: () => void
}) {
  const { t } = useT()
  const { go } = useAuthNav()
  const [error, setError] = useState<string | null>(null)
  const started = useRef(false)
  useEffect(() => {
    // A code can be exchanged once: guard against StrictMode's double effect.
    if (started.current) return
    started.current = true
    void (async () => {
      try {
        // The code and state are single use: take them out of the address bar (a reload must not resend them).
        window.history.replaceState(window.history.state, '', `/loginThirdPlatform?platform=${platform}`)
        const result = await authApi.loginThirdPlatform(platform, code, state)
        if (!result || !result.token || !result.userAccount) {
          setError(t('signIn.third.notBound', { platform: name }))
          return
        }
        await continueLogin(result)
        void enterConsole({ go })
      } catch (e) {
        setError(isApiError(e) ? e.message : String(e))
        onFailed()
      }
    })()
  }, [platform, code, state, name, t, onFailed, go])
  if (error)
    return (
      <div className="grid gap-2">
        <p className="font-medium">{t('signIn.third.failed', { platform: name })}</p>
        <Notice tone="error" text={error} />
      </div>
    )
  return <Notice tone="busy" text={t('signIn.third.working', { platform: name })} />
}

function Notice({ tone, text }: { tone: 'info' | 'error' | 'busy'; text: string }) {
  const Icon = tone === 'error' ? AlertCircle : tone === 'busy' ? Loader2 : Info
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex items-start gap-2 text-sm ${tone === 'error' ? 'text-destructive' : 'text-muted-foreground'}`}
    >
      <Icon className={`mt-0.5 h-4 w-4 shrink-0 ${tone === 'busy' ? 'animate-spin' : ''}`} />
      <span>{text}</span>
    </p>
  )
}
