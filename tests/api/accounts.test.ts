/**
 * Account states and the logs, checked against the database itself. There is no account
 * management API yet, so accounts are stopped or expired by changing their rows — possible only
 * on the PostgreSQL server behind pgA/pgB (the embedded database belongs to its gateway process).
 * The checks are the same code for both drivers (plugins/session.ts).
 */
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { hashPassword } from '../../server/lib/crypto'
import { Client, newKey } from './client'
import { ROLE, signedIn, sleep, uniqueName } from './helpers'

const USER_INFO = '/api/portal/v1/user/info'
const pgUrl = provided('pgUrl')
const pair = provided('pgPair')

describe.each(provided('targets'))('the system administrator role on $name', (t) => {
  it('cannot be deleted or stopped (20021), so nobody locks everyone out', async () => {
    const admin = await signedIn(t)
    const roles = (
      await admin.call<{ roleId: string; roleName: string; version: number; sort: number; dataScope: string; builtin: boolean }[]>(
        'GET',
        `${ROLE}/list`,
      )
    ).body.data
    const sys = roles.find((r) => r.roleName === '系统管理员')!
    // The lists say which role is built in, so the console offers neither delete nor stop for it.
    expect(roles.filter((r) => r.builtin).map((r) => r.roleId)).toEqual([sys.roleId])
    const page = await admin.call<{ records: { roleId: string; builtin: boolean }[] }>('GET', `${ROLE}/listPage`, {
      query: { roleName: '系统管理员' },
    })
    expect(page.body.data.records.find((r) => r.roleId === sys.roleId)?.builtin).toBe(true)
    const del = await admin.call('POST', `${ROLE}/delete`, { form: { ids: sys.roleId }, idempotencyKey: newKey() })
    expect(del.body.code).toBe(20021)
    expect(del.body.message).toBe('系统管理员角色不能删除（删除后将无人能管理平台）')
    // Not even together with another role: all or nothing.
    const other = await admin.call<{ roleId: string; builtin: boolean }>('POST', `${ROLE}/add`, {
      json: { roleName: uniqueName('临时'), dataScope: 'own' },
      idempotencyKey: newKey(),
    })
    expect(other.body.data.builtin).toBe(false)
    const both = await admin.call('POST', `${ROLE}/delete`, {
      form: { ids: `${other.body.data.roleId},${sys.roleId}` },
      idempotencyKey: newKey(),
    })
    expect(both.body.code).toBe(20021)
    const stop = await admin.call('PUT', `${ROLE}/update`, {
      json: { roleId: sys.roleId, version: sys.version, roleName: sys.roleName, sort: sys.sort, dataScope: sys.dataScope, status: 0 },
      headers: { 'accept-language': 'en' },
      idempotencyKey: newKey(),
    })
    expect(stop.body.code).toBe(20021)
    expect(stop.body.message).toMatch(/cannot be stopped/)
    // Still there, still working.
    expect((await admin.call('GET', USER_INFO)).body.code).toBe(10000)
    const after = (await admin.call<{ roleId: string; status: number; version: number }[]>('GET', `${ROLE}/list`)).body.data
    expect(after.find((r) => r.roleId === sys.roleId)).toMatchObject({ status: 1, version: sys.version })
    expect(
      (await admin.call('POST', `${ROLE}/delete`, { form: { ids: other.body.data.roleId }, idempotencyKey: newKey() })).body.code,
    ).toBe(10000)
  })
})

