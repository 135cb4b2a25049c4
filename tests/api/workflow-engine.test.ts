/**
 * Golden tests of our engine interface (server/modules/workflow/runtime.ts, issue 29) on both
 * databases: an in-process PGlite and the PostgreSQL 15 server of the API tests. One model walks
 * start → approve → parallel branches → 会签 → return from inside a branch → withdraw → delegate and
 * back; others: 会签 with one rejection, the starter's withdraw, a timer that fires after the database
 * and the runtime were closed and opened again, two runtimes racing on one task (exactly one wins),
 * and a model's script that never runs.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { newId } from '../../src/contract/ids'
import type { WfConfigs, WfExecutorConfig } from '../../src/contract/schemas/workflow'
import { loadConfig } from '../../server/config'
import { openDatabase, type Database } from '../../server/db/client'
import { account, wfInstance, wfModel, wfModelHistory, wfTask } from '../../server/db/schema'
import { JobRunner } from '../../server/lib/jobs'
import { WorkflowRuntime } from '../../server/modules/workflow/runtime'
import { sleep, uniqueName } from './helpers'

const pgUrl = provided('pgUrl')
const drivers: { name: string; env: () => Record<string, string> }[] = [
  { name: 'PGlite', env: () => ({ TRESTLE_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'trestle-wf-')) }) },
  ...(pgUrl ? [{ name: 'PostgreSQL', env: () => ({ DATABASE_URL: pgUrl, TRESTLE_ADMIN_PASSWORD: 'x' }) }] : []),
]

const NS = 'xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"'
const definitions = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions ${NS} id="defs" targetNamespace="http://trestle.test/wf"><process id="proc" isExecutable="true">${body}</process></definitions>`
const flow = (id: string, from: string, to: string, condition?: string) =>
  condition
    ? `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"><conditionExpression>${condition.replace(/>/g, '&gt;').replace(/</g, '&lt;')}</conditionExpression></sequenceFlow>`
    : `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"/>`

/** 部门审核 → (技术审核 → 技术复核) ∥ 会签 → amount > 1000 ? 总经理审批 : end */
const MAIN = definitions(`
  <startEvent id="start"/>
  ${flow('f1', 'start', 'T1')}
  <userTask id="T1" name="部门审核"/>
  ${flow('f2', 'T1', 'split')}
  <parallelGateway id="split"/>
  ${flow('f3', 'split', 'A1')}
  ${flow('f4', 'split', 'B1')}
  <userTask id="A1" name="技术审核"/>
  ${flow('f5', 'A1', 'A2')}
  <userTask id="A2" name="技术复核"/>
  ${flow('f6', 'A2', 'join')}
  <userTask id="B1" name="会签"><multiInstanceLoopCharacteristics/></userTask>
  ${flow('f7', 'B1', 'join')}
  <parallelGateway id="join"/>
  ${flow('f8', 'join', 'X')}
  <exclusiveGateway id="X" default="f10"/>
  ${flow('f9', 'X', 'T2', '${amount > 1000}')}
  ${flow('f10', 'X', 'end')}
  <userTask id="T2" name="总经理审批"/>
  ${flow('f11', 'T2', 'end')}
  <endEvent id="end"/>`)

/** 等待审批, escalated to 超时处理 by a one-second boundary timer. */
const TIMED = definitions(`
  <startEvent id="start"/>
  ${flow('f1', 'start', 'W')}
  <userTask id="W" name="等待审批"/>
  <boundaryEvent id="late" attachedToRef="W"><timerEventDefinition><timeDuration>PT1S</timeDuration></timerEventDefinition></boundaryEvent>
  ${flow('f2', 'W', 'end')}
  ${flow('f3', 'late', 'E')}
  <userTask id="E" name="超时处理"/>
  ${flow('f4', 'E', 'end')}
  <endEvent id="end"/>`)

