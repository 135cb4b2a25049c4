/**
 * The sign-in figures of the home dashboard (issue 32), read from the rollups login_log's triggers keep
 * (0034_login_rollup.sql) instead of scanning the log: successful sign-ins per day and the accounts
 * signed in within `activeDays`, counting only the rows of the units `ids` (null: every row).
 * Same answers as counting the log itself: per day by the database clock's date, an account being
 * its lower-cased name.
 */
import { and, gte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { loginDay, loginLast } from '../../db/schema'
import { inScope } from '../../lib/orgScope'

export interface LoginStatistics {
  activeAccounts: number
  /** The last `days` days, oldest first; the last one is today. */
  perDay: { day: string; count: number }[]
}

export async function loginStatistics(db: Db, ids: string[] | null, days: number, activeDays: number): Promise<LoginStatistics> {
  const since = sql`now() - make_interval(days => ${activeDays}::int)`
  const [active, perDay] = await Promise.all([
    db.execute(sql`
      select count(*)::int as n from (
        select ${loginLast.accountKey} from ${loginLast} where ${and(gte(loginLast.lastAt, since), inScope(loginLast.organizationId, ids))} group by 1
      ) a`) as unknown as Promise<{ rows: { n: number }[] }>,
    db.execute(sql`
      select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(sum(${loginDay.success}), 0)::int as count
      from generate_series(date_trunc('day', now()) - make_interval(days => ${days - 1}::int), date_trunc('day', now()), interval '1 day') as d(day)
      left join ${loginDay} on ${and(sql`${loginDay.day} = d.day::date`, inScope(loginDay.organizationId, ids))}
      group by d.day order by d.day`) as unknown as Promise<{ rows: { day: string; count: number }[] }>,
  ])
  return {
    activeAccounts: Number(active.rows[0]?.n ?? 0),
    perDay: perDay.rows.map((r) => ({ day: r.day, count: Number(r.count) })),
  }
}
