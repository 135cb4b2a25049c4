/**
 * `npm run bench` (workflow part, issue 29): 10,000 running instances (BENCH_WF_INSTANCES; quick
 * 2,000) of a small model — start → 审核 (executor: the administrator) → 复核 (the administrator
 * again) → end — on the embedded database, every one waiting at 审核 with one pending task of the
 * administrator's. A fresh gateway on a seeded data directory serving the built console (`dist`).
 *
 * How the instances are made: a few (BENCH_WF_REAL, 5) are started through the real API, then the
 * gateway stops and the rest are copied in SQL from the first of them — each with new ids: its
 * instance row (the engine's state with the instance id replaced: the engine is named after it),
 * its pending task, its snapshot at 审核 (what 退回 / 撤回 restore) and its `start` timeline entry,
 * with start and task times spread over the last days. That is every row the runtime writes for a
 * start but the message to the assignee (an outbox event, not read by any figure here). It is safe:
 * a command recovers a NEW engine from the saved state every time (runtime.ts), the state names no
 * other row, and the engine's execution ids only need to be unique within one instance — the copies
 * are approved below through the real API like the started ones. Through the API a start takes 40–60 ms
 * on this machine (10,000: 7–10 min, past the part's budget); the copy takes 4 s.
 *
 *   - 待办 (wfTask/todoPage, the call the console's 我的待办 tab makes): the first page at pageSize 10
 *     and 50, p50 / p99 — anchor: the instances list (wfInstance/listPage: a plain signed paged list
 *     of the same 10,000 instances, joined to their version, with its count, as the administrator);
 *   - approvals: N (BENCH_WF_APPROVALS; 200, quick 60) pending 审核 tasks approved (同意) one after
 *     another and then N more 4 at a time, each a signed POST with a fresh Idempotency-Key as the
 *     console sends — req/s and p50. Each approval also tells the next assignee (an outbox event the
 *     gateway's job runner delivers to the inbox): one after another, that delivery runs in the gaps
 *     between requests; 4 at a time it competes with them for the one embedded connection, so that
 *     rate is the steady one of an approval and its message;
 *   - the modeler (Chromium, 1280×800): the JS /admin/process-model-management loads beyond the
 *     shell, the list and then 新增模型 until the palette shows (gzip -9 of the files from dist/, bytes
 *     as sent) — and that none of those files is loaded by /login or a signed-in start of the home.
 * Prints `workflow …` lines for bench/index.ts.
 */
import { settled } from './chrome'
import { launchChromium } from '../tests/support/chromium'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import { sql } from 'drizzle-orm'
import { newId } from '../src/contract/ids'
import { WORKFLOW_API } from '../src/contract/workflowApi'
import { Client, newKey } from '../tests/api/client'
import { seededDatabase, startGateway, stats, type SeededDatabase } from './support'

const PASSWORD = 'Bench@2026'
const QUICK = process.env.BENCH_QUICK === '1'
const INSTANCES = Number(process.env.BENCH_WF_INSTANCES ?? (QUICK ? 2000 : 10_000))
const REAL = Number(process.env.BENCH_WF_REAL ?? 5)
const READS = QUICK ? 60 : 200
const APPROVALS = Number(process.env.BENCH_WF_APPROVALS ?? (QUICK ? 60 : 200))
const A = '/api/admin/v1'
const API = WORKFLOW_API

const NS = 'xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"'
const XML = `<?xml version="1.0" encoding="UTF-8"?><definitions ${NS} id="d" targetNamespace="http://trestle.bench"><process id="p" isExecutable="true">
  <startEvent id="s"/><sequenceFlow id="f1" sourceRef="s" targetRef="T1"/>
  <userTask id="T1" name="审核"/><sequenceFlow id="f2" sourceRef="T1" targetRef="T2"/>
  <userTask id="T2" name="复核"/><sequenceFlow id="f3" sourceRef="T2" targetRef="e"/><endEvent id="e"/></process></definitions>`

async function call<T>(c: Client, method: string, path: string, body?: unknown, query?: Record<string, string>): Promise<T> {
  const r = await c.call<T>(method, path, { ...(body ? { json: body, idempotencyKey: newKey() } : {}), ...(query ? { query } : {}) })
  if (r.body.code !== 10000) throw new Error(`${path}: ${r.text.slice(0, 300)}`)
  return r.body.data
}

