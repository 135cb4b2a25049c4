/**
 * Exactly once through a crash (issue 31). A signed mutation's Idempotency-Key answer is written in
 * the write's own transaction, so a gateway killed at any point leaves either nothing (the retry,
 * once the key's lease has run out, applies it) or the write with its answer (the retry gets that
 * answer and applies nothing). Three gateways on one PostgreSQL server, started with
 * TRESTLE_CRASH_TESTS=1: a request carrying `x-trestle-crash: before-commit|after-commit` kills its
 * own process at that point of its transaction, and the same request goes to another gateway.
 * (Random kills under load: chaos.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startGateway, type Gateway } from '../support/gateway'
import { Client, newKey, type Answer, type CallOptions } from './client'
import { GA, getAccount, mustAdd, newUnit, post } from './accounts-fixtures'
import { ROLE, sleep, uniqueName } from './helpers'

const pgUrl = inject('pgUrl')
const pair = inject('pgPair')
const LEASE = 2
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
  }
  const gateways: Gateway[] = []
  /** Restarts in progress, by gateway index. */
  const restarting = new Map<number, Promise<void>>()

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

  beforeAll(async () => {
    gateways.push(...(await Promise.all([0, 1, 2].map((i) => startGateway(`crash${i}`, env)))))
  })
  afterAll(async () => {
    await Promise.allSettled(restarting.values())
    await Promise.all(gateways.map((g) => g.stop()))
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

  for (const kind of Object.keys(KINDS)) {
    for (const point of ['before-commit', 'after-commit'] as const) {
      it(`${kind}, its gateway killed ${point}: the retry on another gateway applies it once and answers it again`, async () => {
        await Promise.all(restarting.values())
        const admin = await new Client(gateways[0]!.url).signIn('admin', password)
        const op = await KINDS[kind]!(admin)
        expect(await op.effect()).toBe(0)
        const key = newKey()
        await expect(
          admin.call(op.method, op.path, { ...op.opts, idempotencyKey: key, headers: { 'x-trestle-crash': point } }),
        ).rejects.toThrow()
        const back = restart(0, false)

        admin.base = gateways[1]!.url
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
})
