/**
 * The outbox engine on fake-indexeddb (a real IndexedDB implementation in Node): entry lifecycle,
 * order per record, parallel records, status per answer code, backoff, conflicts, local copies,
 * schema migration.
 */
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { openDB } from 'idb'
import { Code } from '@/contract/codes'
import { crudEntity, keptFileId } from './entities'
import { openOutboxDb } from './db'
import { Outbox } from './outbox'
import { BACKOFF_BASE_MS, BACKOFF_MAX_MS, backoffMs, classify, parseRetryAfter } from './policy'
import { OutboxStore } from './store'
import type { Step } from './types'

crudEntity({
  entity: 'thing',
  label: 'thing',
  idKey: 'thingId',
  paths: { add: '/api/thing/add', update: '/api/thing/update', delete: '/api/thing/delete' },
  subLists: [{ field: 'parts', path: '/api/part/addFull', parentKey: 'thingId' }],
  invalidates: [['thing']],
  fields: [{ key: 'name', label: 'name' }],
  titleOf: (d) => String(d.name ?? ''),
  ops: {
    enable: {
      steps: (id, p) => [{ method: 'post', path: '/api/thing/enable', body: { ids: [id], enable: p.enable } }],
      apply: (prev, p) => ({ ...(prev ?? {}), status: p.enable ? 'on' : 'off' }),
      versionOf: (id, data) => (data as { versions: Record<string, number> }).versions[id] ?? null,
    },
  },
})

class ApiErr extends Error {
  constructor(
    public kind: string,
    public code = 0,
    public data: unknown = null,
    public status?: number,
    public retryAfter?: string,
  ) {
    super(`${kind} ${code}`)
  }
}

let dbn = 0
function setup(answer: (step: Step, key: string) => unknown | Promise<unknown>) {
  const name = `t${++dbn}`
  const store = new OutboxStore(() => openOutboxDb(name))
  let clock = 1_000_000
  const sent: { step: Step; key: string }[] = []
  const told: string[] = []
  const outbox = new Outbox({
    conflicted: (decl, entry) => told.push(`${decl.entity}:${entry.id}`),
    store,
    now: () => clock,
    random: () => 0.5,
    lock: (fn) => fn(),
    send: async (step, key) => {
      sent.push({ step, key })
      return answer(step, key)
    },
  })
  return { outbox, store, sent, told, tick: (ms: number) => (clock += ms), name }
}

const A = 'acc-1'
const edit = (entityId: string, name: string, version = 1) => ({
  accountId: A,
  entity: 'thing',
  entityId,
  op: 'update',
  payload: { values: { thingId: entityId, name, version } },
  baseVersion: version,
  base: { thingId: entityId, name: 'before', version },
})

