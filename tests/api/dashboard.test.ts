/**
 * Home dashboard (issue 14): GET dashboard/summary counts what was written — logins today and per
 * day, active accounts, online terminals and applications per day, pending audits, accounts by
 * status — within the caller's data scope (a unit's administrator counts only their units), and
 * only for the menus the caller holds (a figure whose menu is missing is absent; no menu: none).
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import type { DashboardSummary } from '../../src/contract/schemas/dashboard'
import { Client, newKey } from './client'
import { PASSWORD, mustAdd } from './accounts-fixtures'
import { addMembers } from './roles-fixtures'
import { signedIn } from './helpers'
import { unitAdmin } from './logs-fixtures'

const SUMMARY = '/api/admin/v1/dashboard/summary'
const T = '/api/admin/v1/terminal'

const summary = async (c: Client, days?: number) => {
  const r = await c.call<DashboardSummary>('GET', SUMMARY, days ? { query: { days: String(days) } } : {})
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}
const post = <D = unknown>(c: Client, path: string, json: unknown) => c.call<D>('POST', path, { json, idempotencyKey: newKey() })
const today = (s: { perDay: { day: string; count: number }[] }) => s.perDay.at(-1)!.count

describe.each(provided('targets'))('dashboard on $name', (t) => {
  let admin: Client

  beforeAll(async () => {
    admin = await signedIn(t)
  })

  it('a unit administrator counts the logins, accounts, devices and audits of their unit only', async () => {
    const unit = await unitAdmin(t, admin, [
      { menu: '/admin/systemLog', fns: [] },
      { menu: '/admin/terminal-authentication', fns: ['authorize'] },
      { menu: '/admin/user-audit', fns: [] },
      { menu: '/admin/organization', fns: [] },
    ])
    let s = await summary(unit.client)
    // the unit administrator's own sign-in is the only login of the new unit
    expect(s.logins).toMatchObject({ today: 1, activeAccounts: 1 })
    expect(s.logins!.perDay).toHaveLength(14)
    expect(today(s.logins!)).toBe(1)
    expect(s.terminals).toMatchObject({ online: 0, authorised: 0 })
    expect(today(s.terminals!)).toBe(0)
    expect(s.audits).toEqual({ pending: 0 })
    expect(s.accounts!.total).toBe(1)
    expect(s.accounts!.byStatus.find((x) => x.status === 'normal')!.count).toBe(1)

    // a second account of the unit signs in twice and fails once (a failure is no login)
    const other = await mustAdd(admin, unit.organizationId)
    expect((await addMembers(admin, unit.roleId, [other.accountId])).body.code).toBe(10000)
    await new Client(t.url).signIn(other.accountName, PASSWORD)
    const worker = await new Client(t.url).signIn(other.accountName, PASSWORD)
    expect((await new Client(t.url).login(other.accountName, 'wrong-Password1')).body.code).not.toBe(10000)
    // a device of the unit applies, is authorised and beats: online now
    const dev = `dash-${randomUUID()}`
    const applied = await post<{ terminalId: string }>(worker, `${T}/apply`, { deviceId: dev, deviceName: '平板', os: 'Android' })
    expect(applied.body.code, applied.text).toBe(10000)
    const list = await unit.client.call<{ records: { terminalId: string; version: number }[] }>('GET', `${T}/listPage`, {
      query: { keyword: dev },
    })
    const row = list.body.data.records[0]!
    const agreed = await post(unit.client, `${T}/agree`, {
      terminalId: row.terminalId,
      version: row.version,
      validityDays: 30,
      heartbeatIntervalMin: 5,
    })
    expect(agreed.body.code, agreed.text).toBe(10000)
    expect((await post(worker, `${T}/heartbeat`, { deviceId: dev })).body.code).toBe(10000)

    s = await summary(unit.client, 30)
    expect(s.days).toBe(30)
    expect(s.logins).toMatchObject({ today: 3, activeAccounts: 2 })
    expect(s.logins!.perDay).toHaveLength(30)
    expect(today(s.logins!)).toBe(3)
    expect(s.terminals).toMatchObject({ online: 1, authorised: 1 })
    expect(today(s.terminals!)).toBe(1)
    expect(s.terminals!.perDay).toHaveLength(30)
    expect(s.accounts!.total).toBe(2)

    // the administrator (scope: all) sees at least as much, including their own sign-in elsewhere
    const all = await summary(admin)
    expect(all.logins!.today).toBeGreaterThanOrEqual(4)
    expect(all.terminals!.online).toBeGreaterThanOrEqual(1)
    expect(all.accounts!.total).toBeGreaterThan(2)

    // another unit's administrator does not see this unit's figures
    const stranger = await unitAdmin(t, admin, [{ menu: '/admin/systemLog', fns: [] }])
    const theirs = await summary(stranger.client)
    expect(theirs.logins).toMatchObject({ today: 1, activeAccounts: 1 })
  })

  it('a figure whose menu the caller lacks is absent; an account without menus gets none; bad days is 20001', async () => {
    const logsOnly = await unitAdmin(t, admin, [{ menu: '/admin/systemLog', fns: [] }])
    const s = await summary(logsOnly.client)
    expect(Object.keys(s).sort()).toEqual(['at', 'days', 'logins'])

    // an account whose role holds only the home page
    const plain = await unitAdmin(t, admin, [{ menu: '/admin/home', fns: [] }])
    expect(Object.keys(await summary(plain.client)).sort()).toEqual(['at', 'days'])

    const bad = await admin.call('GET', SUMMARY, { query: { days: '7' } })
    expect(bad.body.code, bad.text).toBe(20001)
  })
})
