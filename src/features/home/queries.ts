/** Query options of the home dashboard, the one place they are written. */
import { queryOptions } from '@tanstack/react-query'
import { DASHBOARD_PATHS } from '@/contract/endpoints'
import type { DashboardSummary } from '@/contract/schemas/dashboard'
import { http } from '@/lib/http'

export const dashboardKeys = {
  summary: (days: number) => ['dashboard', 'summary', days] as const,
}

/**
 * Every figure of the dashboard in one signed call; persisted for offline reading (data age shown).
 * A background read refreshed every minute: an unreachable gateway shows no error box (the cards
 * keep what they had, the header says offline).
 */
export const dashboardSummaryQueryOptions = (days: 14 | 30 = 14) =>
  queryOptions({
    queryKey: dashboardKeys.summary(days),
    queryFn: ({ signal }) => http.get<DashboardSummary>(DASHBOARD_PATHS.summary, { days }, { signal, quietKinds: ['network', 'timeout'] }),
    staleTime: 60_000,
    refetchInterval: 60_000,
  })

export const hasFigures = (s: DashboardSummary | undefined) => !!s && !!(s.logins || s.terminals || s.audits || s.accounts)