const secs = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1)

/** The model deployed and REAL instances started through the gateway; the first one's id. */
async function startReal(base: string): Promise<{ instanceId: string; adminId: string }> {
  const admin = await new Client(base).signIn('admin', PASSWORD)
  const apps = await call<{ applicationId: string }[]>(admin, 'GET', `${A}/application/list`)
  const accounts = await call<{ records: { accountId: string; accountName: string }[] }>(
    admin,
    'GET',
    `${A}/generalAccount/listPage`,
    undefined,
    { keyword: 'admin', pageSize: '50' },
  )
  const adminId = accounts.records.find((a) => a.accountName === 'admin')!.accountId
  const model = await call<{ modelId: string }>(admin, 'POST', API.model.add, {
    model: { applicationId: apps[0]!.applicationId, category: '审批', modelKey: 'bench_approval', name: '费用报销审批', bpmnXml: XML },
    executorList: ['T1', 'T2'].map((nodeId) => ({ nodeId, settingMode: 'user', ids: [adminId] })),
  })
  await call(admin, 'POST', API.model.deploy, { modelId: model.modelId })
  const ids: string[] = []
  const ms: number[] = []
  for (let i = 0; i < REAL; i++) {
    const t0 = performance.now()
    ids.push(
      (await call<{ instanceId: string }>(admin, 'POST', API.instance.start, { modelKey: 'bench_approval', title: `费用报销 ${i + 1}` }))
        .instanceId,
    )
    ms.push(performance.now() - t0)
  }
  console.log(`workflow start (through the API): ${stats(ms)}`)
  // the shape the copies follow: one pending 审核 task of the administrator's per instance
  const todo = await call<{ records: { instanceId: string; activityId: string; assigneeAccountId: string }[]; total: number }>(
    admin,
    'GET',
    API.task.todoPage,
    undefined,
    { pageSize: '50' },
  )
  const ofFirst = todo.records.filter((r) => r.instanceId === ids[0])
  if (todo.total !== REAL || ofFirst.length !== 1 || ofFirst[0]!.activityId !== 'T1' || ofFirst[0]!.assigneeAccountId !== adminId)
    throw new Error(`unexpected tasks after ${REAL} starts: ${JSON.stringify(todo).slice(0, 300)}`)
  return { instanceId: ids[0]!, adminId }
}

/** Copies the template instance `from` (instance, pending task, snapshot, start entry) `n` times, new ids, spread over time. */
async function copyInstances(seeded: SeededDatabase, from: string, n: number): Promise<string[]> {
  const [{ loadConfig }, { openDatabase }] = await Promise.all([import('../server/config'), import('../server/db/client')])
  const database = await openDatabase(loadConfig(seeded.env))
  try {
    const rows = Array.from({ length: n }, (_, i) => ({ g: i + 1, instance: newId(), task: newId(), comment: newId() }))
    const list = JSON.stringify(rows)
    const copies = sql`(select (x->>'g')::int as g, x->>'instance' as instance_id, x->>'task' as task_id, x->>'comment' as comment_id
      from json_array_elements(${list}::json) x)`
    await database.db.transaction(async (tx) => {
      // the copies started a minute apart, the newest a minute before the real ones
      await tx.execute(sql`insert into wf_instance (instance_id, model_history_id, model_id, title, business_key, starter_account_id,
          starter_organization_id, status, engine_state, variables, start_data, timers, step, start_time, end_time, version,
          create_time, update_time, create_by, update_by)
        select c.instance_id, i.model_history_id, i.model_id, '费用报销 ' || (c.g + ${REAL}), i.business_key, i.starter_account_id,
          i.starter_organization_id, i.status, replace(i.engine_state::text, i.instance_id, c.instance_id)::jsonb, i.variables,
          i.start_data, i.timers, i.step, i.start_time - c.g * interval '1 minute', i.end_time, i.version,
          i.create_time - c.g * interval '1 minute', i.update_time - c.g * interval '1 minute', i.create_by, i.update_by
        from wf_instance i, ${copies} c where i.instance_id = ${from}`)
      await tx.execute(sql`insert into wf_task (task_id, instance_id, activity_id, activity_name, execution_id, approve_method,
          assignee_account_id, owner_account_id, status, comment, handled_by, created_step, ended_step, create_time, end_time)
        select c.task_id, c.instance_id, t.activity_id, t.activity_name, t.execution_id, t.approve_method, t.assignee_account_id,
          t.owner_account_id, t.status, t.comment, t.handled_by, t.created_step, t.ended_step, t.create_time - c.g * interval '1 minute',
          t.end_time
        from wf_task t, ${copies} c where t.instance_id = ${from}`)
      await tx.execute(sql`insert into wf_snapshot (instance_id, activity_id, execution_id, step, state, create_time)
        select c.instance_id, s.activity_id, s.execution_id, s.step, replace(s.state::text, s.instance_id, c.instance_id)::jsonb,
          s.create_time - c.g * interval '1 minute'
        from wf_snapshot s, ${copies} c where s.instance_id = ${from}`)
      await tx.execute(sql`insert into wf_comment (comment_id, instance_id, task_id, activity_id, account_id, action, comment,
          target_account_id, step, create_time)
        select c.comment_id, c.instance_id, m.task_id, m.activity_id, m.account_id, m.action, m.comment, m.target_account_id, m.step,
          m.create_time - c.g * interval '1 minute'
        from wf_comment m, ${copies} c where m.instance_id = ${from}`)
    })
    // as autovacuum leaves tables after a bulk insert: statistics and the visibility map
    await database.db.execute(sql`vacuum analyze wf_instance, wf_task, wf_snapshot, wf_comment`)
    return rows.map((r) => r.task)
  } finally {
    await database.close()
  }
}

