/**
 * The three logs (issue 14): filters and a time range on every query, keyset paging, an
 * organisation administrator sees only the logs of their units, request/response kept with secrets
 * redacted, CSV (BOM) and XLSX exports, 100,000 rows exported with flat gateway memory, and the
 * monthly partitions kept idempotently with retention per log — on both databases.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { loadConfig } from '../../server/config'
import { openDatabase, type Database } from '../../server/db/client'
import { ensureLogPartitions } from '../../server/modules/logs/partitions'
import { onFreshEmbedded, onFreshPostgres } from './fresh-database'
import { startGateway, type Gateway } from '../support/gateway'
import { Client, newKey } from './client'
import { PASSWORD, mustAdd, newUnit } from './accounts-fixtures'
import { MENU_BY_PERMISSION, signedIn } from './helpers'
import { unitAdmin } from './logs-fixtures'

const L = '/api/admin/v1'
interface Page<T> {
  records: T[]
  total: number
  totalCapped?: boolean
  nextCursor?: string
  from: string
  to: string
}
interface LoginRow {
  loginLogId: string
  accountName: string | null
  ip: string
  city: string | null
  terminal: string | null
  success: boolean
  code: number
  createdAt: string
}
interface OperateRow {
  operateLogId: string
  accountName: string
  uri: string
  method: string
  menuName: string | null
  menuPath: string | null
  op: string | null
  action: string | null
  service: string | null
  statusCode: number
  request?: string
  response?: string
}

interface SystemRow {
  systemLogId: string
  event: string
  menuPath: string | null
  action: string | null
  service: string | null
  code: number | null
  durationMs: number | null
  content: string | null
}

/** `2026-11-26 17:04:05` of an instant in a time zone (as the export writes it). */
const zoneTime = (iso: string, tz: string) => new Date(iso).toLocaleString('sv-SE', { timeZone: tz, hourCycle: 'h23' })
const zoneDate = (d: Date, tz: string) => d.toLocaleDateString('sv-SE', { timeZone: tz })
/** The file name of a Content-Disposition: its RFC 5987 `filename*`, decoded. */
const fileNameOf = (h: Headers) => {
  const m = /filename\*=UTF-8''([^;]+)/.exec(h.get('content-disposition') ?? '')
  return m ? decodeURIComponent(m[1]!) : null
}
/** The rows of a CSV text (quoted cells, doubled quotes). */
function csvRows(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') {
      row.push(cell)
      cell = ''
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += ch
  }
  if (cell || row.length) rows.push([...row, cell])
  return rows
}

