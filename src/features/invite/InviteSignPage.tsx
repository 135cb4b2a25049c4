/**
 * /sign?token=… — the public page an invitation link (or its QR code) opens: the purpose's form
 * filled with the record's current data, submitted once. Expired, used and invalid links each say
 * so plainly. No sign-in needed; the calls are unsigned (UNSIGNED_PATHS).
 */
import { Suspense, lazy, useMemo, useState, type ComponentType, type ReactNode } from 'react'
import { useSearch } from '@tanstack/react-router'
import { Link } from '@/components/link'
import { useQuery } from '@tanstack/react-query'
import { CheckCircle2, Clock, Link2Off, Loader2, RotateCcw, UserCheck } from 'lucide-react'
import { Code } from '@/contract/codes'
import { INVITE_PATHS, type InviteState } from '@/contract/schemas/invite'
import { LanguageSwitch } from '@/components/LanguageSwitch'
import { Button } from '@/components/ui/button'
import { formatDateTime } from '@/lib/crud'
import { hasCode, http } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { inviteFormOf, type InviteFormProps } from './forms'
import { GenericInviteForm } from './GenericInviteForm'
import { inviteOpenQueryOptions } from './queries'

function stateOf(e: unknown): InviteState | null {
  if (!hasCode(e, Code.REFUSED, Code.INVALID)) return null
  if (e.code === Code.INVALID) return 'invalid'
  const s = (e.data as { state?: unknown } | null)?.state
  return s === 'expired' || s === 'used' || s === 'invalid' ? s : null
}

function Frame({ children }: { children: ReactNode }) {
  const { t } = useT()
  return (
    <div className="min-h-dvh bg-muted/40">
      <header className="flex items-center justify-between border-b bg-background px-4 py-3 sm:px-8">
        <span className="flex items-center gap-2 font-semibold">
          <span className="flex size-8 items-center justify-center rounded-md bg-primary text-primary-foreground">
            <UserCheck className="size-4" aria-hidden />
          </span>
          {t('common.platformName')}
        </span>
        <LanguageSwitch className="bg-background" />
      </header>
      <main className="mx-auto w-full max-w-xl px-4 py-8 sm:py-12">{children}</main>
    </div>
  )
}

function StateCard({ icon, title, text, action }: { icon: ReactNode; title: string; text: string; action?: ReactNode }) {
  return (
    <section className="grid justify-items-center gap-3 rounded-xl border bg-card p-8 text-center shadow-sm" aria-live="polite">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted">{icon}</span>
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="max-w-sm text-sm text-muted-foreground">{text}</p>
      {action}
    </section>
  )
}

/** The icon of an invitation that can no longer be signed (its texts: invite.sign.<state>, <state>Text). */
const ENDED_ICON: Record<InviteState, ReactNode> = {
  expired: <Clock className="size-6 text-amber-600" aria-hidden />,
  used: <CheckCircle2 className="size-6 text-muted-foreground" aria-hidden />,
  invalid: <Link2Off className="size-6 text-destructive" aria-hidden />,
}

export function InviteSignPage() {
  const { t } = useT()
  const search = useSearch({ strict: false }) as { token?: unknown }
  const token = typeof search.token === 'string' ? search.token : ''
  const [finished, setFinished] = useState<'submitted' | InviteState | null>(null)

  const q = useQuery({ ...inviteOpenQueryOptions(token), enabled: !!token && !finished })

  const opened = q.data
  const purpose = opened?.purpose
  const Form = useMemo<ComponentType<InviteFormProps>>(() => {
    const load = purpose ? inviteFormOf(purpose) : undefined
    return load ? lazy(() => load().then((c) => ({ default: c }))) : GenericInviteForm
  }, [purpose])

  const submit = async (data: Record<string, unknown>) => {
    try {
      await http.post(INVITE_PATHS.submit, { token, data }, { handled: [Code.INVALID, Code.DUPLICATE, Code.REFUSED] })
      setFinished('submitted')
    } catch (e) {
      const s = stateOf(e)
      if (s && hasCode(e, Code.REFUSED)) setFinished(s)
      throw e
    }
  }

  const toLogin = (
    <Button asChild variant="outline" className="mt-2">
      <Link to="/login">{t('invite.sign.toLogin')}</Link>
    </Button>
  )

  const state: InviteState | null = !token ? 'invalid' : finished && finished !== 'submitted' ? finished : stateOf(q.error)
  let body: ReactNode
  if (finished === 'submitted')
    body = (
      <StateCard
        icon={<CheckCircle2 className="size-6 text-emerald-600" aria-hidden />}
        title={t('invite.sign.submitted')}
        text={t('invite.sign.submittedText')}
      />
    )
  else if (state)
    body = <StateCard icon={ENDED_ICON[state]} title={t(`invite.sign.${state}`)} text={t(`invite.sign.${state}Text`)} action={toLogin} />
  else if (q.isError)
    body = (
      <StateCard
        icon={<Link2Off className="size-6 text-muted-foreground" aria-hidden />}
        title={t('invite.sign.title')}
        text={q.error instanceof Error ? q.error.message : ''}
        action={
          <Button variant="outline" onClick={() => void q.refetch()} icon={RotateCcw}>
            {t('invite.sign.retry')}
          </Button>
        }
      />
    )
  else if (!opened)
    body = (
      <p className="flex items-center justify-center gap-2 py-16 text-sm text-muted-foreground" aria-live="polite">
        <Loader2 className="size-4 animate-spin" aria-hidden />
        {t('invite.sign.loading')}
      </p>
    )
  else
    body = (
      <section className="rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <h1 className="text-xl font-semibold">{t(`invite.purpose.${opened.purpose}`)}</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          {opened.organizationName ? `${t('invite.sign.from', { org: opened.organizationName })} · ` : ''}
          {t('invite.sign.expires', { time: formatDateTime(opened.expiresAt) })}
        </p>
        <div className="mt-6">
          {!inviteFormOf(opened.purpose) && opened.fields.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('invite.sign.noForm')}</p>
          ) : (
            <Suspense fallback={<Loader2 className="mx-auto size-5 animate-spin text-muted-foreground" aria-hidden />}>
              <Form purpose={opened.purpose} data={opened.data} fields={opened.fields} submit={submit} />
            </Suspense>
          )}
        </div>
      </section>
    )
  return <Frame>{body}</Frame>
}