describe('outbox', () => {
  it('queues an edit with its local copy, replays it once with the entry id as Idempotency-Key, then forgets both', async () => {
    const { outbox, store, sent } = setup((s) => ({ ...(s.body as object), version: 2 }))
    const e = await outbox.enqueue(edit('r1', 'after'))
    expect(e.status).toBe('pending')
    expect((await store.record(A, 'thing', 'r1'))?.data).toMatchObject({ name: 'after', version: 1 })
    const r = await outbox.run(A)
    expect(r).toMatchObject({ sent: 1, failed: 0, offline: false })
    expect(sent).toEqual([
      { step: { method: 'put', path: '/api/thing/update', body: { thingId: 'r1', name: 'after', version: 1 } }, key: e.id },
    ])
    expect(await store.list(A)).toEqual([])
    expect(await store.record(A, 'thing', 'r1')).toBeUndefined()
    expect(await store.getMeta(A, 'lastSyncedAt')).toBe(1_000_000)
  })

  it('replays in order per record, later edits rebased on the answered version; other records in parallel', async () => {
    let inFlight = 0
    let most = 0
    const { outbox, sent } = setup(async (s) => {
      inFlight++
      most = Math.max(most, inFlight)
      await new Promise((r) => setTimeout(r, 5))
      inFlight--
      const b = s.body as { version?: number }
      return { ...(s.body as object), version: (b.version ?? 0) + 1 }
    })
    await outbox.enqueue(edit('r1', 'a1', 4))
    await outbox.enqueue(edit('r2', 'b1', 1))
    await outbox.enqueue(edit('r1', 'a2', 4)) // made on the local copy: same base version
    await outbox.enqueue(edit('r3', 'c1', 1))
    await outbox.enqueue({ accountId: A, entity: 'thing', entityId: 'r1', op: 'delete', payload: {} })
    const r = await outbox.run(A)
    expect(r.sent).toBe(5)
    const r1 = sent.filter((s) => JSON.stringify(s.step.body).includes('r1'))
    expect(r1.map((s) => s.step.method)).toEqual(['put', 'put', 'del'])
    expect(r1[1]!.step.body).toMatchObject({ name: 'a2', version: 5 })
    expect(most).toBeGreaterThan(1)
    expect(most).toBeLessThanOrEqual(3)
  })

  it('an op answering the new version (enable) rebases the edit queued after it: no self-conflict', async () => {
    let version = 4
    const { outbox, store, sent } = setup((s) => {
      if (s.path === '/api/thing/enable') return { updated: 1, versions: { r1: ++version } }
      const b = s.body as { version: number }
      if (b.version !== version) throw new ApiErr('code', Code.VERSION_CONFLICT, { thingId: 'r1', version })
      return { ...(s.body as object), version: ++version }
    })
    const base = { thingId: 'r1', name: 'before', version: 4 }
    await outbox.enqueue({ accountId: A, entity: 'thing', entityId: 'r1', op: 'enable', payload: { enable: false }, baseVersion: 4, base })
    await outbox.enqueue(edit('r1', 'after stop', 4)) // made on the local copy, which still says version 4
    await outbox.enqueue({ accountId: A, entity: 'thing', entityId: 'r1', op: 'enable', payload: { enable: true }, baseVersion: 4, base })
    const r = await outbox.run(A)
    expect(r.sent).toBe(3)
    expect(sent.map((x) => x.step.path)).toEqual(['/api/thing/enable', '/api/thing/update', '/api/thing/enable'])
    expect(sent[1]!.step.body).toMatchObject({ name: 'after stop', version: 5 })
    expect(await store.list(A)).toEqual([])
    expect(await store.record(A, 'thing', 'r1')).toBeUndefined()
  })

  it('an answer lost on the way puts its record in back-off and the pass goes on; two records in a row that cannot reach the gateway end it', async () => {
    const applied: string[] = []
    let down = false
    const { outbox, store, tick } = setup((s, key) => {
      if (down) throw new ApiErr('network')
      const b = s.body as { thingId: string }
      if (!applied.includes(key)) applied.push(key)
      // the gateway applied r2's edit, but its answer did not arrive
      if (b.thingId === 'r2' && applied.filter((k) => k === key).length === 1 && !lost.has(key)) {
        lost.add(key)
        throw new ApiErr('network')
      }
      return { version: 2 }
    })
    const lost = new Set<string>()
    for (const id of ['r1', 'r2', 'r3', 'r4']) await outbox.enqueue(edit(id, `new ${id}`))
    const r1 = await outbox.run(A)
    expect(r1).toMatchObject({ sent: 3, offline: false })
    const [waiting] = await store.list(A)
    expect(waiting).toMatchObject({ entityId: 'r2', status: 'pending', attempts: 1, lastError: { kind: 'network' } })
    tick(BACKOFF_MAX_MS)
    expect(await outbox.run(A)).toMatchObject({ sent: 1, offline: false })
    expect(await store.list(A)).toEqual([])
    expect(applied).toHaveLength(4) // r2's retry came with the same key: applied once

    // the gateway gone: the pass stops after two records, the others are not tried
    for (const id of ['s1', 's2', 's3', 's4', 's5', 's6']) await outbox.enqueue(edit(id, `new ${id}`))
    down = true
    const r2 = await outbox.run(A)
    expect(r2).toMatchObject({ sent: 0, offline: true })
    const tried = (await store.list(A)).filter((e) => e.attempts > 0)
    // three records go at a time: those in flight when the second miss came, and at most one after the first
    expect(tried.length).toBeGreaterThanOrEqual(2)
    expect(tried.length).toBeLessThanOrEqual(4)
    expect((await store.list(A)).length).toBe(6)
  })

  it('a person and then its lists, each step its own key; a network error resumes after the steps done', async () => {
    let fail = true
    const { outbox, sent, store, tick } = setup((s) => {
      if (s.path === '/api/part/addFull' && fail) {
        fail = false
        throw new ApiErr('network')
      }
      return { version: 0 }
    })
    const e = await outbox.enqueue({
      accountId: A,
      entity: 'thing',
      entityId: 'n1',
      op: 'add',
      payload: { values: { thingId: 'n1', name: 'new' }, lists: { parts: [{ p: 1 }] } },
    })
    expect((await store.record(A, 'thing', 'n1'))?.added).toBe(true)
    const r1 = await outbox.run(A)
    expect(r1.offline).toBe(true)
    const [waiting] = await store.list(A)
    expect(waiting).toMatchObject({ status: 'pending', progress: 1, attempts: 1, lastError: { kind: 'network' } })
    expect(waiting!.nextAttemptAt).toBeGreaterThan(1_000_000)
    expect((await outbox.run(A)).sent).toBe(0) // not due yet
    tick(BACKOFF_MAX_MS)
    expect((await outbox.run(A)).sent).toBe(1)
    expect(sent.map((s) => [s.step.path, s.key])).toEqual([
      ['/api/thing/add', e.id],
      ['/api/part/addFull', `${e.id}:1`],
      ['/api/part/addFull', `${e.id}:1`],
    ])
  })

  it('20001 / 20009 fail the entry and block later edits of that record only; retry after an edit sends it again', async () => {
    let invalid = true
    const { outbox, store, sent } = setup((s) => {
      const b = s.body as { name?: string }
      if (b.name === 'bad' && invalid) throw new ApiErr('code', Code.INVALID, [{ field: 'name', message: 'v.required' }])
      return { version: 2 }
    })
    const bad = await outbox.enqueue(edit('r1', 'bad'))
    await outbox.enqueue(edit('r1', 'later'))
    await outbox.enqueue(edit('r2', 'fine'))
    const r = await outbox.run(A)
    expect(r).toMatchObject({ sent: 1, failed: 1 })
    const list = await store.list(A)
    expect(list.map((e) => [e.entityId, e.status])).toEqual([
      ['r1', 'failed'],
      ['r1', 'pending'],
    ])
    expect(list[0]!.lastError).toMatchObject({ kind: 'code', code: Code.INVALID, data: [{ field: 'name', message: 'v.required' }] })
    // edited: a new entry (new key) in the failed one's place
    const fixed = await outbox.enqueue({ ...edit('r1', 'good'), replaces: bad.id })
    expect(fixed.id).not.toBe(bad.id)
    expect((await store.list(A)).map((e) => e.payload.values)).toMatchObject([{ name: 'good' }, { name: 'later' }])
    invalid = false
    expect((await outbox.run(A)).sent).toBe(2)
    expect(sent.at(-2)!.key).toBe(fixed.id)
  })

  it('20008 → conflicted with the server record; keep mine re-sends with its version, take theirs drops mine', async () => {
    const server = { thingId: 'r1', name: 'theirs', version: 7 }
    const { outbox, store, sent, told } = setup((s) => {
      const b = s.body as { version: number }
      if (b.version !== server.version) throw new ApiErr('code', Code.VERSION_CONFLICT, { ...server })
      Object.assign(server, s.body, { version: server.version + 1 })
      return { ...server }
    })
    const mine = await outbox.enqueue(edit('r1', 'mine', 6))
    expect((await outbox.run(A)).conflicted).toBe(1)
    const [c] = await store.list(A)
    expect(c).toMatchObject({ status: 'conflicted', theirs: { name: 'theirs', version: 7 } })
    // told once (the message centre's "offline edit conflicted"); a run while it waits tells nothing more
    await outbox.run(A)
    expect(told).toEqual([`thing:${mine.id}`])
    await outbox.resolve(mine.id, 'mine')
    const [again] = await store.list(A)
    expect(again).toMatchObject({ status: 'pending', baseVersion: 7, payload: { values: { name: 'mine', version: 7 } } })
    expect(again!.id).not.toBe(mine.id)
    expect((await outbox.run(A)).sent).toBe(1)
    expect(server).toMatchObject({ name: 'mine', version: 8 })

    const second = await outbox.enqueue(edit('r1', 'stale', 3))
    await outbox.run(A)
    await outbox.resolve(second.id, 'theirs')
    expect(await store.list(A)).toEqual([])
    expect(await store.record(A, 'thing', 'r1')).toBeUndefined()
    expect(sent.filter((s) => (s.step.body as { name?: string }).name === 'stale')).toHaveLength(1)
  })

  it('an edit applied whose answer was lost, then answered 20008 on the replay (no stored answer for its key): accepted, later edits on its version', async () => {
    const server = { thingId: 'r1', name: 'before', version: 1 }
    let lose = true
    const { outbox, store, sent, tick } = setup((s) => {
      const b = s.body as { version: number }
      if (b.version !== server.version) throw new ApiErr('code', Code.VERSION_CONFLICT, { ...server })
      Object.assign(server, s.body, { version: server.version + 1 })
      if (lose) {
        lose = false // the gateway died after the commit: no answer, and none kept for the key
        throw new ApiErr('network')
      }
      return { ...server }
    })
    await outbox.enqueue(edit('r1', 'mine', 1))
    await outbox.enqueue({ ...edit('r1', 'then', 1) })
    expect((await outbox.run(A)).offline).toBe(true)
    expect(server).toMatchObject({ name: 'mine', version: 2 })
    tick(BACKOFF_MAX_MS)
    const r = await outbox.run(A)
    expect(r).toMatchObject({ conflicted: 0 })
    expect(await store.list(A)).toEqual([])
    expect(server).toMatchObject({ name: 'then', version: 3 })
    expect(sent.map((x) => (x.step.body as { name: string }).name)).toEqual(['mine', 'mine', 'then'])
  })

  it('a 20008 whose record differs from the edit, or is more than one version on, stays a conflict even after a lost answer', async () => {
    const server = { thingId: 'r1', name: 'before', version: 1 }
    let lose = true
    const { outbox, store, tick } = setup((s) => {
      const b = s.body as { version: number }
      if (b.version !== server.version) throw new ApiErr('code', Code.VERSION_CONFLICT, { ...server })
      if (lose) {
        lose = false
        Object.assign(server, { name: 'someone else', version: 2 }) // not ours, and our request never arrived
        throw new ApiErr('network')
      }
      return { ...server }
    })
    await outbox.enqueue(edit('r1', 'mine', 1))
    await outbox.run(A)
    tick(BACKOFF_MAX_MS)
    expect((await outbox.run(A)).conflicted).toBe(1)
    expect((await store.list(A))[0]).toMatchObject({ status: 'conflicted', theirs: { name: 'someone else' } })
  })

  it('merge per field takes the chosen fields from theirs', async () => {
    const { outbox, store } = setup(() => {
      throw new ApiErr('code', Code.VERSION_CONFLICT, { thingId: 'r1', name: 'theirs', note: 'their note', version: 9 })
    })
    const e = await outbox.enqueue({
      ...edit('r1', 'mine', 8),
      payload: { values: { thingId: 'r1', name: 'mine', note: 'my note', version: 8 } },
    })
    await outbox.run(A)
    await outbox.resolve(e.id, { pick: { name: 'theirs', note: 'mine' } })
    const [m] = await store.list(A)
    expect(m!.payload.values).toEqual({ thingId: 'r1', name: 'theirs', note: 'my note', version: 9 })
  })

  it('5xx / 429 back off honouring Retry-After; a lost session stops the run and keeps the entry without counting it', async () => {
    let answer: unknown = new ApiErr('code', Code.REFUSED, null, 429, '120')
    const { outbox, store } = setup(() => {
      throw answer
    })
    await outbox.enqueue(edit('r1', 'x'))
    expect((await outbox.run(A)).sent).toBe(0)
    let [e] = await store.list(A)
    expect(e).toMatchObject({ status: 'pending', attempts: 1 })
    expect(e!.nextAttemptAt - 1_000_000).toBe(120_000)
    await store.put({ ...e!, nextAttemptAt: 0 })
    answer = new ApiErr('code', Code.SESSION_INVALID)
    await outbox.run(A)
    ;[e] = await store.list(A)
    expect(e).toMatchObject({ status: 'pending', attempts: 1 })
  })

  it('an account never sees or replays another account’s entries; clearing an account removes its entries, copies and facts', async () => {
    const { outbox, store, sent } = setup(() => ({ version: 2 }))
    await outbox.enqueue(edit('r1', 'a'))
    await outbox.enqueue({ ...edit('r1', 'b'), accountId: 'acc-2' })
    expect((await store.list('acc-2')).map((e) => e.payload.values)).toMatchObject([{ name: 'b' }])
    await store.clearAccount(A)
    expect(await store.list(A)).toEqual([])
    expect(await store.records(A)).toEqual([])
    expect(await store.list('acc-2')).toHaveLength(1)
    await outbox.run(A)
    expect(sent).toEqual([])
  })

  it('discarding keeps the later edits of the record on the local copy', async () => {
    const { outbox, store } = setup(() => ({}))
    const first = await outbox.enqueue(edit('r1', 'one'))
    await outbox.enqueue({ accountId: A, entity: 'thing', entityId: 'r1', op: 'enable', payload: { enable: false } })
    expect((await store.record(A, 'thing', 'r1'))?.data).toMatchObject({ name: 'one', status: 'off' })
    await outbox.discard(first.id)
    expect((await store.record(A, 'thing', 'r1'))?.data).toMatchObject({ name: 'before', status: 'off' })
  })
})

