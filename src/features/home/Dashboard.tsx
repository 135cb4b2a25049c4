/**
 * The administrators' dashboard on /admin/home (issue 14): figure cards first (one signed call,
 * dashboard/summary; a card only for a figure the gateway computed, i.e. a menu the caller holds),
 * then the charts, loaded in their own chunk once the cards are shown and the charts' place comes
 * near the viewport (a phone shows five cards first: the charts wait until it scrolls down).
 */
import { useDeferredValue, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@/components/link'
import { Activity, ClipboardCheck, CloudCheck, LogIn, MonitorSmartphone, type LucideIcon } from 'lucide-react'
import type { DashboardSummary } from '@/contract/schemas/dashboard'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { lazyScreen } from '@/lib/chunks'
import { useT } from '@/lib/i18n'
import { useNearViewport } from '@/lib/nearViewport'
import { useSyncState } from '@/lib/offline'
import { DataAgeNote } from '@/lib/offline/read'
import { cn } from '@/lib/utils'
import { dashboardSummaryQueryOptions } from './queries'
import { SectionHeading } from './SectionHeading'

const DashboardCharts = lazyScreen(() => import('./DashboardCharts'), 'DashboardCharts')

// 12,345 in zh-CN and en-GB alike, written without Intl (its first use costs the home's first render: longDate)
const formatCount = (n: number, locale: string) =>
  locale === 'zh' && n >= 10_000 ? `${(n / 10_000).toFixed(n >= 100_000 ? 0 : 1)}万` : String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')

function FigureCard({
  icon: Icon,
  label,
  value,
  hint,
  to,
  tone,
  testId,
}: {
  icon: LucideIcon
  label: string
  value: ReactNode
  hint: string
  to?: string
  tone?: 'warn'
  testId: string
}) {
  const body = (
    <div
      className={cn(
        'flex h-full items-start gap-3 rounded-lg border bg-card p-4 shadow-sm transition-colors',
        to && 'hover:border-primary/50 hover:bg-accent/40',
      )}
    >
      <span
        className={cn(
          'flex size-9 shrink-0 items-center justify-center rounded-md',
          tone === 'warn' ? 'bg-amber-500/15 text-amber-800 dark:text-amber-400' : 'bg-primary/10 text-primary',
        )}
      >
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="truncate text-sm text-muted-foreground">{label}</p>
        <p className="text-2xl font-semibold tabular-nums leading-tight">{value}</p>
        <p className="truncate text-xs text-muted-foreground">{hint}</p>
      </div>
    </div>
  )
  return (
    <li data-testid={testId}>
      {to ? (
        <Link to={to} className="block h-full rounded-lg outline-none ring-offset-background focus-visible:ring-2 focus-visible:ring-ring">
          {body}
        </Link>
      ) : (
        body
      )}
    </li>
  )
}

function SyncCard() {
  const { t } = useT()
  const entries = useSyncState((s) => s.entries)
  const count = (...statuses: string[]) => entries.filter((e) => statuses.includes(e.status)).length
  const pending = count('pending', 'sending')
  const failed = count('failed')
  const conflicted = count('conflicted')
  return (
    <FigureCard
      icon={CloudCheck}
      label={t('dashboard.card.sync')}
      value={pending + failed + conflicted}
      hint={entries.length ? t('dashboard.card.syncHint', { pending, failed, conflicted }) : t('dashboard.card.syncClean')}
      tone={failed + conflicted > 0 ? 'warn' : undefined}
      testId="card-sync"
    />
  )
}

function Cards({ data }: { data: DashboardSummary }) {
  const { t, locale } = useT()
  const n = (v: number) => formatCount(v, locale)
  const total = data.logins?.perDay.reduce((s, d) => s + d.count, 0) ?? 0
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5" role="list">
      {data.logins && (
        <>
          <FigureCard
            icon={LogIn}
            label={t('dashboard.card.loginsToday')}
            value={n(data.logins.today)}
            hint={t('dashboard.card.loginsTodayHint', { n: n(total), days: data.days })}
            to="/admin/systemLog"
            testId="card-logins"
          />
          <FigureCard
            icon={Activity}
            label={t('dashboard.card.activeAccounts')}
            value={n(data.logins.activeAccounts)}
            hint={t('dashboard.card.activeAccountsHint')}
            testId="card-active"
          />
        </>
      )}
      {data.terminals && (
        <FigureCard
          icon={MonitorSmartphone}
          label={t('dashboard.card.onlineTerminals')}
          value={n(data.terminals.online)}
          hint={t('dashboard.card.onlineTerminalsHint', { n: n(data.terminals.authorised) })}
          to="/admin/terminal-authentication"
          testId="card-terminals"
        />
      )}
      {data.audits && (
        <FigureCard
          icon={ClipboardCheck}
          label={t('dashboard.card.pendingAudits')}
          value={n(data.audits.pending)}
          hint={t('dashboard.card.pendingAuditsHint')}
          to="/admin/user-audit"
          tone={data.audits.pending > 0 ? 'warn' : undefined}
          testId="card-audits"
        />
      )}
      <SyncCard />
    </ul>
  )
}

/**
 * Cards, then charts; nothing at all for an account without any dashboard menu (the home stays a
 * welcome). The heading shows at once, the cards' skeletons below it while the figures load; the
 * charts (the home's last render) come near the viewport, in a deferred render
 * that React splits into short slices, so the page stays responsive while they are drawn.
 */
export function Dashboard({ summary }: { summary: ReturnType<typeof useDashboardSummary> }) {
  const { t } = useT()
  const data = summary.data
  const charts = useDeferredValue(!!(data && (data.logins || data.terminals || data.accounts)), false)
  const [chartsRef, nearCharts] = useNearViewport<HTMLParagraphElement>()
  if (!summary.isPending && !data)
    return (
      <p role="alert" className="flex items-center gap-3 rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
        {t('dashboard.failed')}
        <Button size="sm" variant="outline" onClick={() => void summary.refetch()}>
          {t('dashboard.retry')}
        </Button>
      </p>
    )
  return (
    <section aria-labelledby="home-dashboard" className="space-y-3" data-testid="dashboard">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <SectionHeading id="home-dashboard" title={t('dashboard.title')} hint={t('dashboard.hint')} />
        <DataAgeNote query={summary} />
      </div>
      {data ? (
        <Cards data={data} />
      ) : (
        <div role="status" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5" aria-label={t('dashboard.loading')}>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      )}
      {charts &&
        (nearCharts ? (
          <DashboardCharts />
        ) : (
          <p ref={chartsRef} className="text-sm text-muted-foreground">
            {t('dashboard.charts.loading')}
          </p>
        ))}
    </section>
  )
}

export const useDashboardSummary = () => useQuery(dashboardSummaryQueryOptions(14))