async function main() {
  const t0 = performance.now()
  const seeded = await seededDatabase('bench-workflow', { TRESTLE_DEMO_PASSWORD: PASSWORD, TRESTLE_LOG_LEVEL: 'warn' })
  try {
    let first = await startGateway(seeded.env, 'bench-workflow')
    let template: { instanceId: string; adminId: string }
    try {
      template = await startReal(first.base)
    } finally {
      await first.stop()
    }
    const t1 = performance.now()
    const copied = await copyInstances(seeded, template.instanceId, INSTANCES - REAL)
    console.log(`workflow copy: ${copied.length} instances in ${secs(t1)} s (setup ${secs(t0)} s)`)

    first = await startGateway({ ...seeded.env, TRESTLE_SERVE_DIST: 'dist' }, 'bench-workflow')
    try {
      const admin = await new Client(first.base).signIn('admin', PASSWORD)
      await lists(admin)
      await approvals(admin, copied)
      await browser(first.base)
    } finally {
      await first.stop()
    }
  } finally {
    seeded.remove()
  }
}

/** p50 / p99 of `n` reads of a list's first page, and its total. */
async function timedList(c: Client, path: string, pageSize: number, n: number) {
  const ms: number[] = []
  let total = 0
  for (let i = 0; i < n; i++) {
    const t0 = performance.now()
    const r = await c.call<{ total: number; records: unknown[] }>('GET', path, { query: { pageIndex: 1, pageSize } })
    ms.push(performance.now() - t0)
    if (r.body.code !== 10000 || r.body.data.records.length !== pageSize) throw new Error(`${path}: ${r.text.slice(0, 300)}`)
    total = r.body.data.total
  }
  return { total, line: stats(ms, { p99: true }) }
}

async function lists(admin: Client) {
  // warm: the first calls of a process prepare its statements
  for (const path of [API.task.todoPage, API.instance.listPage]) await timedList(admin, path, 10, 5)
  for (const size of [10, 50]) {
    const todo = await timedList(admin, API.task.todoPage, size, READS)
    const all = await timedList(admin, API.instance.listPage, size, READS)
    console.log(`workflow todo page ${size}: total ${todo.total}, ${todo.line}`)
    console.log(`workflow instances page ${size}: total ${all.total}, ${all.line}`)
  }
}

