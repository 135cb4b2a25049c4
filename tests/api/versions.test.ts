/**
 * Versions by construction (DESIGN §3, migration 0010_versions_trigger): every path that changes a
 * person, an account, a unit or a department moves the record's version, so an edit based on the
 * version read before it is refused with 20008 (and the current record) instead of silently
 * overwriting the change — e.g. an administrator's open staff form after the holder renamed
 * themselves in the personal centre. On every target; on PostgreSQL also: every table with a
 * `version` column carries the trigger.
 */
import pg from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { Client, newKey, type Answer } from './client'
import {
  GA,
  INVITE_CREATE,
  INVITE_SUBMIT,
  PASSWORD,
  getAccount,
  mustAdd,
  newUnit,
  nextPhone,
  post,
  registerByInvite,
  sysadminRoleId,
  type AccountDto,
} from './accounts-fixtures'
import { JPG, upload } from './files-fixtures'
import { lastVerifyCode, signedIn, sleep, uniqueName } from './helpers'
import { A, DEPT, USER, addDept, addPerson, type Page, type PersonRow } from './people-fixtures'
import type { Target } from './global-setup'

const P = '/api/portal/v1/personal'
const OPEN = '/api/portal/v1/invite/open'

interface Info {
  userName: string | null
  cellphone: string | null
  email: string | null
  version: number
}
interface Unit {
  organizationId: string
  organizationName: string
  accountLimit: number | null
  version: number
}
interface Dept {
  departmentId: string
  departmentName: string
  version: number
}

const pgUrl = provided('pgUrl')

async function codeFor(t: Target, target: string): Promise<string> {
  for (let i = 0; i < 30; i++) {
    const code = lastVerifyCode(t, target.replace(/[.+]/g, '\\$&'))
    if (code) return code
    await sleep(100)
  }
  throw new Error(`no code logged for ${target}`)
}

/** A public invitation submit (no session, no signature). */
function submitInvite(t: Target, token: string, data: Record<string, unknown>) {
  return new Client(t.url).fetchRaw('POST', INVITE_SUBMIT, {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, data }),
  })
}

