/**
 * /personal-view (inside the shell): the profile card beside tabs for the profile, account
 * security, the handwritten signature, third-party bindings and the signed-in devices.
 * A return from WeChat/QQ (`?platform&code&state`, a binding started here) is finished on load.
 */
import { useEffect, useRef, useState } from 'react'
import { toast } from '@/lib/toast'
import { Building2, Eye, UserRound } from 'lucide-react'
import { THIRD_PLATFORMS, type ThirdPlatform } from '@/contract/schemas/auth'
import type { PersonalInfo } from '@/contract/schemas/personal'
import { Badge } from '@/components/ui/badge'
import { Skeleton } from '@/components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { isApiError } from '@/lib/http'
import { ScreenHeader } from '@/lib/pages'
import { useT } from '@/lib/i18n'
import { personalApi, useApplyInfo, usePersonalInfo } from './api'
import { levelText, ProfileSection } from './ProfileSection'
import { SecuritySection } from './SecuritySection'
import { SessionsSection } from './SessionsSection'
import { SignatureSection } from './SignatureSection'
import { StoredImg } from './StoredImg'
import { ThirdPartySection } from './ThirdPartySection'

const TABS = ['profile', 'security', 'signature', 'thirdParty', 'sessions'] as const
type Tab = (typeof TABS)[number]

interface BindReturn {
  platform: ThirdPlatform
  code: string
  state: string
}

function readBindReturn(): BindReturn | null {
  if (typeof window === 'undefined') return null
  const q = new URLSearchParams(window.location.search)
  const platform = q.get('platform')
  const code = q.get('code')
  const state = q.get('state')
  if (!platform || !(THIRD_PLATFORMS as readonly string[]).includes(platform) || !code || !state) return null
  return { platform: platform as ThirdPlatform, code, state }
}

function readTab(): Tab {
  if (typeof window === 'undefined') return 'profile'
  const q = new URLSearchParams(window.location.search)
  if (q.has('platform')) return 'thirdParty'
  const tab = q.get('tab')
  return (TABS as readonly string[]).includes(tab ?? '') ? (tab as Tab) : 'profile'
}

export function PersonalCenterPage() {
  const { t } = useT()
  const info = usePersonalInfo()
  const [tab, setTab] = useState<Tab>(readTab)
  const notice = useBindReturn()

  const changeTab = (next: string) => {
    setTab(next as Tab)
    const url = new URL(window.location.href)
    url.search = next === 'profile' ? '' : `?tab=${next}`
    window.history.replaceState(window.history.state, '', url)
  }

  return (
    <div className="mx-auto grid max-w-6xl gap-5">
      <ScreenHeader description={t('personal.subtitle')} />
      {info.isPending ? (
        <div className="grid gap-5 xl:grid-cols-[280px_1fr]">
          <Skeleton className="h-72" />
          <Skeleton className="h-96" />
        </div>
      ) : info.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {isApiError(info.error) ? info.error.message : t('common.networkError')}
        </p>
      ) : (
        <div className="grid items-start gap-5 xl:grid-cols-[280px_minmax(0,1fr)]">
          <ProfileCard info={info.data} />
          <Tabs value={tab} onValueChange={changeTab} className="min-w-0">
            <TabsList className="mb-4 w-full">
              {TABS.map((id) => (
                <TabsTrigger key={id} value={id}>
                  {t(`personal.tabs.${id}`)}
                </TabsTrigger>
              ))}
            </TabsList>
            <Body info={info.data} notice={notice} />
          </Tabs>
        </div>
      )}
    </div>
  )
}

