/** The administrators' home dashboard (/admin/home): one signed call for every figure (issue 14). */
import { z } from 'zod'
import type { MenuPath } from '../catalogue'
import { DASHBOARD_DAYS, type AccountStatus } from '../enums'

// the path is in ../endpoints (no zod: the home page imports it without this module's schema)
export { DASHBOARD_PATHS } from '../endpoints'

export { DASHBOARD_DAYS }

/** How many days the per-day series cover (14 or 30; anything else is 20001 on `days`). */
export const dashboardQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => (DASHBOARD_DAYS as readonly number[]).includes(d), { message: 'days: 14 | 30' })
    .default(14),
})
export type DashboardQuery = z.infer<typeof dashboardQuery>

export interface DayCount {
  /** YYYY-MM-DD by the database clock. */
  day: string
  count: number
}

/**
 * The menu each figure comes from: a caller without that menu gets no such figure (the key is absent),
 * and the figure counts only the units of that menu's data scope.
 */
export const DASHBOARD_SOURCES = {
  logins: '/admin/systemLog',
  terminals: '/admin/terminal-authentication',
  audits: '/admin/user-audit',
  accounts: '/admin/organization',
} as const satisfies Record<string, MenuPath>

/** Accounts active: signed in successfully within this many days. */
export const ACTIVE_WITHIN_DAYS = 30

export interface DashboardSummary {
  days: number
  /** When the figures were computed (database clock, ISO). */
  at: string
  logins?: { today: number; activeAccounts: number; perDay: DayCount[] }
  terminals?: { online: number; authorised: number; expiringIn7Days: number; perDay: DayCount[] }
  audits?: { pending: number }
  accounts?: { total: number; byStatus: { status: AccountStatus; count: number }[] }
}
