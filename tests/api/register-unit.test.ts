/**
 * Registration with a unit (SPEC §7 orgSearch among the auth calls): the public unit search
 * (/api/auth/v1/orgSearch/list, unsigned) answers id, name and type of active units for a keyword of
 * at least 2 characters, at most 20, rate-limited per IP; addByRegister's organizationId puts the
 * pending account and its staff record in that unit (an unknown or disabled one: 20001 on the field),
 * so the unit's administrators (demo orgadmin, scope over 中铁恒岳建设集团有限公司 and its children)
 * see it in the user audit and the account list, and approve it.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { creditCodeCheckChar } from '../../src/contract/rules'
import { GA, ORG, nextPhone, post, type AccountDto, type PageOf } from './accounts-fixtures'
import { Client, newKey, type Answer } from './client'
import { DEMO_PASSWORD, lastVerifyCode, signedIn, sleep, uniqueName } from './helpers'
import { AUDIT, type PersonRow } from './people-fixtures'

const REG = '/api/auth/v1/generalAccount'
const SEARCH = '/api/auth/v1/orgSearch/list'

interface Option {
  organizationId: string
  organizationName: string
  organizationTypeName: string | null
}

function randomCreditCode(): string {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY'
  let org = ''
  for (let i = 0; i < 9; i++) org += chars[Math.floor(Math.random() * chars.length)]
  const first17 = `91610100${org}`
  return first17 + creditCodeCheckChar(first17)!
}

const search = (t: { url: string }, keyword?: string, lang?: string): Promise<Answer<Option[]>> =>
  new Client(t.url).fetchRaw('GET', keyword === undefined ? SEARCH : `${SEARCH}?keyword=${encodeURIComponent(keyword)}`, {
    headers: lang ? { 'accept-language': lang } : {},
  }) as Promise<Answer<Option[]>>

/** Registers through the public calls (code by SMS, read from the gateway's log); answers the addByRegister answer. */
async function register(t: { url: string; log: string }, extra: Record<string, unknown>, lang?: string) {
  const c = new Client(t.url)
  const accountName = uniqueName('ru')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 20)
  const cellphone = nextPhone()
  const send = (path: string, body: unknown) =>
    c.fetchRaw('POST', `${REG}/${path}`, {
      headers: { 'content-type': 'application/json', ...(lang ? { 'accept-language': lang } : {}) },
      body: JSON.stringify(body),
    })
  expect((await send('getVerifyCode', { cellphone })).body.code).toBe(10000)
  let code: string | null = null
  for (let i = 0; i < 30 && !code; i++) {
    await sleep(100)
    code = lastVerifyCode(t as never, cellphone)
  }
  const password = 'Unit#2026'
  const answer = await send('addByRegister', {
    accountName,
    password,
    confirmPassword: password,
    userName: '孙注册',
    cellphone,
    verifyCode: code,
    ...extra,
  })
  return { accountName, password, answer }
}