function Body({ info, notice }: { info: PersonalInfo; notice: { tone: 'busy' | 'error'; text: string } | null }) {
  const { t } = useT()
  const readOnly = info.level === 'tourist'
  return (
    <>
      {readOnly && (
        <p role="status" className="mb-4 flex items-center gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm text-muted-foreground">
          <Eye className="h-4 w-4" aria-hidden />
          {t('personal.readOnly')}
        </p>
      )}
      <TabsContent value="profile">
        <ProfileSection key={info.version} info={info} readOnly={readOnly} />
      </TabsContent>
      <TabsContent value="security">
        <SecuritySection info={info} readOnly={readOnly} />
      </TabsContent>
      <TabsContent value="signature">
        <SignatureSection info={info} readOnly={readOnly} />
      </TabsContent>
      <TabsContent value="thirdParty">
        <ThirdPartySection info={info} readOnly={readOnly} notice={notice} />
      </TabsContent>
      <TabsContent value="sessions">
        <SessionsSection />
      </TabsContent>
    </>
  )
}

function ProfileCard({ info }: { info: PersonalInfo }) {
  const { t } = useT()
  // A column beside the tabs from 1280 px; a band above them on tablets.
  return (
    <aside
      className="flex flex-col gap-5 rounded-lg border bg-card p-5 sm:flex-row sm:items-center xl:flex-col xl:items-stretch"
      aria-label={t('personal.title')}
    >
      <div className="flex items-center gap-4 xl:flex-col xl:gap-3 xl:text-center">
        <div className="flex h-20 w-20 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary/10 text-primary xl:h-24 xl:w-24">
          {info.photo ? (
            <StoredImg image={info.photo} alt={t('personal.card.photoAlt')} className="h-full w-full object-cover" />
          ) : (
            <UserRound className="h-10 w-10 xl:h-12 xl:w-12" aria-hidden />
          )}
        </div>
        <div className="grid gap-1.5 xl:justify-items-center">
          <div className="text-lg font-semibold leading-tight">{info.userName || info.accountName}</div>
          <div className="text-sm text-muted-foreground">{info.accountName}</div>
          <Badge variant="secondary" className="w-fit">
            {levelText(t, info.level)}
          </Badge>
        </div>
      </div>
      <dl className="grid flex-1 gap-3 text-sm sm:grid-cols-2 sm:border-l sm:pl-5 xl:grid-cols-1 xl:border-l-0 xl:border-t xl:pl-0 xl:pt-4">
        <div>
          <dt className="text-xs text-muted-foreground">{t('personal.card.organisation')}</dt>
          <dd className="mt-0.5 flex items-start gap-1.5">
            <Building2 className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
            <span>{info.organizationName ?? t('personal.card.noOrg')}</span>
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('personal.card.roles')}</dt>
          <dd className="mt-1 flex flex-wrap gap-1.5">
            {info.roleNames.length ? (
              info.roleNames.map((r) => <Badge key={r}>{r}</Badge>)
            ) : (
              <span className="text-muted-foreground">{t('personal.card.noRoles')}</span>
            )}
          </dd>
        </div>
      </dl>
    </aside>
  )
}

/** Finishes a binding the provider sent back (once; the code and state leave the address bar at once). */
function useBindReturn(): { tone: 'busy' | 'error'; text: string } | null {
  const { t } = useT()
  const apply = useApplyInfo()
  const [ret] = useState(readBindReturn)
  const [notice, setNotice] = useState<{ tone: 'busy' | 'error'; text: string } | null>(null)
  const started = useRef(false)
  useEffect(() => {
    if (!ret || started.current) return
    started.current = true
    const name = t(`personal.third.${ret.platform}`)
    window.history.replaceState(window.history.state, '', '/personal-view?tab=thirdParty')
    setNotice({ tone: 'busy', text: t('personal.third.binding', { platform: name }) })
    personalApi
      .bindThirdParty(ret)
      .then(() => {
        setNotice(null)
        apply(null)
        toast.success(t('personal.third.done', { platform: name }))
      })
      .catch((e: unknown) =>
        setNotice({
          tone: 'error',
          text: t('personal.third.failed', { platform: name, message: isApiError(e) ? (e.message ?? '') : String(e) }),
        }),
      )
  }, [ret, t, apply])
  return notice
}
