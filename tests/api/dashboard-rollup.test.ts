/**
 * The dashboard's sign-in rollups (issue 32, 0034_login_rollup.sql): after inserts, deletes, updates
 * and a dropped month of the login log, login_day and login_last hold exactly what a recount of the
 * log gives, and loginStatistics answers what the former live queries over the log answered — for
 * every row (scope: all) and for a unit administrator's units (the data scope), on the embedded
 * database and on PostgreSQL.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client'
import type { Db } from '../../server/db/client'
import { loginStatistics } from '../../server/modules/logs'
import { ensureLogPartitions } from '../../server/modules/logs/partitions'
import { onFreshEmbedded, onFreshPostgres } from './fresh-database'

const rows = async <R>(db: Db, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: R[] }).rows

const scopeSql = (ids: string[] | null) =>
  ids === null
    ? sql`true`
    : ids.length
      ? sql`organization_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`false`

/** What the dashboard counted before the rollups: the log itself. */
async function live(db: Db, ids: string[] | null, days: number, activeDays: number) {
  const scope = scopeSql(ids)
  const active = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
      select lower(account_name) from login_log where success and ${scope} and created_at >= now() - make_interval(days => ${activeDays}::int) group by 1
    ) a`,
  )
  const perDay = await rows<{ day: string; count: number }>(
    db,
    sql`select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(l.count, 0)::int as count
      from generate_series(date_trunc('day', now()) - make_interval(days => ${days - 1}::int), date_trunc('day', now()), interval '1 day') as d(day)
      left join (
        select date_trunc('day', created_at) as day, count(*) as count from login_log
        where success and ${scope} and created_at >= date_trunc('day', now()) - make_interval(days => ${days - 1}::int)
        group by 1
      ) l on l.day = d.day
      order by d.day`,
  )
  return { activeAccounts: Number(active[0]?.n ?? 0), perDay: perDay.map((r) => ({ day: r.day, count: Number(r.count) })) }
}

/** The rollup tables equal a recount of the whole log, and the figures equal the live ones for each scope. */
async function same(db: Db, scopes: (string[] | null)[]) {
  const days = await rows(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, organization_id as org, success as n from login_day order by 1, 2`,
  )
  const recountDays = await rows(
    db,
    sql`select to_char(created_at::date, 'YYYY-MM-DD') as day, coalesce(organization_id, '') as org, count(*)::int as n
      from login_log where success group by 1, 2 order by 1, 2`,
  )
  expect(days).toEqual(recountDays)
  const last = await rows(db, sql`select account_key as k, organization_id as org, last_at::text as at from login_last order by 1, 2`)
  const recountLast = await rows(
    db,
    sql`select coalesce(lower(account_name), '') as k, coalesce(organization_id, '') as org, max(created_at)::text as at
      from login_log where success group by 1, 2 order by 1, 2`,
  )
  expect(last).toEqual(recountLast)
  for (const ids of scopes)
    for (const [d, active] of [
      [14, 30],
      [30, 30],
      [30, 400],
    ] as const)
      expect(await loginStatistics(db, ids, d, active), `scope ${JSON.stringify(ids)}, ${d} days`).toEqual(await live(db, ids, d, active))
}

async function check(database: Database) {
  await database.migrate()
  const db = database.db
  // months back to a year ago exist; the log starts empty here
  await ensureLogPartitions(db, new Date(), { login: 400, operate: 180, system: 365 })
  await db.execute(sql`delete from login_log`)
  const scopes: (string[] | null)[] = [null, ['u1'], ['u1', 'u2'], ['u3'], []]
  await same(db, scopes)

  // one statement of many rows: 3 units and none, names in two cases and none, failures, over 60 days
  await db.execute(sql`insert into login_log (login_log_id, account_name, organization_id, success, code, created_at)
    select 'r' || g, case when g % 17 = 0 then null when g % 2 = 0 then 'User' || (g % 7) else 'user' || (g % 7) end,
      case g % 4 when 0 then 'u1' when 1 then 'u2' when 2 then 'u3' else null end,
      g % 5 <> 0, case when g % 5 = 0 then 20010 else 10000 end, now() - (g * interval '37 minutes')
    from generate_series(1, 2500) g`)
  await same(db, scopes)

  // one row at a time, as sign-ins write them; then a row 200 days old
  for (const [id, name, org] of [
    ['one', 'Fresh', 'u1'],
    ['two', 'fresh', 'u2'],
    ['three', null, null],
  ] as const)
    await db.execute(
      sql`insert into login_log (login_log_id, account_name, organization_id, success, code, created_at) values (${id}, ${name}, ${org}, true, 10000, now())`,
    )
  await db.execute(
    sql`insert into login_log (login_log_id, account_name, organization_id, success, code, created_at) values ('old', 'user3', 'u1', true, 10000, now() - interval '200 days')`,
  )
  await same(db, scopes)

  // deletes: an account's latest sign-ins (its latest moves back), a whole unit's day, the only row of a name
  await db.execute(sql`delete from login_log where login_log_id in ('r7', 'r14', 'r21', 'one', 'three')`)
  await db.execute(sql`delete from login_log where organization_id = 'u2' and created_at < now() - interval '10 days'`)
  await db.execute(sql`delete from login_log where lower(account_name) = 'user5' and organization_id = 'u3'`)
  await same(db, scopes)

  // updates: a unit moves, a failure becomes a success and back, a time moves
  await db.execute(sql`update login_log set organization_id = 'u3' where organization_id = 'u1' and created_at > now() - interval '3 days'`)
  await db.execute(sql`update login_log set success = not success where login_log_id in ('r5', 'r10', 'r3')`)
  await db.execute(sql`update login_log set created_at = created_at - interval '5 days' where login_log_id = 'two'`)
  await same(db, scopes)

  // a dropped month: the rows 200 days old leave the rollups with it
  const dropped = await ensureLogPartitions(db, new Date(), { login: 100, operate: 180, system: 365 })
  expect(dropped.dropped.some((n) => n.startsWith('login_log_'))).toBe(true)
  await same(db, scopes)
  expect(await rows(db, sql`select 1 from login_last where last_at < now() - interval '150 days'`)).toEqual([])
}

describe('dashboard sign-in rollups', () => {
  it('on the embedded database', () => onFreshEmbedded('rollup', check))
  it('on PostgreSQL (a fresh database)', () => onFreshPostgres('rollup', check))
})
