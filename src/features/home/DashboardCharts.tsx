/**
 * The dashboard's charts (own lazy chunk; loaded after the cards): sign-ins per day,
 * terminal applications per day (last 14 or 30 days) and accounts by status. Every chart has its
 * table: shown instead of the chart with the 图表/表格 switch, and always present for screen readers.
 */
import { useState, type ReactNode } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { DASHBOARD_DAYS } from '@/contract/enums'
import type { DashboardSummary, DayCount } from '@/contract/schemas/dashboard'
import { CHART_COLORS, RingChart, SeriesChart } from '@/components/ui/chart'
import { SegmentedControl, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { useT, type LazyNamespace } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { dashboardSummaryQueryOptions } from './queries'

/** Loaded with this chunk (lazyScreen): the accounts' status names label a chart. */
export const texts = ['accounts'] as const satisfies readonly LazyNamespace[]

type View = 'chart' | 'table'

function DataTable({
  caption,
  head,
  rows,
  hidden,
}: {
  caption: string
  head: [string, string]
  rows: [string, number][]
  hidden: boolean
}) {
  return (
    <table className={cn(hidden ? 'sr-only' : 'w-full text-sm')} data-testid="chart-table">
      <caption className={cn(!hidden && 'sr-only')}>{caption}</caption>
      <thead>
        <tr className="border-b text-left text-muted-foreground">
          <th scope="col" className="py-1.5 font-medium">
            {head[0]}
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            {head[1]}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k} className="border-b last:border-0">
            <th scope="row" className="py-1 text-left font-normal">
              {k}
            </th>
            <td className="py-1 text-right tabular-nums">{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** A chart with its figures' table (`head`, `rows`): the table is shown in the table view, and read by screen readers in both. */
function Panel({
  id,
  title,
  view,
  head,
  rows,
  children,
}: {
  id: string
  title: string
  view: View
  head: [string, string]
  rows: [string, number][]
  children: ReactNode
}) {
  return (
    <figure aria-labelledby={`dash-chart-${id}`} className="rounded-lg border bg-card p-4 shadow-sm" data-testid={`chart-${id}`}>
      <figcaption id={`dash-chart-${id}`} className="mb-2 text-sm font-medium">
        {title}
      </figcaption>
      {view === 'chart' && <div aria-hidden>{children}</div>}
      <DataTable caption={title} head={head} rows={rows} hidden={view === 'chart'} />
    </figure>
  )
}

function DayChart({ id, title, data, view, kind }: { id: string; title: string; data: DayCount[]; view: View; kind: 'line' | 'bar' }) {
  const { t } = useT()
  return (
    <Panel
      id={id}
      title={title}
      view={view}
      head={[t('dashboard.charts.day'), t('dashboard.charts.count')]}
      rows={data.map((d) => [d.day, d.count])}
    >
      <SeriesChart
        kind={kind}
        days={data.map((d) => d.day)}
        values={data.map((d) => d.count)}
        color={CHART_COLORS[kind === 'line' ? 0 : 2]}
        label={t('dashboard.charts.count')}
      />
    </Panel>
  )
}

function AccountsChart({ data, view }: { data: NonNullable<DashboardSummary['accounts']>; view: View }) {
  const { t } = useT()
  const label = (s: string) => t(`accounts.status.${s}` as 'accounts.status.normal')
  const slices = data.byStatus
    .map((r, i) => ({ key: r.status, label: label(r.status), value: r.count, color: CHART_COLORS[i % CHART_COLORS.length]! }))
    .filter((s) => s.value > 0)
  const title = t('dashboard.charts.accounts')
  return (
    <Panel
      id="accounts"
      title={title}
      view={view}
      head={[t('dashboard.charts.status'), t('dashboard.charts.accountCount')]}
      rows={data.byStatus.map((r) => [label(r.status), r.count])}
    >
      {slices.length === 0 ? (
        <p className="flex h-56 items-center justify-center text-sm text-muted-foreground">{t('dashboard.charts.empty')}</p>
      ) : (
        <div className="flex items-center gap-4">
          <div className="flex-1">
            <RingChart slices={slices} />
          </div>
          <ul className="space-y-1 text-xs">
            {slices.map((s) => (
              <li key={s.key} className="flex items-center gap-2">
                <span className="size-2.5 rounded-sm" style={{ background: s.color }} />
                <span className="text-muted-foreground">{s.label}</span>
                <span className="ml-auto pl-2 tabular-nums">{s.value}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Panel>
  )
}

export function DashboardCharts() {
  const { t } = useT()
  const [days, setDays] = useState<(typeof DASHBOARD_DAYS)[number]>(14)
  const [view, setView] = useState<View>('chart')
  const q = useQuery({ ...dashboardSummaryQueryOptions(days), placeholderData: keepPreviousData })
  const data = q.data
  if (!data) return <p className="text-sm text-muted-foreground">{t('dashboard.charts.loading')}</p>
  return (
    <section aria-labelledby="home-charts" className="space-y-3" data-testid="dashboard-charts">
      <Tabs value={view} onValueChange={(v) => setView(v as View)} className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="home-charts" className="text-base font-semibold">
            {t('dashboard.charts.title')}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <SegmentedControl
              label={t('dashboard.charts.range')}
              value={String(days)}
              options={DASHBOARD_DAYS.map((n) => ({ value: String(n), label: t('dashboard.charts.days', { n }) }))}
              onValueChange={(v) => setDays(Number(v) as 14 | 30)}
            />
            <TabsList aria-label={t('dashboard.charts.view')}>
              <TabsTrigger value="chart">{t('dashboard.charts.chart')}</TabsTrigger>
              <TabsTrigger value="table">{t('dashboard.charts.table')}</TabsTrigger>
            </TabsList>
          </div>
        </div>
        <TabsContent value={view} className="grid gap-3 lg:grid-cols-2 xl:grid-cols-3">
          {data.logins && <DayChart id="logins" kind="line" title={t('dashboard.charts.logins')} data={data.logins.perDay} view={view} />}
          {data.terminals && (
            <DayChart id="terminals" kind="bar" title={t('dashboard.charts.terminals')} data={data.terminals.perDay} view={view} />
          )}
          {data.accounts && <AccountsChart data={data.accounts} view={view} />}
        </TabsContent>
      </Tabs>
    </section>
  )
}
