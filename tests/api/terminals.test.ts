/**
 * Terminal authorisation (issue 14): a device applies, an administrator authorises it (validity
 * days), rejects or cancels it; any other transition is 20021; a heartbeat of an unauthorised,
 * cancelled or expired device is refused; online is derived by the database clock and ends after a
 * missed interval; statistics count what the list shows; a unit's administrator sees only the
 * devices of their units.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { newKey, type Client } from './client'
import { DEMO_PASSWORD, signedIn, sleep } from './helpers'
import { unitAdmin } from './logs-fixtures'

const T = '/api/admin/v1/terminal'
interface Row {
  terminalId: string
  deviceId: string
  status: string
  version: number
  applyCount: number
  online: boolean
  expired: boolean
  validUntil: string | null
  validityDays: number | null
  accountName: string
  lastHeartbeatAt: string | null
}
interface Stats {
  online: number
  authorised: number
  unauthorised: number
  expiringIn7Days: number
  expired: number
  perDay: { day: string; count: number }[]
}

const post = <D = unknown>(c: Client, path: string, json: unknown) => c.call<D>('POST', path, { json, idempotencyKey: newKey() })
const apply = (c: Client, deviceId: string) =>
  post<{ terminalId: string; status: string; applyCount: number }>(c, `${T}/apply`, {
    deviceId,
    deviceName: '工地平板',
    os: 'Android',
    osVersion: '14',
    memory: '8 GB',
    processor: 'Snapdragon 8 Gen 2',
  })
const beat = (c: Client, deviceId: string) => post<{ heartbeatIntervalMin: number; validUntil: string }>(c, `${T}/heartbeat`, { deviceId })

async function find(c: Client, deviceId: string): Promise<Row> {
  const r = await c.call<{ records: Row[] }>('GET', `${T}/listPage`, { query: { keyword: deviceId } })
  expect(r.body.code, r.text).toBe(10000)
  const row = r.body.data.records.find((x) => x.deviceId === deviceId)
  if (!row) throw new Error(`no terminal ${deviceId}`)
  return row
}

describe.each(provided('targets'))('terminals on $name', (t) => {
  let admin: Client

  beforeAll(async () => {
    admin = await signedIn(t)
  })

  it('apply → authorise (validity days) → heartbeat online → cancel; invalid transitions are 20021', async () => {
    const dev = `dev-${randomUUID()}`
    const applied = await apply(admin, dev)
    expect(applied.body.code, applied.text).toBe(10000)
    expect(applied.body.data.status).toBe('unauthorised')

    let row = await find(admin, dev)
    expect(row).toMatchObject({ status: 'unauthorised', applyCount: 1, online: false, accountName: 'admin' })

    // an unauthorised device's heartbeat is refused
    const refused = await beat(admin, dev)
    expect(refused.body.code).toBe(20021)
    expect(refused.body.data).toEqual({ status: 'unauthorised' })

    // cancelling what is not authorised: 20021
    const badCancel = await post(admin, `${T}/cancel`, { terminalId: row.terminalId, version: row.version })
    expect(badCancel.body.code, badCancel.text).toBe(20021)
    // validity days are required and positive
    const noDays = await post(admin, `${T}/agree`, { terminalId: row.terminalId, version: row.version, validityDays: 0 })
    expect(noDays.body.code).toBe(20001)
    expect(JSON.stringify(noDays.body.data)).toContain('validityDays')

    const agreed = await post<Row>(admin, `${T}/agree`, { terminalId: row.terminalId, version: row.version, validityDays: 30 })
    expect(agreed.body.code, agreed.text).toBe(10000)
    expect(agreed.body.data.status).toBe('authorised')
    expect(agreed.body.data.validityDays).toBe(30)
    const days = (Date.parse(agreed.body.data.validUntil!) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(29.9)
    expect(days).toBeLessThan(30.1)

    // a stale version: 20008; agreeing again (now authorised): 20021; rejecting an authorised device: 20021
    expect((await post(admin, `${T}/agree`, { terminalId: row.terminalId, version: row.version, validityDays: 30 })).body.code).toBe(20008)
    row = await find(admin, dev)
    expect((await post(admin, `${T}/agree`, { terminalId: row.terminalId, version: row.version, validityDays: 30 })).body.code).toBe(20021)
    expect((await post(admin, `${T}/reject`, { terminalId: row.terminalId, version: row.version })).body.code).toBe(20021)

    expect(row.online).toBe(false)
    const ok = await beat(admin, dev)
    expect(ok.body.code, ok.text).toBe(10000)
    expect(ok.body.data.heartbeatIntervalMin).toBe(5)
    row = await find(admin, dev)
    expect(row.online).toBe(true)
    expect(row.lastHeartbeatAt).toBeTruthy()
    // a heartbeat is not an edit: the version did not move
    expect(row.version).toBe(agreed.body.data.version)

    const online = await admin.call<{ records: Row[] }>('GET', `${T}/listPage`, { query: { connection: 'online', pageSize: 500 } })
    expect(online.body.data.records.map((r) => r.deviceId)).toContain(dev)

    const cancelled = await post<Row>(admin, `${T}/cancel`, { terminalId: row.terminalId, version: row.version })
    expect(cancelled.body.code, cancelled.text).toBe(10000)
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', online: false })
    expect((await beat(admin, dev)).body.data).toEqual({ status: 'cancelled' })
    // cancelled → authorised directly: 20021; the device applies again → unauthorised, applied twice
    expect(
      (await post(admin, `${T}/agree`, { terminalId: row.terminalId, version: cancelled.body.data.version, validityDays: 1 })).body.code,
    ).toBe(20021)
    const again = await apply(admin, dev)
    expect(again.body.data).toMatchObject({ status: 'unauthorised', applyCount: 2 })

    // reject, then the rejected device cannot beat either
    row = await find(admin, dev)
    const rejected = await post<Row>(admin, `${T}/reject`, { terminalId: row.terminalId, version: row.version })
    expect(rejected.body.code, rejected.text).toBe(10000)
    expect(rejected.body.data.status).toBe('rejected')
    expect((await beat(admin, dev)).body.code).toBe(20021)
    // an unknown device: nothing of any device
    const unknown = await beat(admin, `nobody-${randomUUID()}`)
    expect(unknown.body).toMatchObject({ code: 20021, data: null })
    // bad input is 20001 on the field
    const bad = await post(admin, `${T}/apply`, { deviceId: 'has space' })
    expect(bad.body.code).toBe(20001)
    expect(JSON.stringify(bad.body.data)).toContain('deviceId')
  })

  it('online ends after a missed interval (database clock), and statistics count it', async () => {
    const dev = `beat-${randomUUID()}`
    await apply(admin, dev)
    let row = await find(admin, dev)
    // an interval of 0.05 minutes (3 s): online while beats come within two intervals
    const agreed = await post<Row>(admin, `${T}/agree`, {
      terminalId: row.terminalId,
      version: row.version,
      validityDays: 5,
      heartbeatIntervalMin: 0.05,
    })
    expect(agreed.body.code, agreed.text).toBe(10000)
    const before = (await admin.call<Stats>('GET', `${T}/statistics`)).body.data
    expect((await beat(admin, dev)).body.code).toBe(10000)
    row = await find(admin, dev)
    expect(row.online).toBe(true)
    const during = await admin.call<Stats>('GET', `${T}/statistics`)
    expect(during.body.code, during.text).toBe(10000)
    expect(during.body.data.online).toBe(before.online + 1)
    expect(during.body.data.expiringIn7Days).toBeGreaterThanOrEqual(1)
    expect(during.body.data.perDay).toHaveLength(14)
    expect(during.body.data.perDay[13]!.count).toBeGreaterThanOrEqual(1)
    await sleep(7000)
    row = await find(admin, dev)
    expect(row.online).toBe(false)
    expect(row.status).toBe('authorised')
    const offline = await admin.call<{ records: Row[] }>('GET', `${T}/listPage`, { query: { connection: 'offline', keyword: dev } })
    expect(offline.body.data.records.map((r) => r.deviceId)).toEqual([dev])
    // it beats again: online again
    expect((await beat(admin, dev)).body.code).toBe(10000)
    expect((await find(admin, dev)).online).toBe(true)
  })

  it('an expired authorisation refuses heartbeats (PostgreSQL: validity moved into the past directly)', async () => {
    const pgUrl = provided('pgUrl')
    if (!t.name.startsWith('pg') || !pgUrl) return
    const dev = `exp-${randomUUID()}`
    await apply(admin, dev)
    const row = await find(admin, dev)
    expect((await post(admin, `${T}/agree`, { terminalId: row.terminalId, version: row.version, validityDays: 1 })).body.code).toBe(10000)
    expect((await beat(admin, dev)).body.code).toBe(10000)
    const { default: pg } = await import('pg')
    const db = new pg.Client({ connectionString: pgUrl })
    await db.connect()
    await db.query(`update terminal set valid_until = now() - interval '1 second' where device_id = $1`, [dev])
    await db.end()
    const refused = await beat(admin, dev)
    expect(refused.body.code).toBe(20021)
    expect(refused.body.data).toEqual({ status: 'expired' })
    const now = await find(admin, dev)
    expect(now).toMatchObject({ expired: true, online: false })
    // an expired device may apply again
    expect((await apply(admin, dev)).body.data).toMatchObject({ status: 'unauthorised', applyCount: 2 })
  })

  it('a unit administrator sees and decides only the devices of their units', async () => {
    const unit = await unitAdmin(t, admin, [{ menu: '/admin/terminal-authentication', fns: ['authorize', 'reject', 'cancel'] }])
    const mine = `unit-${randomUUID()}`
    const theirs = `hq-${randomUUID()}`
    expect((await apply(unit.client, mine)).body.code).toBe(10000)
    expect((await apply(admin, theirs)).body.code).toBe(10000)
    const list = await unit.client.call<{ records: Row[] }>('GET', `${T}/listPage`, { query: { pageSize: 500 } })
    expect(list.body.code, list.text).toBe(10000)
    const ids = list.body.data.records.map((r) => r.deviceId)
    expect(ids).toContain(mine)
    expect(ids).not.toContain(theirs)
    const other = await find(admin, theirs)
    const refused = await post(unit.client, `${T}/agree`, { terminalId: other.terminalId, version: other.version, validityDays: 3 })
    expect(refused.body.code).toBe(20002)
    const own = await find(unit.client, mine)
    expect((await post(unit.client, `${T}/agree`, { terminalId: own.terminalId, version: own.version, validityDays: 3 })).body.code).toBe(
      10000,
    )
  })
})

/** Ownership (issue 28): a device is its first applicant's until an administrator releases it. */
describe.each(provided('targets'))('terminal ownership on $name', (t) => {
  let admin: Client
  let other: Awaited<ReturnType<typeof unitAdmin>>

  beforeAll(async () => {
    admin = await signedIn(t)
    other = await unitAdmin(t, admin, [{ menu: '/admin/terminal-authentication', fns: ['authorize'] }])
  })

  /** An authorised device of admin's. */
  async function adminsDevice(): Promise<{ dev: string; row: Row }> {
    const dev = `own-${randomUUID()}`
    expect((await apply(admin, dev)).body.code).toBe(10000)
    const row = await find(admin, dev)
    expect((await post(admin, `${T}/agree`, { terminalId: row.terminalId, version: row.version, validityDays: 30 })).body.code).toBe(10000)
    expect((await beat(admin, dev)).body.code).toBe(10000)
    return { dev, row: await find(admin, dev) }
  }

  it('another account applying with the id of a device it does not own learns nothing and changes nothing', async () => {
    const { dev, row } = await adminsDevice()
    const unknownAnswer = (await beat(other.client, `nobody-${randomUUID()}`)).body
    const taken = await apply(other.client, dev)
    expect(taken.body.code, taken.text).toBe(20021)
    expect(taken.body.data).toBeNull()
    expect(taken.body.message).toBe(unknownAnswer.message)
    expect(taken.text).not.toContain(row.terminalId)
    const after = await find(admin, dev)
    expect(after).toMatchObject({
      status: 'authorised',
      accountName: 'admin',
      applyCount: row.applyCount,
      version: row.version,
      owned: true,
    })
  })

  it('a heartbeat counts only from the device’s own account; a foreign id and an unknown one get one answer', async () => {
    const { dev } = await adminsDevice()
    const foreign = await beat(other.client, dev)
    const unknown = await beat(other.client, `nobody-${randomUUID()}`)
    expect(foreign.body).toMatchObject({ code: 20021, data: null })
    expect({ ...foreign.body, timestamp: 0 }).toEqual({ ...unknown.body, timestamp: 0 })
    // the owner's own device still answers its state
    expect((await beat(admin, dev)).body.code).toBe(10000)
  })

  it('an administrator releases a device: its authorisation ends and the next applicant takes it', async () => {
    const { dev, row } = await adminsDevice()
    // only administrators of the menu's cancel function release
    expect((await post(other.client, `${T}/release`, { terminalId: row.terminalId, version: row.version })).body.code).toBe(20003)
    const released = await post<Row>(admin, `${T}/release`, { terminalId: row.terminalId, version: row.version })
    expect(released.body.code, released.text).toBe(10000)
    expect(released.body.data).toMatchObject({ status: 'cancelled', owned: false, online: false })
    // released twice: 20021
    expect((await post(admin, `${T}/release`, { terminalId: row.terminalId, version: released.body.data.version })).body.code).toBe(20021)
    // the old owner's heartbeat is now the unknown answer; the other account applies and owns it
    expect((await beat(admin, dev)).body).toMatchObject({ code: 20021, data: null })
    const claimed = await apply(other.client, dev)
    expect(claimed.body.code, claimed.text).toBe(10000)
    expect(claimed.body.data.status).toBe('unauthorised')
    expect(await find(admin, dev)).toMatchObject({ accountName: other.accountName, owned: true })
    expect((await apply(admin, dev)).body.code).toBe(20021)
  })

  it('guessed device ids are limited per account in the database (HTTP 429 after 20 misses a minute)', async () => {
    const guesser = await unitAdmin(t, admin, [{ menu: '/admin/terminal-authentication', fns: [] }])
    // Fixed one-minute windows aligned to the clock: one may end during the loop, so allow two windows' worth.
    const codes: number[] = []
    let limited: Awaited<ReturnType<typeof beat>> | undefined
    for (let i = 0; i <= 2 * 20 + 1 && !limited; i++) {
      const r = await beat(guesser.client, `guess-${randomUUID()}`)
      if (r.status === 429) limited = r
      else codes.push(r.body.code)
    }
    expect(limited?.status).toBe(429)
    expect(limited!.headers.get('retry-after')).toBeTruthy()
    expect(codes.length).toBeGreaterThanOrEqual(20)
    expect(codes).toEqual(Array(codes.length).fill(20021))
    // applying for a fresh id is refused as well while the window lasts; other accounts are not affected
    expect((await apply(guesser.client, `fresh-${randomUUID()}`)).status).toBe(429)
    expect((await apply(other.client, `fresh-${randomUUID()}`)).body.code).toBe(10000)
  })
})

describe.each(provided('targets').filter((t) => t.demo))('terminals and the read-only tourist ($name)', (t) => {
  it('the tourist neither applies nor sends heartbeats (20003)', async () => {
    const admin = await signedIn(t)
    const tourist = await signedIn(t, 'tourist', DEMO_PASSWORD)
    const dev = `tour-${randomUUID()}`
    expect((await apply(tourist, dev)).body.code).toBe(20003)
    expect((await apply(admin, dev)).body.code).toBe(10000)
    const row = await find(admin, dev)
    expect((await post(admin, `${T}/agree`, { terminalId: row.terminalId, version: row.version, validityDays: 1 })).body.code).toBe(10000)
    expect((await beat(tourist, dev)).body.code).toBe(20003)
    expect((await find(admin, dev)).lastHeartbeatAt).toBeNull()
  })
})