describe('policy', () => {
  it('classifies answers', () => {
    const e = { attempts: 1 }
    expect(classify({ kind: 'network', code: 0 }, e, 0)).toMatchObject({ kind: 'retry', offline: true })
    expect(classify({ kind: 'invalid', code: 0, status: 200 }, e, 0)).toMatchObject({ kind: 'retry', offline: true })
    expect(classify({ kind: 'code', code: Code.SERVER_FAULT, status: 500 }, e, 0)).toMatchObject({ kind: 'retry', offline: false })
    expect(classify({ kind: 'code', code: Code.INVALID }, e, 0)).toEqual({ kind: 'failed' })
    expect(classify({ kind: 'code', code: Code.IDEMPOTENCY_MISMATCH }, e, 0)).toEqual({ kind: 'failed' })
    expect(classify({ kind: 'code', code: Code.IDEMPOTENCY_MISMATCH }, { sent: true, attempts: 2 }, 0)).toMatchObject({ kind: 'retry' })
    expect(classify({ kind: 'code', code: Code.VERSION_CONFLICT, data: { version: 3 } }, e, 0)).toEqual({
      kind: 'conflicted',
      theirs: { version: 3 },
    })
    expect(classify({ kind: 'cancelled', code: Code.IDLE }, e, 0)).toEqual({ kind: 'session' })
    expect(classify({ kind: 'code', code: Code.ACCOUNT_DISABLED }, e, 0)).toEqual({ kind: 'session' })
  })

  it('backs off exponentially with jitter, capped, never under Retry-After', () => {
    expect(backoffMs(1, () => 0)).toBe(BACKOFF_BASE_MS / 2)
    expect(backoffMs(1, () => 1)).toBe(BACKOFF_BASE_MS)
    expect(backoffMs(3, () => 1)).toBe(BACKOFF_BASE_MS * 4)
    expect(backoffMs(30, () => 1)).toBe(BACKOFF_MAX_MS)
    const spread = new Set(Array.from({ length: 20 }, (_, i) => backoffMs(4, () => i / 20)))
    expect(spread.size).toBe(20)
    expect(backoffMs(1, () => 0, 60_000)).toBe(60_000)
    expect(parseRetryAfter('7', 0)).toBe(7000)
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 0)).toBe(10_000)
    expect(parseRetryAfter('soon', 0)).toBeNull()
  })
})