describe.runIf(pgUrl && pair)('account states and logs on PostgreSQL', () => {
  const target = pair?.[0]
  const db = new pg.Pool({ connectionString: pgUrl ?? undefined, max: 2 })
  const password = 'Stop#2026ab'
  let hash: string
  let sysRoleId: string
  beforeAll(async () => {
    hash = await hashPassword(password)
    const r = await db.query<{ role_id: string }>(`select role_id from role where builtin = 'sysadmin'`)
    sysRoleId = r.rows[0]!.role_id
  })
  afterAll(async () => {
    await db.end()
  })

  /** An account with the system administrator role (so it may open the console). */
  async function createAccount(validUntil: Date | null = null): Promise<string> {
    const name = uniqueName('acct')
    const id = randomUUID()
    await db.query(
      `insert into account (account_id, account_name, user_name, level, status, password_hash, valid_until) values ($1, $2, $3, 'general', 'normal', $4, $5)`,
      [id, name, '测试账号', hash, validUntil],
    )
    await db.query('insert into account_role (account_id, role_id) values ($1, $2)', [id, sysRoleId])
    return name
  }

  it('answers 20119 to the next call of an open session once its account is stopped', async () => {
    const name = await createAccount()
    const c = await new Client(target!.url).signIn(name, password)
    expect((await c.call('GET', USER_INFO)).body.code).toBe(10000)
    await db.query(`update account set status = 'stopped', version = version + 1 where account_name = $1`, [name])
    const r = await c.call('GET', USER_INFO)
    expect(r.body.code).toBe(20119)
    expect(r.body.message).toBe('账号已停用，请联系管理员')
    // Also the other process, the access-token call and a new login.
    const onB = new Client(pair![1]!.url)
    Object.assign(onB, { token: c.token, accessToken: c.accessToken, privateKey: c.privateKey })
    expect((await onB.call('GET', USER_INFO)).body.code).toBe(20119)
    expect((await c.getAccessToken({ reuseCipher: true })).body.code).toBe(20119)
    expect((await new Client(target!.url).login(name, password)).body.code).toBe(20119)
  })

  it('refuses to sign in an account whose validity has ended (20119), and ends its sessions', async () => {
    const expired = await createAccount(new Date(Date.now() - 86400_000))
    const r = await new Client(target!.url).login(expired, password)
    expect(r.body.code).toBe(20119)
    expect(r.body.message).toBe('账号已过有效期，请联系管理员')
    const failed = await db.query<{ success: boolean; code: number }>('select success, code from login_log where account_name = $1', [
      expired,
    ])
    expect(failed.rows).toEqual([{ success: false, code: 20119 }])
    // An open session ends with the validity.
    const name = await createAccount(new Date(Date.now() + 86400_000))
    const c = await new Client(target!.url).signIn(name, password)
    expect((await c.call('GET', USER_INFO)).body.code).toBe(10000)
    await db.query(`update account set valid_until = now() - interval '1 minute' where account_name = $1`, [name])
    const after = await c.call('GET', USER_INFO)
    expect(after.body.code).toBe(20119)
    expect(after.body.message).toBe('账号已过有效期，请联系管理员')
  })

  it('writes an operation-log row for every signed mutation, once', async () => {
    const admin = await signedIn(target!)
    const roleName = uniqueName('日志角色')
    const added = await admin.call<{ roleId: string }>('POST', `${ROLE}/add`, {
      json: { roleName, remark: 'x', dataScope: 'own' },
      idempotencyKey: newKey(),
    })
    expect(added.body.code).toBe(10000)
    const refused = await admin.call('POST', `${ROLE}/add`, { json: { roleName, dataScope: 'own' }, idempotencyKey: newKey() })
    expect(refused.body.code).toBe(20006)
    // The row is written once the answer is sent.
    type Row = {
      account_name: string
      app_code: string
      uri: string
      method: string
      status_code: number
      function_id: string | null
      menu_id: string | null
      content: string
    }
    let rows: Row[] = []
    for (let i = 0; i < 20 && rows.length < 2; i++) {
      rows = (
        await db.query<Row>(`select * from operate_log where uri = $1 and content like $2 order by created_at`, [
          `${ROLE}/add`,
          `%${roleName}%`,
        ])
      ).rows
      if (rows.length < 2) await sleep(100)
    }
    expect(rows.map((r) => r.status_code)).toEqual([10000, 20006])
    expect(rows[0]).toMatchObject({ account_name: 'admin', app_code: 'trestle-admin', method: 'POST' })
    expect(rows[0]!.function_id).not.toBeNull()
    expect(rows[0]!.menu_id).not.toBeNull()
    // Reads are not logged; an Idempotency-Key replay is not logged twice.
    const key = newKey()
    const name2 = uniqueName('日志角色')
    await admin.call('POST', `${ROLE}/add`, { json: { roleName: name2, dataScope: 'own' }, idempotencyKey: key })
    const replay = await admin.call('POST', `${ROLE}/add`, { json: { roleName: name2, dataScope: 'own' }, idempotencyKey: key })
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    await sleep(300)
    const once = await db.query('select 1 from operate_log where content like $1', [`%${name2}%`])
    expect(once.rowCount).toBe(1)
    const ids = [
      added.body.data.roleId,
      (await db.query<{ role_id: string }>('select role_id from role where role_name = $1', [name2])).rows[0]!.role_id,
    ]
    expect((await admin.call('POST', `${ROLE}/delete`, { form: { ids: ids.join(',') }, idempotencyKey: newKey() })).body.code).toBe(10000)
  })
})
