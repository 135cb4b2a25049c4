/**
 * `npm run bench` (part `lists`, issue 32): the lists a field account and an auditor open, at a large
 * group's size, on the embedded database — 10,000 work sites in the demo project of the project
 * account lisite (BENCH_SITES; quick 2,000) and 100,000 messages in the centre of the auditor zhoushen
 * (BENCH_MESSAGES; quick 20,000), written in SQL after the seed. Each list's first page, a narrow and
 * a broad keyword and its usual filter, each call signed as the account that opens the screen, timed
 * BENCH_LIST_CALLS times (50; quick 20) for p50 / p99 — anchor: the time its statements take in the
 * database itself (EXPLAIN ANALYZE, pages cached, summed), the floor of the call on any gateway.
 *
 * Then the gateway stops and every statement the captured calls ran on those tables is explained
 * (EXPLAIN ANALYZE on the same data). A sequential scan of a table with at least SCAN_LIMIT rows is run
 * again with sequential scans off: when an index then serves it touching a quarter of the pages or
 * fewer, the plan is refused and bench/index.ts fails the run — a large table read whole where an index
 * would do. A scan no index serves is refused too when it keeps a fifth of the rows it reads or fewer
 * (an index is missing), unless its case says why that is right (`scans`: a contains match); one that
 * keeps most of the rows it reads (nearly every site of the project counted) is kept.
 * Prints `lists: {…}` (a figure) and `lists-scan: {…}` (a refused plan) lines for bench/index.ts.
 */
import { rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { MSG_API } from '../src/contract/endpoints'
import { Client } from '../tests/api/client'
import { percentile, readSqlLog, seededDatabase, startGateway, stats, type Statement } from './support'

const QUICK = process.env.BENCH_QUICK === '1'
const SITES = Number(process.env.BENCH_SITES ?? (QUICK ? 2_000 : 10_000))
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? (QUICK ? 20_000 : 100_000))
const CALLS = Number(process.env.BENCH_LIST_CALLS ?? (QUICK ? 20 : 50))
const PASSWORD = process.env.BENCH_PASSWORD ?? 'Bench@2026'
/** A table with this many rows is large: reading it whole for a page is a plan the bench refuses. */
const SCAN_LIMIT = 10_000
/** The tables these lists read, whose statements are explained. */
const TABLES = /\b(from|join)\s+"(work_site|msg_inbox)"/i

interface Case {
  screen: string
  label: string
  account: string
  path: string
  query: Record<string, string>
  /** Why a selective read of a large table, whole, is right for this call (none: it is refused). */
  scans?: string
}

/** The reason of the keyword searches: a contains match, which no btree index serves. */
const CONTAINS = 'a contains match (LIKE or ILIKE %…%): no btree index serves it'

