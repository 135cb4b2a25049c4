import { useDeferredValue, useMemo } from 'react'
import { Link } from '@/components/link'
import { Building2, CalendarDays, ShieldCheck } from 'lucide-react'
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { HOME_PATH, displayName, dynamicTo, useCurrentUser } from '@/features/shell'
import { MenuIcon } from '@/components/menu-icons'
import { SyncWidget } from '@/features/sync'
import { longDate, useT } from '@/lib/i18n'
import { PlannedMark } from '@/lib/builtPages'
import { buildMenuTree, menuLabel, menuLeaves, normalizePath, useMenus } from '@/lib/permissions'
import { useSession } from '@/lib/session'
import { Dashboard, useDashboardSummary } from './Dashboard'
import { hasFigures } from './queries'
import { SectionHeading } from './SectionHeading'

function greetingKey(hour: number) {
  if (hour < 5) return 'shell.home.greeting.evening' as const
  if (hour < 12) return 'shell.home.greeting.morning' as const
  if (hour < 18) return 'shell.home.greeting.afternoon' as const
  return 'shell.home.greeting.evening' as const
}

/** /admin/home: who you are, today's date, and the areas your account may open. */
export function HomePage() {
  const { t, locale } = useT()
  const account = useSession((s) => s.userAccount)
  const user = useCurrentUser()
  const menus = useMenus()
  const now = new Date()
  const name = displayName(user.data ?? account, account?.accountName ?? '')
  const org = user.data?.organizationName ?? account?.organizationName ?? null
  const roles = user.data?.roleNames ?? []
  const summary = useDashboardSummary()
  // an account without any dashboard menu gets the plain welcome, not empty cards
  const admin = summary.isPending || summary.isError || hasFigures(summary.data)

  const allLinks = useMemo(
    () => menuLeaves(buildMenuTree(menus.data ?? [])).filter(({ node }) => normalizePath(node.action) !== HOME_PATH),
    [menus.data],
  )
  // the links are most of the page (~500 of its ~700 elements) and come last: they are built after
  // the first paint, by a background render that React splits into short tasks (null until then)
  const links = useDeferredValue(menus.isPending ? null : allLinks, null)

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <section className="rounded-lg border bg-card p-5 shadow-sm lg:p-6" aria-labelledby="home-greeting">
        <h1 id="home-greeting" className="text-xl font-semibold lg:text-2xl">
          {t(greetingKey(now.getHours()), { name })}
        </h1>
        <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
          <li className="flex items-center gap-1.5">
            <Building2 aria-hidden className="size-4" />
            {org ? t('shell.home.organization', { name: org }) : t('shell.home.noOrganization')}
          </li>
          {/* the profile's line holds the roles' place while it is read: nothing below moves when they come */}
          {user.isPending && account ? (
            <li className="flex items-center gap-1.5">
              <ShieldCheck aria-hidden className="size-4" />
              {t('shell.home.loadingUser')}
            </li>
          ) : (
            roles.length > 0 && (
              <li className="flex items-center gap-1.5">
                <ShieldCheck aria-hidden className="size-4" />
                {t('shell.home.roles', { names: roles.join('、') })}
              </li>
            )
          )}
          <li className="flex items-center gap-1.5">
            <CalendarDays aria-hidden className="size-4" />
            {t('shell.home.today', { date: longDate(now, locale) })}
          </li>
        </ul>
        {!admin && (
          <div className="mt-4 rounded-md bg-muted/50 p-3 text-sm" data-testid="home-welcome">
            <p className="font-medium">{t('dashboard.welcome.title')}</p>
            <p className="mt-1 text-muted-foreground">{t('dashboard.welcome.body')}</p>
          </div>
        )}
      </section>

      {admin && <Dashboard summary={summary} />}

      <SyncWidget />

      <section aria-labelledby="home-links" className="space-y-3">
        <SectionHeading id="home-links" title={t('shell.home.quickLinks')} hint={t('shell.home.quickLinksHint')} />
        {links === null ? (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} className="h-20" />
            ))}
          </div>
        ) : links.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">{t('shell.home.noMenus')}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" role="list">
            {links.map(({ node, ancestors }) => {
              const group = ancestors.at(-1)
              return (
                <li key={node.applicationMenuId}>
                  <Link
                    to={dynamicTo(node.action)}
                    className="block h-full rounded-lg outline-none ring-offset-background focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <Card className="h-full transition-colors hover:border-primary/50 hover:bg-accent/40">
                      <CardHeader className="flex-row items-center gap-3 space-y-0 p-4">
                        <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
                          <MenuIcon iconPath={node.iconPath} className="size-5" />
                        </span>
                        <div className="min-w-0">
                          <CardTitle className="flex items-center gap-2 text-sm font-medium">
                            <span className="truncate">{menuLabel(node, locale)}</span>
                            <PlannedMark action={node.action} className="text-muted-foreground" />
                          </CardTitle>
                          {group && <CardDescription className="truncate text-xs">{menuLabel(group, locale)}</CardDescription>}
                        </div>
                      </CardHeader>
                    </Card>
                  </Link>
                </li>
              )
            })}
          </ul>
        )}
      </section>
    </div>
  )
}
