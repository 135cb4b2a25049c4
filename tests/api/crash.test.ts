/**
 * Exactly once through a crash (issue 31). A signed mutation's Idempotency-Key answer is written in
 * the write's own transaction, so a gateway killed at any point leaves either nothing (the retry,
 * once the key's lease has run out, applies it) or the write with its answer (the retry gets that
 * answer and applies nothing). Three gateways on one PostgreSQL server, started with
 * TRESTLE_CRASH_TESTS=1: a request carrying `x-trestle-crash: before-commit|after-commit` kills its
 * own process at that point of its transaction, and the same request goes to another gateway.
 * Excel imports too: a small one is one transaction with its answer; a large one (more than SYNC_ROWS
 * rows) is a job whose runner is killed mid-batch (`x-trestle-crash: mid-import`) and resumed by
 * another gateway's runner from the committed progress. The project initialisation's creation alike:
 * a small run is one transaction with its answer; a large one is a job whose runner is killed after
 * its first sheet (`x-trestle-crash: mid-creation`), its transaction rolled back, and another gateway's
 * runner creates the whole run again. (Random kills under load: chaos.test.ts.)
 */
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import type { ImportStatus } from '../../src/contract/schemas/files'
import type { InitRun } from '../../src/contract/schemas/projectInit'
import { startGateway, type Gateway } from '../support/gateway'
import { Client, newKey, type Answer, type CallOptions } from './client'
import { GA, getAccount, mustAdd, newUnit, post } from './accounts-fixtures'
import { multipart } from './files-fixtures'
import { createdByInit, INIT, validatedInitRun } from './project-fixtures'
import { ROLE, sleep, uniqueName } from './helpers'

const pgUrl = provided('pgUrl')
const pair = provided('pgPair')
const LEASE = 2
/** Imports of more rows than this run as a job (server/modules/files/import-export.ts). */
const SYNC_ROWS = 200
const DICT = '/api/admin/v1/wbs'

interface Role {
  roleId: string
  roleName: string
  version: number
}
interface Node {
  nodeId: string
  parentId: string | null
  version: number
}

/** A mutation, and how many times its effect is there now (0 before, 1 after: never 2). */
interface Op {
  method: string
  path: string
  opts: CallOptions
  effect(): Promise<number>
}

const data = <T>(a: Answer): T => {
  expect(a.body.code, a.text).toBe(10000)
  return a.body.data as T
}

/** Each kind of mutation, prepared on `c`. */
const KINDS: Record<string, (c: Client) => Promise<Op>> = {
  async add(c) {
    const roleName = uniqueName('崩溃新增')
    return {
      method: 'POST',
      path: `${ROLE}/add`,
      opts: { json: { roleName, dataScope: 'own' } },
      effect: async () => data<Role[]>(await c.call('GET', `${ROLE}/list`, { query: { roleName } })).length,
    }
  },
  async edit(c) {
    const role = data<Role>(
      await c.call('POST', `${ROLE}/add`, { json: { roleName: uniqueName('崩溃编辑'), dataScope: 'own' }, idempotencyKey: newKey() }),
    )
    const roleName = `${role.roleName}改`
    return {
      method: 'PUT',
      path: `${ROLE}/update`,
      opts: { json: { roleId: role.roleId, version: role.version, roleName, dataScope: 'own' } },
      effect: async () => data<Role[]>(await c.call('GET', `${ROLE}/list`, { query: { roleName } })).length,
    }
  },
  async delete(c) {
    const role = data<Role>(
      await c.call('POST', `${ROLE}/add`, { json: { roleName: uniqueName('崩溃删除'), dataScope: 'own' }, idempotencyKey: newKey() }),
    )
    return {
      method: 'POST',
      path: `${ROLE}/delete`,
      opts: { form: { ids: role.roleId } },
      effect: async () => 1 - data<Role[]>(await c.call('GET', `${ROLE}/list`, { query: { roleName: role.roleName } })).length,
    }
  },
  async move(c) {
    const code = uniqueName('CR')
    const node = async (suffix: string, parentId: string | null) =>
      data<Node>(await post(c, `${DICT}/add`, { parentId, nodeCode: `${code}${suffix}`, nodeName: `节点${suffix}`, unit: 'm' }))
    const from = await node('A', null)
    const to = await node('B', null)
    const moved = await node('C', from.nodeId)
    return {
      method: 'POST',
      path: `${DICT}/move`,
      opts: { json: { nodeId: moved.nodeId, parentId: to.nodeId, index: 0, version: moved.version } },
      effect: async () => {
        const tree = data<Node[]>(await c.call('GET', `${DICT}/listTree`, { query: { keyword: `${code}C` } }))
        return tree.find((n) => n.nodeId === moved.nodeId)?.parentId === to.nodeId ? 1 : 0
      },
    }
  },
  async 'state change'(c) {
    const unit = await newUnit(c, '崩溃单位')
    const account = await mustAdd(c, unit)
    return {
      method: 'POST',
      path: `${GA}/enable`,
      opts: { json: { ids: [account.accountId], enable: false } },
      effect: async () => ((await getAccount(c, unit, account.accountName))?.status === 'stopped' ? 1 : 0),
    }
  },
}