const SCRIPTED = definitions(`
  <startEvent id="start"/>
  ${flow('f1', 'start', 'S')}
  <scriptTask id="S" scriptFormat="javascript"><script>globalThis.__wfRan = true; next()</script></scriptTask>
  ${flow('f2', 'S', 'end')}
  <endEvent id="end"/>`)

const users = (nodeId: string, ids: string[], approveMethod?: 'any' | 'all'): WfExecutorConfig => ({
  nodeId,
  settingMode: 'user',
  ids,
  ...(approveMethod && { approveMethod }),
})
const configs = (executorList: WfExecutorConfig[]): WfConfigs => ({ executorList, ccList: [], formList: [], useScopeList: [] })

describe.each(drivers)('workflow engine on $name', ({ name, env }) => {
  let database: Database
  let runtime: WorkflowRuntime
  let dir: string | undefined
  let e: Record<string, string>
  /** starter u0, then u1 … u6 */
  const u: string[] = []

  const open = async () => {
    database = await openDatabase(loadConfig(e))
    await database.withStartupLock(() => database.migrate())
    runtime = new WorkflowRuntime(database.db)
  }

  beforeAll(async () => {
    e = env()
    dir = e.TRESTLE_DATA_DIR
    await open()
    for (let i = 0; i <= 6; i++) {
      const accountId = newId()
      u.push(accountId)
      await database.db
        .insert(account)
        .values({ accountId, accountName: uniqueName(`wf${i}x`).slice(0, 20), passwordHash: 'x', status: 'normal' })
    }
  })
  afterAll(async () => {
    await database?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  const deploy = async (xml: string, cfg: WfConfigs): Promise<string> => {
    const modelId = newId()
    const modelHistoryId = newId()
    const key = uniqueName('wf_')
    const base = { applicationId: newId(), category: 'test', modelKey: key, name: key, bpmnXml: xml, configs: cfg }
    await database.db.insert(wfModel).values({ modelId, ...base, latestVersion: 1 })
    await database.db.insert(wfModelHistory).values({ modelHistoryId, modelId, modelVersion: 1, ...base })
    return modelHistoryId
  }
  const mainConfigs = () =>
    configs([users('T1', [u[1]!]), users('A1', [u[2]!]), users('A2', [u[3]!]), users('B1', [u[4]!, u[5]!]), users('T2', [u[6]!])])

  const pending = async (instanceId: string) =>
    (
      await database.db
        .select()
        .from(wfTask)
        .where(and(eq(wfTask.instanceId, instanceId), eq(wfTask.status, 'pending')))
    ).map((t) => ({
      id: t.taskId,
      at: t.activityId,
      who: t.assigneeAccountId,
      owner: t.ownerAccountId,
    }))
  const at = async (instanceId: string) =>
    (await pending(instanceId))
      .map((t) => `${t.at}:${u.indexOf(t.who)}`)
      .sort()
      .join(' ')
  const taskOf = async (instanceId: string, activity: string, who: string) => {
    const t = (await pending(instanceId)).find((x) => x.at === activity && x.who === who)
    if (!t) throw new Error(`no pending ${activity} for u${u.indexOf(who)}: ${await at(instanceId)}`)
    return t.id
  }
  const instance = async (instanceId: string) =>
    (await database.db.select().from(wfInstance).where(eq(wfInstance.instanceId, instanceId)))[0]!
  const refusal = async (p: Promise<unknown>) => {
    const err = (await p.then(
      () => null,
      (x: unknown) => x,
    )) as { code?: number; text?: { en: string } } | null
    expect(err, 'the call should have been refused').not.toBeNull()
    return err!
  }

  it('start → approve → parallel branches → 会签 → return inside a branch → withdraw → delegate and back', async () => {
    const version = await deploy(MAIN, mainConfigs())
    const id = await runtime.start({ modelHistoryId: version, starterAccountId: u[0]!, variables: { amount: 5000 } })
    expect(await at(id)).toBe('T1:1')
    expect((await instance(id)).status).toBe('running')

    // only the assignee acts
    expect((await refusal(runtime.approve(await taskOf(id, 'T1', u[1]!), u[2]!))).code).toBe(20021)
    await runtime.approve(await taskOf(id, 'T1', u[1]!), u[1]!, { comment: '同意' })
    expect(await at(id)).toBe('A1:2 B1:4 B1:5')

    // 会签: both must approve
    await runtime.approve(await taskOf(id, 'B1', u[4]!), u[4]!)
    expect(await at(id)).toBe('A1:2 B1:5')
    await runtime.approve(await taskOf(id, 'A1', u[2]!), u[2]!)
    expect(await at(id)).toBe('A2:3 B1:5')

    // withdraw by the last approver while the next task is untouched: A1 waits again, A2 is gone
    await runtime.withdraw(id, u[2]!)
    expect(await at(id)).toBe('A1:2 B1:5')
    await runtime.approve(await taskOf(id, 'A1', u[2]!), u[2]!)
    await runtime.approve(await taskOf(id, 'B1', u[5]!), u[5]!)
    expect(await at(id)).toBe('A2:3')
    // once the next task was acted on, no withdraw: A2 returns instead
    const a2 = await taskOf(id, 'A2', u[3]!)
    expect((await runtime.returnTargets(a2)).map((t) => t.activityId)).toEqual(['A1'])
    expect((await refusal(runtime.returnTo(a2, u[3]!, 'T1'))).code).toBe(20021)

    // return from inside the branch: A1 again, while the other branch's 会签 stays done (the join remembers it)
    await runtime.returnTo(a2, u[3]!, 'A1', '请补充材料')
    expect(await at(id)).toBe('A1:2')
    await runtime.approve(await taskOf(id, 'A1', u[2]!), u[2]!)
    expect(await at(id)).toBe('A2:3')
    await runtime.approve(await taskOf(id, 'A2', u[3]!), u[3]!)
    expect(await at(id)).toBe('T2:6') // the join passed with B1 approved before the return; amount > 1000

    // delegate and back: the owner is kept, the delegate resolves, the task is the owner's again
    const t2 = await taskOf(id, 'T2', u[6]!)
    await runtime.delegate(t2, u[6]!, u[1]!, '请先看看')
    expect(await pending(id)).toEqual([{ id: t2, at: 'T2', who: u[1], owner: u[6] }])
    expect((await refusal(runtime.reject(t2, u[1]!, 'no'))).code).toBe(20021)
    await runtime.approve(t2, u[1]!, { comment: '已看过' })
    expect(await pending(id)).toEqual([{ id: t2, at: 'T2', who: u[6], owner: null }])
    expect((await instance(id)).status).toBe('running')
    await runtime.approve(t2, u[6]!)
    const done = await instance(id)
    expect(done.status).toBe('approved')
    expect(done.endTime).not.toBeNull()
    expect(await pending(id)).toEqual([])
    // an ended instance moves no more: its handled task answers 20008 (handled: an offline outbox shows a conflict)
    expect((await refusal(runtime.approve(t2, u[6]!))).code).toBe(20008)
    expect((await instance(id)).status).toBe('approved')
  })

  it('会签 with one rejection ends the instance as rejected; the amount condition takes the default way', async () => {
    const version = await deploy(MAIN, mainConfigs())
    const id = await runtime.start({ modelHistoryId: version, starterAccountId: u[0]!, variables: { amount: 10 } })
    await runtime.approve(await taskOf(id, 'T1', u[1]!), u[1]!)
    await runtime.approve(await taskOf(id, 'B1', u[4]!), u[4]!)
    await runtime.reject(await taskOf(id, 'B1', u[5]!), u[5]!, '资料不全')
    const inst = await instance(id)
    expect(inst.status).toBe('rejected')
    expect(await pending(id)).toEqual([])

    // the default way: amount ≤ 1000 ends after the join
    const id2 = await runtime.start({ modelHistoryId: version, starterAccountId: u[0]!, variables: { amount: 10 } })
    await runtime.approve(await taskOf(id2, 'T1', u[1]!), u[1]!)
    for (const [node, who] of [
      ['B1', 4],
      ['B1', 5],
      ['A1', 2],
      ['A2', 3],
    ] as const)
      await runtime.approve(await taskOf(id2, node, u[who]!), u[who]!)
    expect((await instance(id2)).status).toBe('approved')
  })

  it('the starter withdraws while nobody has acted; not after', async () => {
    const version = await deploy(MAIN, mainConfigs())
    const id = await runtime.start({ modelHistoryId: version, starterAccountId: u[0]!, variables: {} })
    expect((await refusal(runtime.withdraw(id, u[3]!))).code).toBe(20021)
    await runtime.withdraw(id, u[0]!)
    expect((await instance(id)).status).toBe('withdrawn')
    expect(await pending(id)).toEqual([])

    const id2 = await runtime.start({ modelHistoryId: version, starterAccountId: u[0]!, variables: {} })
    await runtime.approve(await taskOf(id2, 'T1', u[1]!), u[1]!)
    await runtime.approve(await taskOf(id2, 'B1', u[4]!), u[4]!)
    expect((await refusal(runtime.withdraw(id2, u[0]!))).code).toBe(20021)
  })

  it('a timer fires after the database and the runtime were closed and opened again', async () => {
    const version = await deploy(TIMED, configs([users('W', [u[1]!]), users('E', [u[2]!])]))
    const id = await runtime.start({ modelHistoryId: version, starterAccountId: u[0]!, variables: {} })
    expect(await at(id)).toBe('W:1')
    expect((await instance(id)).timers).toHaveLength(1)
    // the gateway stops (nothing in memory survives), and starts again
    await database.close()
    await open()
    const runner = new JobRunner(database.db, { pollMs: 50, workerId: uniqueName('wf-timer') })
    runtime.registerJobs(runner)
    await sleep(1100)
    const end = Date.now() + 10_000
    while ((await at(id)) !== 'E:2') {
      if (Date.now() > end) throw new Error(`the timer did not fire: ${await at(id)}`)
      await runner.runOnce()
      await sleep(50)
    }
    const w = await database.db
      .select()
      .from(wfTask)
      .where(and(eq(wfTask.instanceId, id), eq(wfTask.activityId, 'W')))
    expect(w.map((t) => t.status)).toEqual(['timeout'])
    expect((await instance(id)).timers).toEqual([])
    await runtime.approve(await taskOf(id, 'E', u[2]!), u[2]!)
    expect((await instance(id)).status).toBe('approved')
  })

  it(`two runtimes racing on one task: exactly one wins (${name})`, async () => {
    const version = await deploy(MAIN, mainConfigs())
    const id = await runtime.start({ modelHistoryId: version, starterAccountId: u[0]!, variables: {} })
    const task = await taskOf(id, 'T1', u[1]!)
    // a second gateway: its own connection pool on PostgreSQL, the same embedded database on PGlite
    const second = pgUrl && name === 'PostgreSQL' ? await openDatabase(loadConfig(e)) : null
    try {
      const other = new WorkflowRuntime(second?.db ?? database.db)
      const results = await Promise.allSettled([runtime.approve(task, u[1]!), other.approve(task, u[1]!)])
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
      const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
      expect(lost.reason).toMatchObject({ code: 20008 })
      expect((lost.reason as { text: { en: string } }).text.en).toMatch(/already been handled/)
      expect(await at(id)).toBe('A1:2 B1:4 B1:5')
    } finally {
      await second?.close()
    }
  })

  it('a script in a model never runs: the start is refused and nothing is written', async () => {
    const version = await deploy(SCRIPTED, configs([]))
    const err = await refusal(runtime.start({ modelHistoryId: version, starterAccountId: u[0]!, variables: {} }))
    expect(err.code).toBe(20021)
    expect((globalThis as { __wfRan?: boolean }).__wfRan).toBeUndefined()
    expect(await database.db.select().from(wfInstance).where(eq(wfInstance.modelHistoryId, version))).toEqual([])
  })
})