describe.each(provided('targets'))('logs on $name', (t) => {
  let admin: Client
  let unit: Awaited<ReturnType<typeof unitAdmin>>

  beforeAll(async () => {
    admin = await signedIn(t)
    unit = await unitAdmin(t, admin, [
      { menu: '/admin/systemLog', fns: ['export'] },
      { menu: '/admin/terminal-authentication', fns: ['authorize'] },
    ])
  })

  it("names the holder and unit of account names (SPEC §7 helper call), within the caller's log scope", async () => {
    const H = '/api/portal/v1/user/listByAccountNames'
    type Holder = { accountName: string; userName: string | null; organizationId: string | null; organizationName: string | null }
    const both = await admin.call<Holder[]>('GET', H, { query: { accountNames: `${unit.accountName.toUpperCase()},admin,nobody-here` } })
    expect(both.body.code).toBe(10000)
    const mine = both.body.data.find((h) => h.accountName === unit.accountName)
    expect(mine).toMatchObject({ organizationId: unit.organizationId, organizationName: expect.stringContaining('日志测试单位') })
    expect(both.body.data.map((h) => h.accountName).sort()).toEqual(['admin', unit.accountName].sort())
    // the unit administrator reads its unit's logs: the administrator (no unit) is not among its holders
    const own = await unit.client.call<Holder[]>('GET', H, { query: { accountNames: `${unit.accountName},admin` } })
    expect(own.body.data.map((h) => h.accountName)).toEqual([unit.accountName])
    const tooMany = await admin.call('GET', H, { query: { accountNames: Array.from({ length: 101 }, (_, i) => `a${i}`).join(',') } })
    expect(tooMany.body.code).toBe(20001)
    expect((await admin.call('GET', H)).body.code).toBe(20001)
  })

  it('login log: filters, a time range on every query, keyset paging', async () => {
    // three failed sign-ins and one more session of the unit administrator
    for (let i = 0; i < 3; i++) expect((await new Client(t.url).login(unit.accountName, 'Wrong#pass1')).body.code).toBe(20010)
    await new Client(t.url).signIn(unit.accountName, PASSWORD)

    const mine = await admin.call<Page<LoginRow>>('GET', `${L}/loginLog/listPage`, {
      query: { accountName: unit.accountName, pageSize: 50 },
    })
    expect(mine.body.code, mine.text).toBe(10000)
    const rows = mine.body.data.records
    expect(rows.length).toBeGreaterThanOrEqual(5)
    expect(rows.every((r) => r.accountName === unit.accountName)).toBe(true)
    expect(rows.filter((r) => !r.success)).toHaveLength(3)
    // the newest first; the city of a loopback address is known offline; the terminal is the carrier's
    expect(rows.map((r) => r.createdAt)).toEqual([...rows.map((r) => r.createdAt)].sort().reverse())
    expect(rows[0]).toMatchObject({ ip: '127.0.0.1', city: 'loopback', terminal: 'node-test', success: true })
    // the default range is the last 7 days
    expect(Date.parse(mine.body.data.to) - Date.parse(mine.body.data.from)).toBe(7 * 86_400_000)

    const failed = await admin.call<Page<LoginRow>>('GET', `${L}/loginLog/listPage`, {
      query: { accountName: unit.accountName, success: '0' },
    })
    expect(failed.body.data.records.map((r) => r.code)).toEqual([20010, 20010, 20010])

    // keyset: pages of two follow each other without repeats or gaps
    const seen: string[] = []
    let cursor: string | undefined
    for (let i = 0; i < 10; i++) {
      const page: { body: { data: Page<LoginRow> } } = await admin.call<Page<LoginRow>>('GET', `${L}/loginLog/listPage`, {
        query: { accountName: unit.accountName, pageSize: 2, ...(cursor ? { cursor } : {}) },
      })
      seen.push(...page.body.data.records.map((r) => r.loginLogId))
      cursor = page.body.data.nextCursor
      if (!cursor) break
    }
    expect(seen).toEqual(rows.map((r) => r.loginLogId))

    // a range in the future holds nothing; a range that ends before it starts, or longer than a year, is 20001 on its field
    const future = new Date(Date.now() + 86_400_000).toISOString()
    const none = await admin.call<Page<LoginRow>>('GET', `${L}/loginLog/listPage`, { query: { from: future } })
    expect(none.body.data.records).toEqual([])
    const reversed = await admin.call('GET', `${L}/loginLog/listPage`, { query: { from: future, to: new Date().toISOString() } })
    expect(reversed.body.code).toBe(20001)
    expect(JSON.stringify(reversed.body.data)).toContain('"field":"to"')
    const tooLong = await admin.call('GET', `${L}/loginLog/listPage`, { query: { from: '2020-01-01T00:00:00Z' } })
    expect(tooLong.body.code).toBe(20001)
    expect(JSON.stringify(tooLong.body.data)).toContain('"field":"from"')
    const badCursor = await admin.call('GET', `${L}/loginLog/listPage`, { query: { cursor: 'nope' } })
    expect(badCursor.body.code).toBe(20001)
  })

  it('an organisation administrator sees only the logs of their units', async () => {
    const logins = await unit.client.call<Page<LoginRow>>('GET', `${L}/loginLog/listPage`, { query: { pageSize: 200 } })
    expect(logins.body.code, logins.text).toBe(10000)
    expect(logins.body.data.records.length).toBeGreaterThan(0)
    expect(new Set(logins.body.data.records.map((r) => r.accountName))).toEqual(new Set([unit.accountName]))
    // admin's own sign-ins are not theirs to see, even when asked for by name
    const adminRows = await unit.client.call<Page<LoginRow>>('GET', `${L}/loginLog/listPage`, { query: { accountName: 'admin' } })
    expect(adminRows.body.data.records).toEqual([])
    expect(
      (await admin.call<Page<LoginRow>>('GET', `${L}/loginLog/listPage`, { query: { accountName: 'admin' } })).body.data.records.length,
    ).toBeGreaterThan(0)

    // an operation of theirs is in their operation log; admin's are not
    const dev = `log-${newKey()}`
    await unit.client.call('POST', `${L}/terminal/apply`, { json: { deviceId: dev }, idempotencyKey: newKey() })
    const list = await unit.client.call<{ records: { terminalId: string; version: number }[] }>('GET', `${L}/terminal/listPage`, {
      query: { keyword: dev },
    })
    const row = list.body.data.records[0]!
    const agreed = await unit.client.call('POST', `${L}/terminal/agree`, {
      json: { terminalId: row.terminalId, version: row.version, validityDays: 2 },
      idempotencyKey: newKey(),
    })
    expect(agreed.body.code, agreed.text).toBe(10000)
    const opsNow = () => unit.client.call<Page<OperateRow>>('GET', `${L}/operateLog/listPage`, { query: { pageSize: 200 } })
    // the gate writes an operation's row once its answer is sent: under load it lands a moment later
    await expect
      .poll(async () => (await opsNow()).body.data.records.some((r) => r.uri === `${L}/terminal/agree`), { timeout: 15_000 })
      .toBe(true)
    const ops = await opsNow()
    expect(ops.body.code, ops.text).toBe(10000)
    expect(new Set(ops.body.data.records.map((r) => r.accountName))).toEqual(new Set([unit.accountName]))
    const agree = ops.body.data.records.find((r) => r.uri === `${L}/terminal/agree`)
    expect(agree).toMatchObject({ menuName: '终端授权', action: '授权', service: 'admin/terminal', statusCode: 10000 })
    // filtered by menu and status
    const byMenu = await admin.call<Page<OperateRow>>('GET', `${L}/operateLog/listPage`, {
      query: { menuName: '终端授权', accountName: unit.accountName, status: 'ok' },
    })
    expect(byMenu.body.data.records.map((r) => r.operateLogId)).toContain(agree!.operateLogId)
    const failedOnly = await admin.call<Page<OperateRow>>('GET', `${L}/operateLog/listPage`, {
      query: { accountName: unit.accountName, status: 'fail' },
    })
    expect(failedOnly.body.data.records.map((r) => r.operateLogId)).not.toContain(agree!.operateLogId)
    // a log of another unit is not found for them
    const adminOps = await admin.call<Page<OperateRow>>('GET', `${L}/operateLog/listPage`, { query: { accountName: 'admin', pageSize: 1 } })
    const foreign = adminOps.body.data.records[0]!
    expect((await unit.client.call('GET', `${L}/operateLog/detail`, { query: { id: foreign.operateLogId } })).body.code).toBe(20002)
  })

  it('request and response are kept with secrets redacted; the detail shows them', async () => {
    const org = await newUnit(admin, '日志脱敏单位')
    const acc = await mustAdd(admin, org, { userName: '脱敏测试' })
    const ops = await admin.call<Page<OperateRow>>('GET', `${L}/operateLog/listPage`, {
      query: { accountName: 'admin', uri: `${L}/generalAccount/add`, pageSize: 20 },
    })
    expect(ops.body.code, ops.text).toBe(10000)
    const entry = ops.body.data.records[0]!
    expect(entry.request).toBeUndefined()
    const detail = await admin.call<OperateRow>('GET', `${L}/operateLog/detail`, { query: { id: entry.operateLogId } })
    expect(detail.body.code, detail.text).toBe(10000)
    const request = detail.body.data.request!
    expect(request).toContain(acc.accountName)
    expect(request).toContain('"password":"***"')
    expect(request).not.toContain(PASSWORD)
    expect(detail.body.data.response).toContain(acc.accountId)
    expect(detail.body.data.response).toContain('"code":10000')
  })

  it('exports the filtered log as CSV with a BOM (zh and en headers) and as XLSX', async () => {
    const zh = await fetchSigned(admin, `${L}/loginLog/export`, { accountName: unit.accountName, format: 'csv' })
    expect(zh.status).toBe(200)
    expect(zh.headers.get('content-type')).toContain('text/csv')
    expect(zh.headers.get('content-disposition')).toContain('.csv')
    // UTF-8 with a byte order mark: Excel opens the Chinese correctly
    expect([...zh.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = zh.body.toString('utf8')
    const lines = text.slice(1).trim().split('\r\n')
    expect(lines[0]).toBe('时间,账号,IP,城市,终端,终端版本,系统版本,结果,返回码')
    const listed = await admin.call<Page<LoginRow>>('GET', `${L}/loginLog/listPage`, {
      query: { accountName: unit.accountName, pageSize: 200 },
    })
    expect(lines).toHaveLength(listed.body.data.records.length + 1)
    expect(lines.slice(1).every((l) => l.split(',')[1] === unit.accountName)).toBe(true)

    const en = await admin.call('GET', `${L}/loginLog/export`, {
      query: { accountName: unit.accountName },
      headers: { 'accept-language': 'en' },
    })
    expect(en.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Time,Account,IP,City,Terminal,Terminal version,OS version,Result,Code')

    const x = await fetchSigned(admin, `${L}/loginLog/export`, { accountName: unit.accountName, format: 'xlsx' })
    expect(x.headers.get('content-type')).toContain('spreadsheetml')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(x.body as unknown as ArrayBuffer)
    const ws = wb.worksheets[0]!
    expect(ws.getRow(1).getCell(2).value).toBe('账号')
    expect(ws.rowCount).toBe(listed.body.data.records.length + 1)
    expect(ws.getRow(2).getCell(2).value).toBe(unit.accountName)

    // without the export function: 20003
    const plain = await unitAdmin(t, admin, [{ menu: '/admin/systemLog', fns: [] }])
    const refused = await plain.client.call('GET', `${L}/loginLog/export`)
    expect(refused.body.code).toBe(20003)
  })

  it('records each operation once, by what the route did and the menu it belongs to; a click is not an operation', async () => {
    const since = new Date(Date.now() - 1000).toISOString()
    const apps = await admin.call<{ records: { applicationId: string; code: string }[] }>('GET', `${L}/application/listPage`, {
      query: { pageSize: 100 },
    })
    const app = apps.body.data.records.find((a) => a.code === 'trestle-admin')!
    // an application version's add is permitted by 发布 but is an add; the same number again fails (20006)
    const version = { applicationId: app.applicationId, major: 90 + (Date.now() % 9), minor: Date.now() % 997, revision: Date.now() % 991 }
    const added = await admin.call('POST', `${L}/applicationVersion/add`, { json: version, idempotencyKey: newKey() })
    expect(added.body.code, added.text).toBe(10000)
    const again = await admin.call('POST', `${L}/applicationVersion/add`, { json: version, idempotencyKey: newKey() })
    expect(again.body.code, again.text).toBe(20006)

    const opsNow = () =>
      admin.call<Page<OperateRow>>('GET', `${L}/operateLog/listPage`, {
        query: { accountName: 'admin', uri: `${L}/applicationVersion/add`, from: since, pageSize: 50 },
      })
    // the gate writes an operation's row once its answer is sent: under load it lands a moment later
    await expect.poll(async () => (await opsNow()).body.data.records.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2)
    const ops = await opsNow()
    expect(ops.body.code, ops.text).toBe(10000)
    // one row per call, newest first: the failure, then the add
    expect(ops.body.data.records.map((r) => r.statusCode)).toEqual([20006, 10000])
    for (const r of ops.body.data.records)
      expect(r).toMatchObject({ op: 'add', action: '新增', menuPath: '/admin/app-manage', menuName: '应用管理', method: 'POST' })

    // a click a client reports (SPEC §7) is kept, marked, and not listed among the operations unless asked for
    const menus = (
      await admin.call<
        { applicationMenuId: string; action: string; authFunctionList: { applicationMenuFunctionId: string; functionAction: string }[] }[]
      >('GET', MENU_BY_PERMISSION, { query: { appCode: 'trestle-admin', sortBy: 'sort', desc: 'false' } })
    ).body.data
    const roles = menus.find((m) => m.action === '/admin/role-manage')!
    const authorize = roles.authFunctionList.find((f) => f.functionAction === 'authorize')!
    const click = await admin.call('POST', `${L}/operateLog/add`, {
      json: {
        accountName: 'admin',
        appCode: 'trestle-admin',
        functionId: authorize.applicationMenuFunctionId,
        menuId: roles.applicationMenuId,
      },
    })
    expect(click.body.code, click.text).toBe(10000)
    const listed = await admin.call<Page<OperateRow>>('GET', `${L}/operateLog/listPage`, {
      query: { accountName: 'admin', from: since, pageSize: 200 },
    })
    expect(listed.body.data.records.some((r) => r.uri === `${L}/operateLog/add`)).toBe(false)
    const clicks = await admin.call<Page<OperateRow>>('GET', `${L}/operateLog/listPage`, {
      query: { accountName: 'admin', from: since, origin: 'client' },
    })
    expect(clicks.body.data.records).toHaveLength(1)
    expect(clicks.body.data.records[0]).toMatchObject({ method: 'CLICK', op: 'authorize', uri: `${L}/operateLog/add` })
    const badOrigin = await admin.call('GET', `${L}/operateLog/listPage`, { query: { origin: 'browser' } })
    expect(badOrigin.body.code).toBe(20001)
  })

  it('exports as the screen shows them: local times, words and titles in the caller’s language, a named file', async () => {
    const since = new Date(Date.now() - 1000).toISOString()
    const apps = await admin.call<{ records: { applicationId: string; code: string }[] }>('GET', `${L}/application/listPage`, {
      query: { pageSize: 100 },
    })
    const app = apps.body.data.records.find((a) => a.code === 'trestle-admin')!
    const version = { applicationId: app.applicationId, major: 80 + (Date.now() % 9), minor: Date.now() % 983, revision: Date.now() % 977 }
    expect((await admin.call('POST', `${L}/applicationVersion/add`, { json: version, idempotencyKey: newKey() })).body.code).toBe(10000)
    expect((await admin.call('POST', `${L}/applicationVersion/add`, { json: version, idempotencyKey: newKey() })).body.code).toBe(20006)
    const query = { accountName: 'admin', uri: `${L}/applicationVersion/add`, from: since }
    const listNow = () => admin.call<Page<OperateRow & { createdAt: string }>>('GET', `${L}/operateLog/listPage`, { query })
    // the gate writes an operation's row once its answer is sent: under load it lands a moment later
    await expect.poll(async () => (await listNow()).body.data.records.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2)
    const listed = await listNow()
    const [failed, done] = listed.body.data.records

    const zh = await fetchSigned(admin, `${L}/operateLog/export`, { ...query, tz: 'Asia/Shanghai' })
    expect(zh.status).toBe(200)
    expect(fileNameOf(zh.headers)).toBe(`操作日志_${zoneDate(new Date(), 'Asia/Shanghai')}.csv`)
    const rows = csvRows(zh.body.toString('utf8').replace(/^\uFEFF/, ''))
    expect(rows[0]).toEqual([
      '时间',
      '账号',
      '菜单',
      '动作',
      '应用',
      '服务',
      'URI',
      '方法',
      'IP',
      '结果',
      '返回码',
      '耗时(ms)',
      '内容',
      '请求',
      '响应',
    ])
    expect(rows).toHaveLength(listed.body.data.records.length + 1)
    expect(rows[1]!.slice(0, 4)).toEqual([zoneTime(failed!.createdAt, 'Asia/Shanghai'), 'admin', '应用管理', '新增'])
    expect(rows[1]![7]).toBe('提交 (POST)')
    expect(rows[1]![9]).toBe('失败：数据重复')
    expect(rows[2]![0]).toBe(zoneTime(done!.createdAt, 'Asia/Shanghai'))
    expect(rows[2]![9]).toBe('成功')

    const en = await fetchSigned(admin, `${L}/operateLog/export`, { ...query, tz: 'America/New_York' }, 'en')
    expect(fileNameOf(en.headers)).toBe(`operation-log_${zoneDate(new Date(), 'America/New_York')}.csv`)
    const enRows = csvRows(en.body.toString('utf8').replace(/^\uFEFF/, ''))
    expect(enRows[0]!.slice(0, 4)).toEqual(['Time', 'Account', 'Menu', 'Action'])
    expect(enRows[1]!.slice(0, 4)).toEqual([zoneTime(failed!.createdAt, 'America/New_York'), 'admin', 'Applications', 'Add'])
    expect(enRows[1]![9]).toBe('Failed: Duplicate')
    expect(enRows[2]![9]).toBe('Succeeded')

    // the sign-in log's result and the system log's titles alike
    const logins = csvRows(
      (await fetchSigned(admin, `${L}/loginLog/export`, { accountName: unit.accountName, tz: 'UTC' })).body.toString('utf8').slice(1),
    )
    expect(logins.slice(1).map((r) => r[7])).toContain('成功')
    // the place of a loopback address as the screen writes it
    expect(logins[1]![3]).toBe('本机')
    expect(logins.slice(1).every((r) => r[7] === '成功' || r[7] === '失败')).toBe(true)
    const system = await fetchSigned(admin, `${L}/systemLog/export`, { tz: 'Asia/Shanghai', format: 'xlsx' })
    expect(fileNameOf(system.headers)).toBe(`系统日志_${zoneDate(new Date(), 'Asia/Shanghai')}.xlsx`)

    // a time zone that is none: 20001 on it
    const bad = await admin.call('GET', `${L}/operateLog/export`, { query: { tz: 'Mars/Olympus' } })
    expect(bad.body.code).toBe(20001)
    expect(JSON.stringify(bad.body.data)).toContain('"field":"tz"')
  })

  it('the system log carries SPEC’s fields: a refused call, and the gateway’s own work — each once', async () => {
    const plain = await unitAdmin(t, admin, [{ menu: '/admin/systemLog', fns: [] }])
    expect((await plain.client.call('GET', `${L}/operateLog/export`)).body.code).toBe(20003)
    const refused = await admin.call<Page<SystemRow>>('GET', `${L}/systemLog/listPage`, {
      query: { accountName: plain.accountName, event: 'permission_refused' },
    })
    expect(refused.body.data.records[0]).toMatchObject({
      menuPath: '/admin/systemLog',
      action: 'export',
      service: 'admin/operateLog',
      code: 20003,
    })

    // the log upkeep at start (a fresh database: it made the retention's months) and the jobs run since
    const year = new Date(Date.now() - 360 * 86_400_000).toISOString()
    const work = await admin.call<Page<SystemRow>>('GET', `${L}/systemLog/listPage`, {
      query: { event: 'work', from: year, pageSize: 500 },
    })
    expect(work.body.code, work.text).toBe(10000)
    const upkeep = work.body.data.records.filter((r) => r.action === 'logs.partitions')
    // one row, whatever the number of gateways on the database (the one that held the lock did it)
    expect(upkeep).toHaveLength(1)
    expect(upkeep[0]).toMatchObject({ menuPath: '/admin/systemLog', service: 'jobs/logs.partitions', code: 10000 })
    expect(upkeep[0]!.durationMs).toBeGreaterThanOrEqual(0)
    // data, not English words: the partitions it created and dropped
    expect(JSON.parse(String(upkeep[0]!.content))).toEqual({ created: expect.any(Number), dropped: expect.any(Number) })
    const expiry = work.body.data.records.filter((r) => r.action === 'account.expiring')
    expect(expiry.length).toBeGreaterThanOrEqual(1)
    expect(expiry[0]).toMatchObject({ service: 'jobs/account.expiring', code: 10000 })
    // each job run once: no two rows of the same job, attempt and due time (a recurring job's runs differ by it)
    const runs = work.body.data.records.filter((r) => r.action !== 'logs.partitions').map((r) => r.content)
    expect(new Set(runs).size).toBe(runs.length)
  })

  it('retention per log is reported', async () => {
    const r = await admin.call<{ login: number; operate: number; system: number }>('GET', `${L}/log/retention`)
    expect(r.body.data).toEqual({ login: 180, operate: 180, system: 365 })
  })
})

/** A signed GET answered with bytes (the client's call reads text). */
async function fetchSigned(
  c: Client,
  p: string,
  query: Record<string, string>,
  lang?: 'en',
): Promise<{ status: number; headers: Headers; body: Buffer }> {
  const signed = await c.signedRequest('GET', p, { query })
  const res = await fetch(signed.url, { headers: { ...signed.headers, ...(lang ? { 'accept-language': lang } : {}) } })
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) }
}

describe('log partitions', () => {
  const retention = { login: 180, operate: 180, system: 365 }

  async function check(db: Database) {
    await db.migrate()
    const parts = async (table: string) =>
      (
        (await db.db.execute(
          sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent where p.relname = ${table} order by 1`,
        )) as unknown as { rows: { name: string }[] }
      ).rows.map((r) => r.name)
    const now = new Date('2027-03-15T08:00:00Z')
    const first = await ensureLogPartitions(db.db, now, retention)
    expect(first.ran).toBe(true)
    const login = await parts('login_log')
    // from the retention's start (2026-09-16 → September) to two months ahead
    expect(login).toContain('login_log_p202609')
    expect(login).toContain('login_log_p202705')
    expect(login).not.toContain('login_log_p202706')
    expect(await parts('system_log')).toContain('login_log_p202609'.replace('login', 'system'))
    // idempotent
    expect(await ensureLogPartitions(db.db, now, retention)).toEqual({ ran: true, created: [], dropped: [] })
    // rows land in their month; months past retention are dropped
    await db.db.execute(
      sql`insert into login_log (login_log_id, success, code, created_at) values ('a', true, 10000, '2026-10-02T00:00:00Z'), ('b', true, 10000, '2027-03-01T00:00:00Z')`,
    )
    const later = await ensureLogPartitions(db.db, new Date('2027-06-01T00:00:00Z'), { ...retention, login: 150 })
    expect(later.dropped).toContain('login_log_p202610')
    expect(later.dropped).not.toContain('system_log_p202610')
    expect(later.created).toContain('login_log_p202708')
    const left = (await db.db.execute(sql`select login_log_id as id from login_log order by 1`)) as unknown as { rows: { id: string }[] }
    expect(left.rows.map((r) => r.id)).toEqual(['b'])
  }

  it('on the embedded database', () => onFreshEmbedded('parts', check))

  it('on PostgreSQL (a fresh database), two gateways at once', () =>
    onFreshPostgres('parts', async (db) => {
      await check(db)
      const both = await Promise.all([0, 1].map(() => ensureLogPartitions(db.db, new Date('2027-12-01T00:00:00Z'), retention)))
      expect(both.some((r) => r.ran)).toBe(true)
      expect(both.flatMap((r) => r.created).filter((n) => n === 'login_log_p202802')).toHaveLength(1)
    }))
})

describe('exporting 100,000 log rows', () => {
  const ROWS = 100_000
  let gw: Gateway | null = null
  let dir = ''
  afterAll(async () => {
    await gw?.stop()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  /** VmRSS of a process in MB. */
  const rss = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024

  /** Reads an export through; its bytes and lines. */
  async function drain(res: Response) {
    let bytes = 0
    let lines = 0
    const reader = res.body!.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      bytes += value.length
      for (const b of value) if (b === 10) lines++
    }
    return { bytes, lines }
  }

  /**
   * `warm`: a first export grows the gateway to its working size (on the embedded database also its
   * page cache: PostgreSQL's shared buffers live in the gateway's WebAssembly heap, which never
   * shrinks); the second is measured.
   */
  async function exportFlat(g: Gateway, password: string, tag: string, warm = false) {
    const c = await new Client(g.url).signIn('admin', password)
    const pid = g.child.pid!
    const query = { uri: `/bench/${tag}/`, format: 'csv' }
    if (warm) {
      const first = await c.signedRequest('GET', `${L}/operateLog/export`, { query })
      await drain(await fetch(first.url, { headers: first.headers }))
    }
    const signed = await c.signedRequest('GET', `${L}/operateLog/export`, { query })
    const base = rss(pid)
    let peak = base
    const timer = setInterval(() => (peak = Math.max(peak, rss(pid))), 20)
    const res = await fetch(signed.url, { headers: signed.headers })
    expect(res.status).toBe(200)
    const { bytes, lines } = await drain(res)
    clearInterval(timer)
    // every row and the header
    expect(lines).toBe(ROWS + 1)
    expect(bytes).toBeGreaterThan(100 * 1024 * 1024)
    // less than what went through it: an export held in memory would take at least its whole text
    // (and its rows); what grows is garbage the collector has not taken yet on a loaded machine
    expect(peak - base, `rss ${base.toFixed(0)} → ${peak.toFixed(0)} MB for ${(bytes / 1048576).toFixed(0)} MB`).toBeLessThan(
      bytes / 1048576,
    )
  }

  const fill = (db: Database, tag: string) =>
    db.db
      .execute(sql`insert into operate_log (operate_log_id, account_name, uri, method, status_code, duration_ms, content, request, created_at)
      select 'x' || g, 'bench', ${`/bench/${tag}/`} || (g % 100), 'POST', 10000, g % 500, '批量导出测试', repeat('请求体', 130), now() - (g || ' seconds')::interval
      from generate_series(1, ${ROWS}) g`)

  it('on the embedded database with flat gateway memory', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'trestle-export-'))
    const first = await startGateway('export-embedded', {}, dir)
    await first.stop()
    const db = await openDatabase(loadConfig({ TRESTLE_DATA_DIR: dir }))
    await fill(db, 'emb')
    await db.close()
    gw = await startGateway('export-embedded', {}, dir)
    await exportFlat(gw, gw.adminPassword, 'emb', true)
  }, 240_000)

  it('on PostgreSQL with flat gateway memory', async () => {
    const pgUrl = provided('pgUrl')
    if (!pgUrl) return
    const password = 'PgAdmin#2026'
    const db = await openDatabase(loadConfig({ DATABASE_URL: pgUrl, TRESTLE_ADMIN_PASSWORD: password }))
    await fill(db, 'pg')
    await db.close()
    const g = await startGateway('export-pg', { DATABASE_URL: pgUrl, TRESTLE_ADMIN_PASSWORD: password })
    try {
      await exportFlat(g, password, 'pg', true)
    } finally {
      await g.stop()
    }
  }, 240_000)
})