describe.each(provided('targets'))('registration with a unit on $name', (t) => {
  let admin: Client
  const token = uniqueName('检索').slice(-8)
  let units: { organizationId: string; organizationName: string; creditCode: string }[] = []
  let disabled: { organizationId: string; organizationName: string }

  beforeAll(async () => {
    admin = await signedIn(t)
    const types = (await admin.call<{ organizationTypeId: string; typeName: string }[]>('GET', `${ORG.replace('/org', '/orgType')}/list`))
      .body.data
    const add = async (organizationName: string, status: number) => {
      const creditCode = randomCreditCode()
      const r = await admin.call<{ organizationId: string }>('POST', `${ORG}/add`, {
        json: {
          organizationName,
          creditCode,
          organizationTypeId: types[0]!.organizationTypeId,
          status,
          contactPerson: '吴敏',
          contactPhone: '029-88886666',
        },
        idempotencyKey: newKey(),
      })
      if (r.body.code !== 10000) throw new Error(`org/add: ${r.text}`)
      return { organizationId: r.body.data.organizationId, organizationName, creditCode }
    }
    // 21 active units sharing the token (one more than an answer lists) and a disabled one.
    units = []
    for (let i = 0; i < 21; i++) units.push(await add(`注册单位${token}第${String(i + 1).padStart(2, '0')}分公司`, 1))
    disabled = await add(`注册单位${token}停用公司`, 0)
  }, 60_000)

  it('answers active units by name for 2 or more characters: id, name and type only, at most 20', async () => {
    const r = await search(t, token)
    expect(r.status).toBe(200)
    expect(r.body.code, r.text).toBe(10000)
    const rows = r.body.data
    expect(rows).toHaveLength(20)
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(['organizationId', 'organizationName', 'organizationTypeName'])
      expect(row.organizationName).toContain(token)
      expect(typeof row.organizationTypeName).toBe('string')
    }
    // Never a credit code, a contact or a disabled unit.
    expect(r.text).not.toMatch(/creditCode|contactPerson|contactPhone|029-88886666|吴敏/)
    for (const u of units) expect(r.text).not.toContain(u.creditCode)
    expect(rows.map((x) => x.organizationId)).not.toContain(disabled.organizationId)
    expect((await search(t, `${token}停用`)).body.data).toEqual([])
    // The credit code is not a search key either.
    expect((await search(t, units[0]!.creditCode)).body.data).toEqual([])

    const one = await search(t, `${token}第01分`)
    expect(one.body.data).toEqual([
      { organizationId: units[0]!.organizationId, organizationName: units[0]!.organizationName, organizationTypeName: expect.any(String) },
    ])
    // Two characters are enough; case and surrounding spaces do not matter.
    expect((await search(t, '注册')).body.code).toBe(10000)
    expect((await search(t, `  ${token}第02  `)).body.data.map((x) => x.organizationId)).toEqual([units[1]!.organizationId])
  })

  it('refuses a keyword of one character or none (20001 on keyword, zh and en)', async () => {
    const short = await search(t, '注')
    expect(short.body.code).toBe(20001)
    expect(short.body.data).toEqual([expect.objectContaining({ field: 'keyword', key: 'v.tooShort:2' })])
    expect(short.body.data).toEqual([expect.objectContaining({ message: expect.stringContaining('至少2个字符') })])
    expect((await search(t, 'a', 'en')).body.data).toEqual([
      expect.objectContaining({ message: expect.stringContaining('at least 2 characters') }),
    ])
    const missing = await search(t)
    expect(missing.body.code).toBe(20001)
    expect(missing.body.data).toEqual([expect.objectContaining({ field: 'keyword', key: 'v.required' })])
    expect((await search(t, ' ')).body.code).toBe(20001)
  })

  it('registers into the chosen unit: the pending account and its review record are in that unit', async () => {
    const unit = units[2]!
    const reg = await register(t, { organizationId: unit.organizationId })
    expect(reg.answer.body.code, reg.answer.text).toBe(10000)
    expect(reg.answer.body.data).toMatchObject({ accountName: reg.accountName, status: 'pending' })
    const audit = (
      await admin.call<PageOf<PersonRow>>('GET', `${AUDIT}/listPage`, { query: { keyword: reg.accountName, auditStatus: 'pending' } })
    ).body.data.records
    expect(audit).toEqual([
      expect.objectContaining({ organizationId: unit.organizationId, organizationName: unit.organizationName, accountStatus: 'pending' }),
    ])
    const byUnit = (await admin.call<PageOf<PersonRow>>('GET', `${AUDIT}/listPage`, { query: { organizationId: unit.organizationId } }))
      .body.data.records
    expect(byUnit.map((r) => r.accountName)).toContain(reg.accountName)
    const accounts = (
      await admin.call<PageOf<AccountDto>>('GET', `${GA}/listPage`, { query: { organizationId: unit.organizationId, pageSize: 100 } })
    ).body.data.records
    expect(accounts.find((a) => a.accountName === reg.accountName)).toMatchObject({
      organizationId: unit.organizationId,
      status: 'pending',
    })
    expect((await new Client(t.url).login(reg.accountName, reg.password)).body.code).toBe(20119)
  })

  it('refuses an unknown or disabled unit with 20001 on organizationId (zh and en), and creates nothing', async () => {
    for (const [organizationId, lang, text] of [
      ['no-such-unit', 'zh', '所选单位不存在或已停用'],
      [disabled.organizationId, 'zh', '所选单位不存在或已停用'],
      [disabled.organizationId, 'en', 'does not exist or is disabled'],
    ] as const) {
      const reg = await register(t, { organizationId }, lang)
      expect(reg.answer.body.code, reg.answer.text).toBe(20001)
      expect(reg.answer.body.data).toEqual([expect.objectContaining({ field: 'organizationId', message: expect.stringContaining(text) })])
      const audit = (await admin.call<PageOf<PersonRow>>('GET', `${AUDIT}/listPage`, { query: { keyword: reg.accountName } })).body.data
        .records
      expect(audit).toEqual([])
    }
  })

  it('still registers without a unit (no unit, as before)', async () => {
    const reg = await register(t, { organizationId: '' })
    expect(reg.answer.body.code, reg.answer.text).toBe(10000)
    const [row] = (await admin.call<PageOf<PersonRow>>('GET', `${AUDIT}/listPage`, { query: { keyword: reg.accountName } })).body.data
      .records
    expect(row).toMatchObject({ organizationId: null, accountStatus: 'pending' })
  })

  it.runIf(t.demo)(
    "the unit's organisation administrator (orgadmin) sees the registration in the user audit and the account list, and approves it",
    async () => {
      const found = (await search(t, '中铁恒岳建设集团有限')).body.data
      const contractor = found.find((u) => u.organizationName === '中铁恒岳建设集团有限公司')!
      expect(contractor).toBeDefined()
      const reg = await register(t, { organizationId: contractor.organizationId })
      expect(reg.answer.body.code, reg.answer.text).toBe(10000)
      const unitless = await register(t, {})
      expect(unitless.answer.body.code).toBe(10000)

      const orgadmin = await signedIn(t, 'orgadmin', DEMO_PASSWORD)
      const pending = (
        await orgadmin.call<PageOf<PersonRow>>('GET', `${AUDIT}/listPage`, { query: { auditStatus: 'pending', pageSize: 500 } })
      ).body.data.records
      const row = pending.find((r) => r.accountName === reg.accountName)
      expect(row).toMatchObject({ organizationName: '中铁恒岳建设集团有限公司', accountStatus: 'pending' })
      // A registration without a unit stays with the administrators whose scope is all.
      expect(pending.map((r) => r.accountName)).not.toContain(unitless.accountName)
      const accounts = (await orgadmin.call<PageOf<AccountDto>>('GET', `${GA}/listPage`, { query: { pageSize: 2000 } })).body.data.records
      expect(accounts.find((a) => a.accountName === reg.accountName)).toMatchObject({
        status: 'pending',
        organizationId: contractor.organizationId,
      })

      const approve = await post(orgadmin, `${AUDIT}/audit`, { userIds: [row!.userId], decision: 'approve' })
      expect(approve.body, approve.text).toMatchObject({ code: 10000, data: { updated: 1 } })
      expect((await new Client(t.url).login(reg.accountName, reg.password)).body.code).toBe(10000)
    },
  )

  it('limits the public search per IP (429 with Retry-After once over the limit)', async () => {
    let answer: Answer<Option[]> | undefined
    for (let i = 0; i < 130; i++) {
      answer = await search(t, token)
      if (answer.status === 429) break
    }
    expect(answer!.status).toBe(429)
    expect(answer!.body.code).toBe(20021)
    expect(Number(answer!.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
