/**
 * The administrators' home dashboard (issue 14): GET dashboard/summary, one signed call for every
 * figure. Each figure belongs to a menu (DASHBOARD_SOURCES): it is computed only when one of the
 * caller's roles grants that menu, and counts only the units of that grant's data scope — an
 * organisation administrator sees their units' figures. No menu at all: an empty summary (the
 * console shows a plain welcome). Online terminals come from the terminal screen's own SQL.
 */
import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { ACCOUNT_STATUSES, type AccountStatus } from '../../../src/contract/enums'
import {
  ACTIVE_WITHIN_DAYS,
  DASHBOARD_PATHS,
  DASHBOARD_SOURCES,
  dashboardQuery,
  type DashboardSummary,
} from '../../../src/contract/schemas/dashboard'
import type { Ctx } from '../../context'
import { terminal } from '../../db/schema'
import { accountCountsByStatus } from '../account'
import { loginStatistics } from '../logs'
import { ok, parse } from '../../lib/http'
import { resolveGrant, scopeOrgIds } from '../../lib/permissions'
import type { AccountRow } from '../../types'
import { inScope } from '../../lib/orgScope'
import { pendingAuditCount } from '../people'
import { terminalStatistics } from '../terminal'

type Source = keyof typeof DASHBOARD_SOURCES

export function registerDashboardRoutes(app: FastifyInstance, ctx: Ctx): void {
  /** The organisation ids the caller sees through `source`'s menu (null: all); undefined: no such menu. */
  async function scopeOf(acc: AccountRow, appCode: string | null, source: Source): Promise<string[] | null | undefined> {
    if (!appCode) return undefined
    const grant = await resolveGrant(ctx, acc, appCode, { menu: DASHBOARD_SOURCES[source] })
    if (!grant) return undefined
    return scopeOrgIds(ctx, acc, grant.scope)
  }

  async function logins(ids: string[] | null, days: number): Promise<NonNullable<DashboardSummary['logins']>> {
    // from the login log's rollups (issue 32): no scan of the log
    const { activeAccounts, perDay } = await loginStatistics(ctx.readDb, ids, days, ACTIVE_WITHIN_DAYS)
    // today is the series' last day (by the database clock)
    return { today: perDay.at(-1)?.count ?? 0, activeAccounts, perDay }
  }

  async function terminals(ids: string[] | null, days: number): Promise<NonNullable<DashboardSummary['terminals']>> {
    const s = await terminalStatistics(ctx.readDb, inScope(terminal.organizationId, ids), days)
    return { online: s.online, authorised: s.authorised, expiringIn7Days: s.expiringIn7Days, perDay: s.perDay }
  }

  async function audits(ids: string[] | null): Promise<NonNullable<DashboardSummary['audits']>> {
    return { pending: await pendingAuditCount(ctx.readDb, ids) }
  }

  async function accounts(ids: string[] | null): Promise<NonNullable<DashboardSummary['accounts']>> {
    const rows = await accountCountsByStatus(ctx.readDb, ids)
    const byStatus = ACCOUNT_STATUSES.map((status: AccountStatus) => ({ status, count: rows.find((r) => r.status === status)?.count ?? 0 }))
    return { total: byStatus.reduce((n, r) => n + r.count, 0), byStatus }
  }

  app.get(DASHBOARD_PATHS.summary, { config: { auth: 'signed' } }, async (req) => {
    const { days } = parse(dashboardQuery, req.query, req)
    const auth = req.auth!
    const [scopes, now] = await Promise.all([
      Promise.all(
        (Object.keys(DASHBOARD_SOURCES) as Source[]).map(async (s) => [s, await scopeOf(auth.account, auth.appCode, s)] as const),
      ),
      ctx.readDb.execute(sql`select now() as at`) as unknown as Promise<{ rows: { at: string | Date }[] }>,
    ])
    const scope = Object.fromEntries(scopes) as Record<Source, string[] | null | undefined>
    const at = now.rows[0]!.at
    const summary: DashboardSummary = { days, at: at instanceof Date ? at.toISOString() : new Date(at).toISOString() }
    const [l, t, a, c] = await Promise.all([
      scope.logins === undefined ? undefined : logins(scope.logins, days),
      scope.terminals === undefined ? undefined : terminals(scope.terminals, days),
      scope.audits === undefined ? undefined : audits(scope.audits),
      scope.accounts === undefined ? undefined : accounts(scope.accounts),
    ])
    if (l) summary.logins = l
    if (t) summary.terminals = t
    if (a) summary.audits = a
    if (c) summary.accounts = c
    return ok(req, summary)
  })
}