describe('files taken offline', () => {
  it('uploads a kept file BEFORE the edit that references it; the edit carries the file id; a retry does not upload it again', async () => {
    let failPut = true
    const { outbox, store, sent } = setup((s) => {
      if (s.method === 'upload') return { fileId: 'file-1' }
      if (s.method === 'put' && failPut) {
        failPut = false
        throw new ApiErr('network')
      }
      return { ...(s.body as object), version: 2 }
    })
    const blob1 = keptFileId()
    await store.putBlob({ id: blob1, accountId: A, blob: new Blob([new Uint8Array([1, 2, 3])]), name: 'p.jpg', createdAt: 1 })
    const e = await outbox.enqueue({
      ...edit('r1', 'with photo'),
      payload: {
        values: { thingId: 'r1', name: 'with photo', version: 1, photoIds: ['old', blob1] },
      },
    })
    // the upload goes through, the edit's request does not (no network): the upload is remembered
    expect((await outbox.run(A)).offline).toBe(true)
    expect((await store.get(e.id))?.resolved).toEqual({ [blob1]: 'file-1' })
    await outbox.retry(e.id)
    expect((await outbox.run(A)).sent).toBe(1)
    expect(sent.map((x) => [x.step.method, x.key])).toEqual([
      ['upload', e.id],
      ['put', `${e.id}:1`],
      ['put', `${e.id}:1`],
    ])
    expect(sent[0]!.step.body).toEqual({ blobId: blob1, purpose: 'photo' })
    expect(sent[2]!.step.body).toEqual({ thingId: 'r1', name: 'with photo', version: 1, photoIds: ['old', 'file-1'] })
    // the kept file is gone once the edit is on the server
    expect(await store.getBlob(blob1)).toBeUndefined()
    expect(await store.list(A)).toEqual([])
  })
})

describe('schema', () => {
  it('migrates a version-1 database: entries keep their data and get progress and title; kept files get their store', async () => {
    const name = 'migrate-1'
    const v1 = await openOutboxDb(name, 1)
    await v1.put('outbox', {
      id: 'e1',
      accountId: A,
      entity: 'thing',
      entityId: 'r1',
      op: 'update',
      payload: {},
      baseVersion: 1,
      createdAt: 1,
      seq: 1,
      attempts: 0,
      status: 'pending',
      lastError: null,
      nextAttemptAt: 0,
    } as never)
    v1.close()
    const db = await openOutboxDb(name)
    expect(db.version).toBe(3)
    expect(db.objectStoreNames.contains('meta')).toBe(true)
    expect(await db.get('outbox', 'e1')).toMatchObject({ id: 'e1', progress: 0, title: '' })
    db.close()
    const raw = await openDB(name)
    expect([...raw.objectStoreNames].sort()).toEqual(['blobs', 'meta', 'outbox', 'records'])
    raw.close()
  })
})