/** 同意 of pending 审核 tasks, one after another, then `concurrency` at a time. */
async function approvals(admin: Client, taskIds: string[]) {
  const queue = [...taskIds]
  const approve = async () => {
    const taskId = queue.shift()
    if (!taskId) throw new Error('no task left to approve')
    const t0 = performance.now()
    const r = await admin.call('POST', API.task.approve, { json: { taskId, comment: '同意' }, idempotencyKey: newKey() })
    if (r.body.code !== 10000) throw new Error(`approve: ${r.text.slice(0, 300)}`)
    return performance.now() - t0
  }
  for (const concurrency of [1, 4]) {
    const ms: number[] = []
    let sent = 0
    const t0 = performance.now()
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (sent < APPROVALS) {
          sent++
          ms.push(await approve())
        }
      }),
    )
    const s = (performance.now() - t0) / 1000
    console.log(`workflow approve ×${concurrency}: ${ms.length} in ${s.toFixed(2)} s, ${(ms.length / s).toFixed(1)} req/s, ${stats(ms)}`)
  }
  // each approval moved its instance on to 复核: the administrator's tasks are as many as before
  const todo = await call<{ total: number }>(admin, 'GET', API.task.todoPage, undefined, { pageSize: '10' })
  if (todo.total !== INSTANCES) throw new Error(`after the approvals: ${todo.total} pending tasks, not ${INSTANCES}`)
}

/** JS fetched by the page (path → bytes as sent), from the resource timings after `since`. */
const scripts = (page: Page, since = 0) =>
  page.evaluate(
    (s) =>
      performance
        .getEntriesByType('resource')
        .map((e) => e as PerformanceResourceTiming)
        .filter((e) => e.startTime >= s && new URL(e.name).pathname.startsWith('/assets/') && new URL(e.name).pathname.endsWith('.js'))
        .map((e) => [new URL(e.name).pathname, e.encodedBodySize] as const),
    since,
  )

const gzipOf = (path: string) => gzipSync(readFileSync(join('dist', path)), { level: 9 }).length

async function browser(base: string) {
  const b = await launchChromium()
  try {
    const context = await b.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN', serviceWorkers: 'block' })
    const page = await context.newPage()
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' })
    const login = new Set((await scripts(page)).map(([p]) => p))
    await page.getByLabel('账号或手机号').fill('admin')
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: '登录', exact: true }).click()
    await page.waitForURL(/\/admin\/home/)
    await settled(page)
    const mark = await page.evaluate(() => performance.now())
    // client-side navigation, as from the menu
    await page.evaluate(() => {
      history.pushState({}, '', '/admin/process-model-management')
      dispatchEvent(new PopStateEvent('popstate'))
    })
    await page.getByRole('button', { name: '新增模型' }).waitFor()
    await settled(page)
    const list = await scripts(page, mark)
    const mark2 = await page.evaluate(() => performance.now())
    const t0 = Date.now()
    await page.getByRole('button', { name: '新增模型' }).click()
    await page.getByRole('application', { name: '流程图' }).locator('.djs-palette').waitFor()
    const openMs = Date.now() - t0
    await settled(page)
    const modeler = await scripts(page, mark2)

    // a signed-in start of the home in a new page (the session kept): what it loads
    const home = await context.newPage()
    await home.goto(`${base}/admin/home`)
    await home.getByRole('navigation').first().waitFor()
    await settled(home)
    const homeFiles = new Set((await scripts(home)).map(([p]) => p))

    const line = (label: string, files: (readonly [string, number])[], listed = true) => {
      const gz = files.reduce((n, [p]) => n + gzipOf(p), 0)
      const sent = files.reduce((n, [, s]) => n + s, 0)
      console.log(`workflow modeler ${label}: ${files.length} files, gzip ${gz} bytes, sent ${sent} bytes`)
      if (listed)
        console.log(
          `  ${[...files]
            .sort((x, y) => y[1] - x[1])
            .map(([p, s]) => `${p.replace('/assets/', '')} ${Math.round(s / 1024)} KiB`)
            .join(', ')}`,
        )
    }
    // the list screen (its lazy chunk and the list machinery it shares with other screens), then the editor
    line('route', list)
    line('editor', modeler)
    line('total', [...list, ...modeler], false)
    console.log(`workflow modeler open: ${openMs} ms (新增模型 → palette)`)
    // neither /login nor a signed-in start of the home loads any of them (the editor's files: the bench breaks)
    for (const [label, loaded] of [
      ['/login', login],
      ['home', homeFiles],
    ] as const) {
      const route = list.map(([p]) => p).filter((p) => loaded.has(p))
      const editor = modeler.map(([p]) => p).filter((p) => loaded.has(p))
      console.log(
        `workflow modeler on ${label}: route ${route.length} files, editor ${editor.length} files ${[...route, ...editor].join(', ')}`,
      )
    }
    await context.close()
  } finally {
    await b.close()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