describe.runIf(pgUrl && pair)('exactly once through crashes: three gateways on one PostgreSQL', () => {
  const password = pair?.[0]?.adminPassword ?? ''
  const env = {
    DATABASE_URL: pgUrl ?? '',
    TRESTLE_ADMIN_PASSWORD: password,
    TRESTLE_CRASH_TESTS: '1',
    TRESTLE_IDEMPOTENCY_LEASE: String(LEASE),
    // a job whose runner died is claimed again after this long
    TRESTLE_JOB_LEASE: String(LEASE),
  }
  const gateways: Gateway[] = []
  /** Restarts in progress, by gateway index. */
  const restarting = new Map<number, Promise<void>>()

  /** `op` sent with `key` to gateway 0, which dies at `point`; the client turns to gateway 1. `back`: gateway 0's restart, to await. */
  const crashed = async (admin: Client, op: Pick<Op, 'method' | 'path' | 'opts'>, key: string, point: 'before-commit' | 'after-commit') => {
    await expect(
      admin.call(op.method, op.path, { ...op.opts, idempotencyKey: key, headers: { 'x-trestle-crash': point } }),
    ).rejects.toThrow()
    const back = restart(0, false)
    admin.base = gateways[1]!.url
    return { back }
  }
  const alive = (i: number) => !restarting.has(i) && gateways[i]!.child.exitCode === null && gateways[i]!.child.signalCode === null
  /** Kills gateway i (SIGKILL, as a power cut) or waits for it to die, then starts it again in the background. */
  const restart = (i: number, kill: boolean) => {
    const old = gateways[i]!
    const done = (async () => {
      if (kill) old.child.kill('SIGKILL')
      if (old.child.exitCode === null && old.child.signalCode === null) await new Promise((r) => old.child.once('exit', r))
      old.removeData()
      gateways[i] = await startGateway(`crash${i}`, env)
    })().finally(() => restarting.delete(i))
    restarting.set(i, done)
    return done
  }

  // a database of their own: the suite's shared gateways' job runners must not take their jobs
  const dbName = `crash_${Date.now()}`
  const server = async <T>(fn: (c: import('pg').Client) => Promise<T>): Promise<T> => {
    const { default: pg } = await import('pg')
    const c = new pg.Client({ connectionString: (pgUrl ?? '').replace(/\/trestle$/, '/postgres') })
    await c.connect()
    try {
      return await fn(c)
    } finally {
      await c.end()
    }
  }

  beforeAll(async () => {
    await server((c) => c.query(`create database ${dbName}`))
    env.DATABASE_URL = (pgUrl ?? '').replace(/\/trestle$/, `/${dbName}`)
    gateways.push(...(await Promise.all([0, 1, 2].map((i) => startGateway(`crash${i}`, env)))))
  })
  afterAll(async () => {
    await Promise.allSettled(restarting.values())
    await Promise.all(gateways.map((g) => g.stop()))
    await server((c) => c.query(`drop database if exists ${dbName} with (force)`))
  })

  /** Sends `op` with `key` until a gateway gives an answer (not a dropped connection, not 20009 while the key's lease runs). */
  async function untilAnswered(c: Client, op: Pick<Op, 'method' | 'path' | 'opts'>, key: string): Promise<Answer> {
    for (let attempt = 0; attempt < 120; attempt++) {
      const live = [0, 1, 2].filter(alive)
      c.base = gateways[live[attempt % Math.max(live.length, 1)] ?? 0]!.url
      try {
        const r = await c.call(op.method, op.path, { ...op.opts, idempotencyKey: key })
        if (r.status < 500 && r.body.code !== 20009) return r
      } catch {
        // the gateway died under the request: the next one gets it
      }
      await sleep(250)
    }
    throw new Error(`${op.method} ${op.path}: no answer`)
  }

  /**
   * Reads `path` (a GET with `query`) round the live gateways until `finished` says so, restarting any
   * that died meanwhile (a job runner killed at its fault point): the last data read, and whether one died.
   */
  async function pollThroughDeaths<T>(c: Client, path: string, query: Record<string, string>, finished: (data: T) => boolean) {
    let killed = false
    let last: T | null = null
    for (let i = 0; i < 240 && !(last && finished(last)); i++) {
      for (const g of [0, 1, 2])
        if (!restarting.has(g) && gateways[g]!.child.signalCode !== null) {
          killed = true
          void restart(g, false)
        }
      const live = [0, 1, 2].filter(alive)
      c.base = gateways[live[i % Math.max(live.length, 1)] ?? 0]!.url
      try {
        const r = await c.call('GET', path, { query })
        if (r.body.code === 10000) last = r.body.data as T
      } catch {
        // that gateway just died
      }
      if (!(last && finished(last))) await sleep(250)
    }
    return { last, killed }
  }

  for (const kind of Object.keys(KINDS)) {
    for (const point of ['before-commit', 'after-commit'] as const) {
      it(`${kind}, its gateway killed ${point}: the retry on another gateway applies it once and answers it again`, async () => {
        await Promise.all(restarting.values())
        const admin = await new Client(gateways[0]!.url).signIn('admin', password)
        const op = await KINDS[kind]!(admin)
        expect(await op.effect()).toBe(0)
        const key = newKey()
        const { back } = await crashed(admin, op, key, point)
        // before the commit nothing is there; after it everything is, answer included
        expect(await op.effect()).toBe(point === 'after-commit' ? 1 : 0)
        const first = await untilAnswered(admin, op, key)
        expect(first.body.code, first.text).toBe(10000)
        expect(first.headers.get('idempotent-replayed')).toBe(point === 'after-commit' ? 'true' : null)
        expect(await op.effect()).toBe(1)
        const again = await untilAnswered(admin, op, key)
        expect(again.text).toBe(first.text)
        expect(again.headers.get('idempotent-replayed')).toBe('true')
        expect(await op.effect()).toBe(1)
        await back
      }, 120_000)
    }
  }
  /** A role import workbook: one row per name ('' : a row without its name, which fails validation). */
  async function roleSheet(names: string[]) {
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('导入模板')
    ws.addRow(['*角色名称', '数据权限', '状态', '排序', '备注'])
    for (const n of names) ws.addRow([n, '本单位', '启用', 1, ''])
    const bytes = Buffer.from(await wb.xlsx.writeBuffer())
    return multipart({ name: 'roles.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes })
  }
  const importOp = (raw: { body: Buffer; type: string }) => ({
    method: 'POST',
    path: `${ROLE}/import`,
    opts: { raw, unsignedPayload: true } as CallOptions,
  })
  /** How many roles each name has now. */
  async function roleCounts(c: Client, tag: string): Promise<Map<string, number>> {
    const list = data<Role[]>(await c.call('GET', `${ROLE}/list`, { query: { roleName: tag } }))
    const counts = new Map<string, number>()
    for (const r of list) counts.set(r.roleName, (counts.get(r.roleName) ?? 0) + 1)
    return counts
  }

  for (const point of ['before-commit', 'after-commit'] as const) {
    it(`a small import, its gateway killed ${point}: the retry imports each row once and answers it again`, async () => {
      await Promise.all(restarting.values())
      const admin = await new Client(gateways[0]!.url).signIn('admin', password)
      const tag = uniqueName('崩溃导入')
      const names = [`${tag}甲`, `${tag}乙`, '', `${tag}丙`]
      const op = importOp(await roleSheet(names))
      const key = newKey()
      const { back } = await crashed(admin, op, key, point)
      expect((await roleCounts(admin, tag)).size).toBe(point === 'after-commit' ? 3 : 0)
      const first = await untilAnswered(admin, op, key)
      expect(first.headers.get('idempotent-replayed')).toBe(point === 'after-commit' ? 'true' : null)
      expect(data<ImportStatus>(first)).toMatchObject({ total: 4, processed: 4, succeeded: 3, failed: 1, done: true, error: null })
      const again = await untilAnswered(admin, op, key)
      expect(again.text).toBe(first.text)
      const counts = await roleCounts(admin, tag)
      expect([...counts.keys()].sort()).toEqual(names.filter(Boolean).sort())
      expect([...counts.values()].every((n) => n === 1)).toBe(true)
      await back
    }, 120_000)
  }

  it('a large import whose runner is killed mid-batch: another gateway finishes it, every row once, the report right', async () => {
    await Promise.all(restarting.values())
    const admin = await new Client(gateways[0]!.url).signIn('admin', password)
    const tag = uniqueName('崩溃大导入')
    const good = Array.from({ length: SYNC_ROWS + 50 }, (_, i) => `${tag}${String(i).padStart(3, '0')}`)
    // a row without its name (invalid) in the first batch, a name of the first batch again in the fourth (duplicate)
    const names = [...good.slice(0, 10), '', ...good.slice(10, 160), good[3]!, ...good.slice(160)]
    const op = importOp(await roleSheet(names))
    const started = await admin.call(op.method, op.path, {
      ...op.opts,
      idempotencyKey: newKey(),
      headers: { 'x-trestle-crash': 'mid-import' },
    })
    const job = data<ImportStatus>(started)
    expect(job).toMatchObject({ total: names.length, done: false })

    const { last: status, killed } = await pollThroughDeaths<ImportStatus>(
      admin,
      `${ROLE}/importStatus`,
      { jobId: job.jobId },
      (st) => st.done,
    )
    expect(killed).toBe(true)
    expect(status).toMatchObject({
      total: names.length,
      processed: names.length,
      succeeded: good.length,
      failed: 2,
      done: true,
      error: null,
    })
    expect(status!.reportFileId).not.toBeNull()
    const counts = await roleCounts(admin, tag)
    expect(counts.size).toBe(good.length)
    expect([...counts.values()].every((n) => n === 1)).toBe(true)
    await Promise.all(restarting.values())
  }, 180_000)

  const initCreate = (runId: string) => ({ method: 'POST', path: `${INIT}/create`, opts: { json: { runId } } })

  for (const point of ['before-commit', 'after-commit'] as const) {
    it(`a small project initialisation, its gateway killed ${point}: the retry creates the project once and answers it again`, async () => {
      await Promise.all(restarting.values())
      const admin = await new Client(gateways[0]!.url).signIn('admin', password)
      const run = await validatedInitRun(admin, await newUnit(admin, '崩溃建设单位'), 3, 3)
      const op = initCreate(run.runId)
      const key = newKey()
      const { back } = await crashed(admin, op, key, point)
      expect((await createdByInit(admin, run.projectCode)).projects).toBe(point === 'after-commit' ? 1 : 0)
      const first = await untilAnswered(admin, op, key)
      expect(first.headers.get('idempotent-replayed')).toBe(point === 'after-commit' ? 'true' : null)
      expect(data<InitRun>(first)).toMatchObject({ status: 'done', step: 5, processed: 6, error: null })
      const again = await untilAnswered(admin, op, key)
      expect(again.text).toBe(first.text)
      expect(await createdByInit(admin, run.projectCode)).toEqual({ projects: 1, lines: run.lineCodes, containers: run.containerCodes })
      await back
    }, 120_000)
  }

  it('a large project initialisation whose runner is killed mid-way: another gateway creates it, one project, every row once', async () => {
    await Promise.all(restarting.values())
    const admin = await new Client(gateways[0]!.url).signIn('admin', password)
    // more rows than SYNC_INIT_ROWS: a job; its first runner dies after the lines, before the containers
    const run = await validatedInitRun(admin, await newUnit(admin, '崩溃建设单位'), 160, 160)
    const op = initCreate(run.runId)
    const started = await admin.call(op.method, op.path, {
      ...op.opts,
      idempotencyKey: newKey(),
      headers: { 'x-trestle-crash': 'mid-creation' },
    })
    expect(data<InitRun>(started)).toMatchObject({ status: 'running', step: 4, total: 320 })
    const { last, killed } = await pollThroughDeaths<InitRun>(admin, `${INIT}/run`, { runId: run.runId }, (r) => r.status !== 'running')
    expect(killed).toBe(true)
    expect(last).toMatchObject({ status: 'done', step: 5, processed: 320, error: null })
    expect(await createdByInit(admin, run.projectCode)).toEqual({ projects: 1, lines: run.lineCodes, containers: run.containerCodes })
    await Promise.all(restarting.values())
  }, 180_000)
})