async function main() {
  const sqlLog = join(tmpdir(), `trestle-bench-lists-${process.pid}.jsonl`)
  const seeded = await seededDatabase('bench-lists', {
    TRESTLE_DEMO_PASSWORD: PASSWORD,
    TRESTLE_LOG_LEVEL: 'warn',
    TRESTLE_LOGIN_MAX_FAILURES: '1000',
  })
  const { database } = seeded
  try {
    const started = performance.now()
    const [site] = (
      (await database.db.execute(sql`
        select p.project_id as "projectId" from project p join account a on a.project_name = p.project_name where a.account_name = 'lisite'`)) as unknown as {
        rows: { projectId: string }[]
      }
    ).rows
    if (!site) throw new Error('the demo project of lisite is not in the seed')
    // ids in the UUIDv7 layout the gateway writes, codes BW-000001 …, a type and a status each
    await database.db.execute(sql`
      insert into work_site (work_site_id, project_id, work_site_code, work_site_name, site_type, status, address, description)
      select '01900000-0000-7000-8000-' || lpad(g::text, 12, '0'), ${site.projectId}, 'BW-' || lpad(g::text, 6, '0'),
        (array['桥梁','隧道','路基','车站','拌合站','梁场'])[g % 6 + 1] || '工点' || g,
        (array['bridge','tunnel','subgrade','station','mixing','beamYard','camp','other'])[g % 8 + 1],
        (array['preparing','building','suspended','completed'])[g % 4 + 1],
        '沪渝蓉沿江高铁 ' || (g % 300) || ' 号', null
      from generate_series(1, ${SITES}) g`)
    // zhoushen's centre: one message an event; the newest tenth unread, as a centre read from time to time is
    await database.db.execute(sql`
      insert into msg_inbox (account_id, event_id, event_code, title_zh, title_en, content_zh, content_en, read_at, create_time)
      select a.account_id, 1000000000 + g, 'custom', '安全检查通知 第' || g || '条', 'Safety inspection notice no. ' || g,
        '请于本周内完成第' || g || '号工点的安全检查并上报结果。', 'Inspect work site no. ' || g || ' this week and report the result.',
        case when g <= ${MESSAGES / 10} then null else now() - (g || ' seconds')::interval end, now() - (g || ' seconds')::interval
      from generate_series(1, ${MESSAGES}) g, account a where a.account_name = 'zhoushen'`)
    await database.db.execute(sql`vacuum analyze`)
    await database.close()
    console.log(
      `  seeded ${SITES.toLocaleString('en')} work sites and ${MESSAGES.toLocaleString('en')} messages in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    )

    const mid = String(Math.floor(SITES / 2)).padStart(6, '0')
    const cases: Case[] = [
      ...(['workSite', 'projectWorkSite'] as const).flatMap((resource): Case[] => {
        const screen = resource === 'workSite' ? '工点信息 as admin' : '项目工点信息 as lisite'
        const account = resource === 'workSite' ? 'admin' : 'lisite'
        const path = `/api/admin/v1/${resource}/listPage`
        const page = { projectId: site.projectId, pageIndex: '1', pageSize: '20' }
        return [
          { screen, label: 'first page', account, path, query: page },
          { screen, label: 'keyword, one site (code)', account, path, query: { ...page, keyword: `BW-${mid}` }, scans: CONTAINS },
          { screen, label: 'keyword, a sixth of the sites (隧道)', account, path, query: { ...page, keyword: '隧道' }, scans: CONTAINS },
          { screen, label: 'status building', account, path, query: { ...page, status: 'building' } },
        ]
      }),
      ...(
        [
          ['first page', {}, undefined],
          ['unread', { read: '0' }, undefined],
          ['keyword, one message', { keyword: `第${Math.floor(MESSAGES / 2)}条` }, CONTAINS],
        ] as const
      ).map(([label, q, scans]): Case => ({
        screen: '消息中心 as zhoushen',
        label,
        account: 'zhoushen',
        path: MSG_API.inbox,
        query: { pageIndex: '1', pageSize: '20', ...q },
        scans,
      })),
    ]

    const captured: { c: Case; s: Statement }[] = []
    const gateway = await startGateway({ ...seeded.env, TRESTLE_SQL_LOG: sqlLog }, 'bench-lists')
    try {
      const clients = new Map<string, Client>()
      for (const name of new Set(cases.map((c) => c.account))) clients.set(name, await new Client(gateway.base).signIn(name, PASSWORD))
      for (const c of cases) {
        const client = clients.get(c.account)!
        // the statements of one call, then the timed calls
        writeFileSync(sqlLog, '')
        const first = await client.call<{ total: number; records: unknown[] }>('GET', c.path, { query: c.query })
        if (first.body.code !== 10000) throw new Error(`${c.screen} ${c.label}: ${first.text.slice(0, 300)}`)
        for (const s of readSqlLog(sqlLog)) if (/^\s*select\b/i.test(s.query) && TABLES.test(s.query)) captured.push({ c, s })
        const ms: number[] = []
        for (let i = 0; i < CALLS; i++) {
          const t0 = performance.now()
          const r = await client.call('GET', c.path, { query: c.query })
          ms.push(performance.now() - t0)
          if (r.body.code !== 10000) throw new Error(`${c.screen} ${c.label}: ${r.text.slice(0, 300)}`)
        }
        const data = first.body.data!
        console.log(`  ${c.screen}, ${c.label}: ${data.records.length} of ${data.total} rows; ${stats(ms, { p99: true })}`)
        console.log(
          `lists: ${JSON.stringify({ screen: c.screen, label: c.label, total: data.total, p50: percentile(ms, 0.5), p99: percentile(ms, 0.99) })}`,
        )
      }
    } finally {
      await gateway.stop()
    }

    // the plans, on the same data (the embedded database is one process's: after the gateway stopped)
    const { PGlite } = await import('@electric-sql/pglite')
    const { pgliteExtensions } = await import('../server/db/client')
    const db = await PGlite.create(join(seeded.env.TRESTLE_DATA_DIR!, 'pglite'), { extensions: await pgliteExtensions() })
    try {
      const sizes = new Map(
        (
          await db.query<{ relname: string; n: number }>(
            `select relname, reltuples::bigint as n from pg_class where relkind in ('r', 'p') and relnamespace = 'public'::regnamespace`,
          )
        ).rows.map((r) => [r.relname, Number(r.n)]),
      )
      const explain = async (s: Statement) =>
        (await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off) ${s.query}`, s.params)).rows.map((r) => r['QUERY PLAN'])
      // the pages the whole plan touched: its top node's buffers, cached or read
      const pagesOf = (plan: string[]) =>
        [...(plan.find((l) => /Buffers:/.test(l)) ?? '').matchAll(/(?:hit|read)=(\d+)/g)].reduce((a, [, n]) => a + Number(n), 0)
      const timeOf = (plan: string[]) => Number(/Execution Time: ([\d.]+)/.exec(plan.join('\n'))?.[1] ?? NaN)
      // the large tables a plan reads whole keeping a fifth of their rows or fewer (rows out against removed by its filter)
      const selectiveScans = (plan: string[]) =>
        plan.flatMap((line, i) => {
          const m = /Seq Scan on (\w+).*\brows=([\d.]+)/.exec(line)
          if (!m || (sizes.get(m[1]!) ?? 0) < SCAN_LIMIT) return []
          const rest = plan.slice(i + 1)
          const next = rest.findIndex((l) => l.includes('->'))
          const removed = Number(/Rows Removed by Filter: (\d+)/.exec((next < 0 ? rest : rest.slice(0, next)).join('\n'))?.[1] ?? 0)
          const out = Number(m[2])
          return out + removed >= SCAN_LIMIT && out * 5 <= out + removed ? [`${m[1]}: ${out} of ${out + removed} rows`] : []
        })
      const largeScans = (plan: string[]) =>
        plan.map((line) => /Seq Scan on (\w+)/.exec(line)?.[1]).filter((t): t is string => !!t && (sizes.get(t) ?? 0) >= SCAN_LIMIT)
      // each case's statements' own time in the database (warm), the floor of its call on any gateway
      const dbMs = new Map<Case, number>()
      for (const { c, s } of captured) {
        const plan = await explain(s)
        console.log(`  --- ${c.screen}, ${c.label}: ${s.query.slice(0, 140).replace(/\s+/g, ' ')}…`)
        for (const line of plan) console.log(`      ${line}`)
        // timed again with the pages cached (the first run may have read them from disk)
        const again = await explain(s)
        dbMs.set(c, (dbMs.get(c) ?? 0) + timeOf(again))
        const scanned = largeScans(plan)
        if (!scanned.length) continue
        // would an index do? The planner's plan without sequential scans, run on the same data: a scan
        // kept there means no index serves the filter (a contains match, nearly every row wanted)
        await db.exec('set enable_seqscan = off')
        const indexed = await explain(s)
        await db.exec('reset enable_seqscan')
        const [seqMs, indexMs] = [timeOf(again), timeOf(indexed)]
        const [seqPages, indexPages] = [pagesOf(again), pagesOf(indexed)]
        const served = scanned.filter((t) => !largeScans(indexed).includes(t))
        // judged by the pages each plan touches (the same on every run), not by its time (which swings
        // with the machine's load): an index plan that reads a quarter of the pages or fewer would do
        const cheaper = served.length > 0 && indexPages * 4 <= seqPages
        // no index serves it: a scan that keeps a fifth of the rows it reads or fewer wants one (a
        // missing index), unless the case says why not
        const selective = selectiveScans(again)
        // (the case's reason covers its contains matches, not its other statements)
        const declared = c.scans !== undefined && /\bi?like\b/i.test(s.query)
        const verdict = cheaper || (selective.length > 0 && !declared) ? 'refused' : 'kept'
        const why = verdict === 'kept' && selective.length ? `: ${c.scans}` : ''
        console.log(
          `      ${scanned.join(', ')} read whole: ${seqPages} pages, ${seqMs} ms; without sequential scans ${indexPages} pages, ${indexMs} ms${served.length ? '' : ' (no index serves it)'}${selective.length ? `; keeps ${selective.join(', ')}` : ''} — ${verdict}${why}`,
        )
        if (verdict === 'refused')
          console.log(
            `lists-scan: ${JSON.stringify({ screen: c.screen, label: c.label, table: scanned.join(', '), rows: sizes.get(scanned[0]!), seqPages, indexPages: cheaper ? indexPages : null, selective })}`,
          )
      }
      for (const [c, ms] of dbMs) console.log(`lists-db: ${JSON.stringify({ screen: c.screen, label: c.label, ms })}`)
    } finally {
      await db.close()
    }
  } finally {
    rmSync(sqlLog, { force: true })
    seeded.remove()
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err)
    process.exit(1)
  },
)