describe.each(provided('targets'))('versions move on every change on $name', (t) => {
  let admin: Client
  let unit: string
  let deptId: string
  let sysadmin: string

  beforeAll(async () => {
    admin = await signedIn(t)
    unit = await newUnit(admin, '版本测试单位')
    deptId = (await addDept(admin, unit)).body.data.id
    sysadmin = await sysadminRoleId(admin)
  })

  const personOf = async (userId: string): Promise<PersonRow> => {
    const r = await admin.call<Page<PersonRow>>('GET', `${USER}/listPage`, { query: { organizationId: unit, pageSize: 2000 } })
    const row = r.body.data.records.find((p) => p.userId === userId)
    if (!row) throw new Error(`person ${userId} not listed: ${r.text}`)
    return row
  }
  const accountOf = async (accountName: string): Promise<AccountDto> => {
    const a = await getAccount(admin, unit, accountName)
    if (!a) throw new Error(`account ${accountName} not listed`)
    return a
  }

  /** The administrator saves a staff form read at `version`. */
  const stalePerson = (p: PersonRow, version: number) =>
    admin.call<PersonRow>('PUT', `${USER}/update`, {
      json: { userId: p.userId, version, name: '旧表单', sex: 'male', organizationId: unit },
    })
  /** The administrator saves an account form read at `version`. */
  const staleAccount = (a: AccountDto, version: number) =>
    admin.call<AccountDto>('PUT', `${GA}/update`, {
      json: { accountId: a.accountId, version, userName: '旧表单', organizationId: unit },
      idempotencyKey: newKey(),
    })

  /** A staff record with a sign-in account (the holder can use the personal centre). */
  async function staffWithAccount(): Promise<{ person: PersonRow; account: AccountDto; holder: () => Promise<Client> }> {
    const added = await addPerson(admin, unit, { departmentId: deptId })
    expect(added.body.code, added.text).toBe(10000)
    const account = await mustAdd(admin, unit, { userId: added.body.data.userId, userName: added.body.data.name, roleIds: [sysadmin] })
    const person = await personOf(added.body.data.userId)
    expect(person.accountId).toBe(account.accountId)
    return { person, account: await accountOf(account.accountName), holder: () => new Client(t.url).signIn(account.accountName, PASSWORD) }
  }

  it("张伟 renames himself in the personal centre: the administrator's open staff form and account form are refused (20008), the rename is kept", async () => {
    const { person, account, holder } = await staffWithAccount()
    const c = await holder()
    const info = (await c.call<Info>('GET', `${P}/info`)).body.data
    const renamed = await c.call<Info>('PUT', `${P}/updateInfo`, { json: { userName: '张伟新', version: info.version } })
    expect(renamed.body.code, renamed.text).toBe(10000)
    expect(renamed.body.data.version).toBe(info.version + 1)

    const staff = await stalePerson(person, person.version)
    expect(staff.body.code, staff.text).toBe(20008)
    expect(staff.body.data).toMatchObject({ name: '张伟新', version: person.version + 1 })
    const acc = await staleAccount(account, account.version)
    expect(acc.body.code, acc.text).toBe(20008)
    expect((await personOf(person.userId)).name).toBe('张伟新')
    expect((await accountOf(account.accountName)).userName).toBe('张伟新')

    // The answer's version is the one to build on: a second rename from it is accepted.
    const again = await c.call<Info>('PUT', `${P}/updateInfo`, { json: { userName: '张伟', version: renamed.body.data.version } })
    expect(again.body).toMatchObject({ code: 10000, data: { userName: '张伟', version: renamed.body.data.version + 1 } })
    // Every save moves the version, even one whose values end up the same (it may have changed child
    // rows): a second save based on the same version is then refused.
    const same = await c.call<Info>('PUT', `${P}/updateInfo`, { json: { userName: '张伟', version: again.body.data.version } })
    expect(same.body).toMatchObject({ code: 10000, data: { version: again.body.data.version + 1 } })
    const stale = await c.call<Info>('PUT', `${P}/updateInfo`, { json: { userName: '张伟', version: again.body.data.version } })
    expect(stale.body.code, stale.text).toBe(20008)
  })

  it('the personal centre photo, cellphone and email binding and password change move the versions', async () => {
    const { person, account, holder } = await staffWithAccount()
    const c = await holder()
    const photo = await upload(c, 'avatar', 'me.jpg', 'image/jpeg', JPG)
    expect(photo.body.code, photo.text).toBe(10000)
    expect((await c.call('POST', `${P}/updatePhoto`, { json: { fileId: photo.body.data.fileId } })).body.code).toBe(10000)
    const afterPhoto = await stalePerson(person, person.version)
    expect(afterPhoto.body.code, afterPhoto.text).toBe(20008)
    expect(afterPhoto.body.data.avatarFileId).toBe(photo.body.data.fileId)

    let a = await accountOf(account.accountName)
    const phone = nextPhone()
    expect(
      (await c.call('POST', `${P}/getBindCode`, { json: { type: 'cellphone', cellphone: phone, password: PASSWORD } })).body.code,
    ).toBe(10000)
    const bound = await c.call<Info>('POST', `${P}/bindCellphone`, { json: { cellphone: phone, verifyCode: await codeFor(t, phone) } })
    expect(bound.body.code, bound.text).toBe(10000)
    expect((await staleAccount(a, a.version)).body.code).toBe(20008)

    a = await accountOf(account.accountName)
    const email = `${uniqueName('ver')}@example.cn`
    expect((await c.call('POST', `${P}/getBindCode`, { json: { type: 'email', email, password: PASSWORD } })).body.code).toBe(10000)
    expect((await c.call('POST', `${P}/bindEmail`, { json: { email, verifyCode: await codeFor(t, email) } })).body.code).toBe(10000)
    expect((await staleAccount(a, a.version)).body.code).toBe(20008)

    a = await accountOf(account.accountName)
    expect((await c.call('POST', `${P}/unbindEmail`, { json: { password: PASSWORD } })).body.code).toBe(10000)
    expect((await staleAccount(a, a.version)).body.code).toBe(20008)

    a = await accountOf(account.accountName)
    const next = 'Newpw#2026x'
    expect(
      (await c.call('POST', `${P}/updatePassword`, { json: { oldPassword: PASSWORD, password: next, confirmPassword: next } })).body.code,
    ).toBe(10000)
    expect((await staleAccount(a, a.version)).body.code).toBe(20008)
  })

  it('the invitation contact form moves the account version', async () => {
    const a = await mustAdd(admin, unit, { cellphone: nextPhone() })
    const created = await post<{ url: string }>(admin, INVITE_CREATE, { purpose: 'contact', targetId: a.accountId, validHours: 1 })
    expect(created.body.code, created.text).toBe(10000)
    const token = new URL(created.body.data.url, t.url).searchParams.get('token')!
    const done = await submitInvite(t, token, { userName: '联系人新', cellphone: nextPhone(), email: 'contact@example.cn' })
    expect(done.body.code, done.text).toBe(10000)
    const stale = await staleAccount(a, a.version)
    expect(stale.body.code, stale.text).toBe(20008)
    expect(stale.body.data).toMatchObject({ userName: '联系人新', version: a.version + 1 })
  })

  it('the profile invitation, the user audit, moving and archiving staff move the person version', async () => {
    const p = (await addPerson(admin, unit, { departmentId: deptId })).body.data
    const created = await admin.call<{ url: string }>('POST', `${A}/invite/create`, {
      json: { purpose: 'profile', targetId: p.userId, validHours: 1 },
    })
    expect(created.body.code, created.text).toBe(10000)
    const token = new URL(created.body.data.url, t.url).searchParams.get('token')!
    expect((await new Client(t.url).fetchRaw('GET', `${OPEN}?token=${token}`)).body.code).toBe(10000)
    const done = await submitInvite(t, token, { name: `${p.name}新`, sex: 'male' })
    expect(done.body.code, done.text).toBe(10000)
    expect((await stalePerson(p, p.version)).body.code).toBe(20008)

    let now = await personOf(p.userId)
    const audited = await admin.call('POST', `${A}/userAudit/audit`, {
      json: { userIds: [p.userId], decision: 'approve' },
      idempotencyKey: newKey(),
    })
    expect(audited.body.code, audited.text).toBe(10000)
    expect((await stalePerson(p, now.version)).body.code).toBe(20008)

    now = await personOf(p.userId)
    const other = (await addDept(admin, unit)).body.data.id
    expect(
      (await admin.call('POST', `${USER}/move`, { json: { userIds: [p.userId], departmentId: other }, idempotencyKey: newKey() })).body
        .code,
    ).toBe(10000)
    const moved = await stalePerson(p, now.version)
    expect(moved.body.code).toBe(20008)
    expect(moved.body.data.departmentId).toBe(other)

    now = await personOf(p.userId)
    expect(
      (await admin.call('POST', `${USER}/archive`, { json: { userIds: [p.userId], archived: true }, idempotencyKey: newKey() })).body.code,
    ).toBe(10000)
    expect((await stalePerson(p, now.version)).body.code).toBe(20008)

    // The administrator's own edit, as before.
    now = await personOf(p.userId)
    const edit = await admin.call<PersonRow>('PUT', `${USER}/update`, {
      json: { userId: p.userId, version: now.version, name: '赵管理', sex: 'male', organizationId: unit },
    })
    expect(edit.body).toMatchObject({ code: 10000, data: { version: now.version + 1 } })
    expect((await stalePerson(p, now.version)).body.code).toBe(20008)
  })

  it('the account administration calls move the account version (enable answers the new versions)', async () => {
    const a = await mustAdd(admin, unit)
    let v = (await accountOf(a.accountName)).version
    const step = async <T>(what: string, call: () => Promise<Answer<T>>): Promise<Answer<T>> => {
      const r = await call()
      expect(r.body.code, what).toBe(10000)
      const stale = await staleAccount(a, v)
      expect(stale.body.code, `${what}: an edit from the version before`).toBe(20008)
      v = (await accountOf(a.accountName)).version
      return r
    }
    await step('edit', () =>
      admin.call('PUT', `${GA}/update`, {
        json: { accountId: a.accountId, version: v, userName: '新名字', organizationId: unit },
        idempotencyKey: newKey(),
      }),
    )
    const stop = await step('stop', () =>
      post<{ versions: Record<string, number> }>(admin, `${GA}/enable`, { ids: [a.accountId], enable: false }),
    )
    expect(stop.body.data.versions[a.accountId]).toBe(v)
    const start = await step('enable', () =>
      post<{ versions: Record<string, number> }>(admin, `${GA}/enable`, { ids: [a.accountId], enable: true }),
    )
    expect(start.body.data.versions[a.accountId]).toBe(v)
    await step('resetPwd', () =>
      post(admin, `${GA}/resetPwd`, { accountId: a.accountId, password: 'Reset#2026x', confirmPassword: 'Reset#2026x' }),
    )
    await step('updateValidPeriod', () => post(admin, `${GA}/updateValidPeriod`, { ids: [a.accountId], validUntil: '2099-12-31' }))
    await step('updatePwdValidPeriod', () =>
      post(admin, `${GA}/updatePwdValidPeriod`, { ids: [a.accountId], passwordValidUntil: '2099-12-31' }),
    )
    // Locked by wrong passwords (a status change by the system), then unlocked by the administrator.
    const anon = new Client(t.url)
    for (let i = 0; i < 5; i++) await anon.login(a.accountName, 'Wrong#pass1')
    expect((await accountOf(a.accountName)).status).toBe('locked')
    v = (await accountOf(a.accountName)).version
    await step('unlock', () => post(admin, `${GA}/unlock`, { ids: [a.accountId] }))
    expect((await accountOf(a.accountName)).status).toBe('normal')
  })

  it('approving a registration moves the account version', async () => {
    const name = uniqueName('reg')
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 20)
    const r = await registerByInvite(t, admin, unit, {
      accountName: name,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      userName: '受邀人',
      cellphone: nextPhone(),
    })
    expect(r.body.code, r.text).toBe(10000)
    const a = await accountOf(name)
    expect(a.status).toBe('pending')
    expect((await post(admin, `${GA}/audit`, { ids: [a.accountId], decision: 'approve' })).body.code).toBe(10000)
    expect((await staleAccount(a, a.version)).body.code).toBe(20008)
  })

  it('a unit: its edit and its account limit move its version', async () => {
    const page = await admin.call<Page<Unit>>('GET', `${A}/org/listPage`, { query: { pageSize: 2000 } })
    const u = page.body.data.records.find((x) => x.organizationId === unit)!
    const unitForm = (version: number) => ({ ...u, version, shortName: '旧表单' })
    const staleUnit = (version: number) => admin.call<Unit>('PUT', `${A}/org/update`, { json: unitForm(version), idempotencyKey: newKey() })
    const limit = await post(admin, `${A}/orgAccount/setAccountLimit`, { organizationId: unit, accountLimit: 40 })
    expect(limit.body.code, limit.text).toBe(10000)
    const stale = await staleUnit(u.version)
    expect(stale.body.code, stale.text).toBe(20008)
    expect(stale.body.data).toMatchObject({ accountLimit: 40, version: u.version + 1 })
    const edit = await admin.call<Unit>('PUT', `${A}/org/update`, {
      json: { ...stale.body.data, shortName: '新简称' },
      idempotencyKey: newKey(),
    })
    expect(edit.body).toMatchObject({ code: 10000, data: { shortName: '新简称', version: u.version + 2 } })
    expect((await staleUnit(u.version + 1)).body.code).toBe(20008)
  })

  it('a department: its edit moves its version', async () => {
    const d = (await addDept(admin, unit)).body.data
    const rows = (await admin.call<Dept[]>('GET', `${DEPT}/listByOrgId`, { query: { organizationId: unit } })).body.data
    const row = rows.find((x) => x.departmentId === d.id)!
    const edit = await admin.call<Dept>('PUT', `${DEPT}/update`, {
      json: { departmentId: d.id, version: row.version, departmentName: `${row.departmentName}新` },
    })
    expect(edit.body.code, edit.text).toBe(10000)
    const stale = await admin.call('PUT', `${DEPT}/update`, {
      json: { departmentId: d.id, version: row.version, departmentName: '旧表单' },
    })
    expect(stale.body.code).toBe(20008)
  })
})

describe.runIf(pgUrl && provided('targets').length > 1)('the version trigger (PostgreSQL)', () => {
  it('is on every table with a version column', async () => {
    const db = new pg.Client({ connectionString: pgUrl ?? undefined })
    await db.connect()
    try {
      const { rows } = await db.query<{ table_name: string; has: boolean }>(
        `select c.table_name, exists (select 1 from pg_trigger g where g.tgrelid = format('%I.%I', c.table_schema, c.table_name)::regclass and g.tgname = 'trestle_version') as has
           from information_schema.columns c join information_schema.tables tb using (table_schema, table_name)
          where c.table_schema = current_schema() and c.column_name = 'version' and tb.table_type = 'BASE TABLE'`,
      )
      expect(rows.length).toBeGreaterThan(10)
      expect(rows.filter((r) => !r.has).map((r) => r.table_name)).toEqual([])
      expect(rows.map((r) => r.table_name)).toEqual(
        expect.arrayContaining(['account', 'person', 'organization', 'department', 'role', 'application_menu']),
      )
    } finally {
      await db.end()
    }
  })
})
