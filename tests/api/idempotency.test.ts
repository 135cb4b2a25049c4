/**
 * Idempotency-Keys across a gateway crash (DESIGN §4). A process that dies mid-request leaves its
 * key `in_progress`; the outbox replaying that edit must not get 20009 forever. Once the lease
 * (`TRESTLE_IDEMPOTENCY_LEASE`, 60 s by default) has run out, a retry with the same payload takes
 * the key over and the edit applies exactly once. The crashed request is simulated by its row,
 * written into the PostgreSQL server behind pgA/pgB (the embedded database belongs to its process).
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { newKey, sha256, type Answer } from './client'
import { ROLE, signedIn, uniqueName } from './helpers'

const pgUrl = provided('pgUrl')
const pair = provided('pgPair')
const ADD = `${ROLE}/add`

/** What the gateway keys a request by: method, path and the hash of the body bytes. */
const fingerprintOf = (method: string, path: string, body: string) => sha256(`${method}\n${path}\n${sha256(body)}`)

describe.runIf(pgUrl && pair)('Idempotency-Keys left in progress (PostgreSQL)', () => {
  const [a, b] = pair ?? []
  const db = new pg.Pool({ connectionString: pgUrl ?? undefined, max: 2 })
  let adminId: string
  beforeAll(async () => {
    const r = await db.query<{ account_id: string }>(`select account_id from account where account_name = 'admin'`)
    adminId = r.rows[0]!.account_id
  })
  afterAll(async () => {
    await db.end()
  })

  /** The row a request leaves behind when its process dies after reserving the key. */
  async function abandoned(key: string, json: unknown, secondsAgo: number) {
    await db.query(
      `insert into idempotency (account_id, key, fingerprint, state, created_at) values ($1, $2, $3, 'in_progress', now() - make_interval(secs => $4))`,
      [adminId, key, fingerprintOf('POST', ADD, JSON.stringify(json)), secondsAgo],
    )
  }

  it('keeps refusing (20009) while the lease of an in-progress key runs', async () => {
    const admin = await signedIn(a!)
    const key = newKey()
    const json = { roleName: uniqueName('租约'), dataScope: 'own' }
    await abandoned(key, json, 5)
    expect((await admin.call(`POST`, ADD, { json, idempotencyKey: key })).body.code).toBe(20009)
    const list = await admin.call<unknown[]>('GET', `${ROLE}/list`, { query: { roleName: json.roleName } })
    expect(list.body.data).toHaveLength(0)
  })

  it('lets retries take over a stale key: the edit applies exactly once, later retries replay it', async () => {
    const admin = await signedIn(a!)
    const onB = await signedIn(b!)
    const key = newKey()
    const json = { roleName: uniqueName('补发'), dataScope: 'own' }
    await abandoned(key, json, 120)

    // Another payload never takes a stale key over.
    expect((await admin.call('POST', ADD, { json: { ...json, roleName: `${json.roleName}x` }, idempotencyKey: key })).body.code).toBe(20009)

    // Two retries at once, on two processes: one runs, the other is refused or replays its answer.
    const answers: Answer<{ roleId: string; roleName: string }>[] = await Promise.all([
      admin.call<{ roleId: string; roleName: string }>('POST', ADD, { json, idempotencyKey: key }),
      onB.call<{ roleId: string; roleName: string }>('POST', ADD, { json, idempotencyKey: key }),
    ])
    const ran = answers.filter((r) => r.body.code === 10000 && r.headers.get('idempotent-replayed') !== 'true')
    expect(ran).toHaveLength(1)
    const first = ran[0]!
    expect(first.body.data.roleName).toBe(json.roleName)
    for (const other of answers.filter((r) => r !== first)) {
      if (other.body.code === 10000) expect(other.text).toBe(first.text)
      else expect(other.body.code).toBe(20009)
    }
    const list = await admin.call<{ roleId: string }[]>('GET', `${ROLE}/list`, { query: { roleName: json.roleName } })
    expect(list.body.data.map((r) => r.roleId)).toEqual([first.body.data.roleId])

    // The key is done now: a later retry gets the identical stored answer.
    const replay = await onB.call('POST', ADD, { json, idempotencyKey: key })
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(replay.status).toBe(first.status)
    expect(replay.text).toBe(first.text)
    const row = await db.query<{ state: string }>('select state from idempotency where account_id = $1 and key = $2', [adminId, key])
    expect(row.rows[0]?.state).toBe('done')

    expect(
      (await admin.call('POST', `${ROLE}/delete`, { form: { ids: first.body.data.roleId }, idempotencyKey: newKey() })).body.code,
    ).toBe(10000)
  })
})

describe.each(provided('targets'))('Idempotency-Keys of refused requests on $name', (t) => {
  // The key is reserved in the nonce's statement, once the permission is known to hold: a request
  // refused before its handler keeps no key, so the outbox's retry of the same entry runs.
  it('keeps no key for a replayed nonce (20005): the same key with a fresh nonce runs', async () => {
    const admin = await signedIn(t)
    await admin.call('GET', `${ROLE}/list`, { query: { roleName: 'none' } })
    const key = newKey()
    const json = { roleName: uniqueName('旧随机数'), dataScope: 'own' }
    const replayed = await admin.call('POST', ADD, { json, idempotencyKey: key, nonce: admin.lastNonce! })
    expect(replayed.body.code).toBe(20005)
    const fresh = await admin.call<{ roleId: string; roleName: string }>('POST', ADD, { json, idempotencyKey: key })
    expect(fresh.body.code).toBe(10000)
    expect(fresh.headers.get('idempotent-replayed')).toBeNull()
    expect(fresh.body.data.roleName).toBe(json.roleName)
    expect(
      (await admin.call('POST', `${ROLE}/delete`, { form: { ids: fresh.body.data.roleId }, idempotencyKey: newKey() })).body.code,
    ).toBe(10000)
  })

  it.runIf(t.demo)('answers a replayed nonce (20005) before a missing permission (20003), and keeps no key for either', async () => {
    const tourist = await signedIn(t, 'tourist')
    const key = newKey()
    const json = { roleName: uniqueName('游客'), dataScope: 'own' }
    const refused = await tourist.call('POST', ADD, { json, idempotencyKey: key })
    expect(refused.body.code).toBe(20003)
    expect((await tourist.call('POST', ADD, { json, idempotencyKey: key, nonce: tourist.lastNonce! })).body.code).toBe(20005)
    // a key kept in progress or done would answer 20009 or a replay here
    const again = await tourist.call('POST', ADD, { json, idempotencyKey: key })
    expect(again.body.code).toBe(20003)
    expect(again.headers.get('idempotent-replayed')).toBeNull()
  })
})

describe.each(provided('targets'))('a successful Idempotency-Key replay on $name', (t) => {
  it('answers the identical stored response, once applied', async () => {
    const admin = await signedIn(t)
    const key = newKey()
    const json = { roleName: uniqueName('重放'), remark: '幂等', dataScope: 'own' }
    const first = await admin.call<{ roleId: string }>('POST', ADD, { json, idempotencyKey: key })
    expect(first.body.code).toBe(10000)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    const again = await admin.call('POST', ADD, { json, idempotencyKey: key })
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.status).toBe(first.status)
    expect(again.text).toBe(first.text)
    const list = await admin.call<unknown[]>('GET', `${ROLE}/list`, { query: { roleName: json.roleName } })
    expect(list.body.data).toHaveLength(1)
    expect(
      (await admin.call('POST', `${ROLE}/delete`, { form: { ids: first.body.data.roleId }, idempotencyKey: newKey() })).body.code,
    ).toBe(10000)
  })
})
