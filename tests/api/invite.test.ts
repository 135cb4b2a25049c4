/**
 * Invitations through the built-in `contact` purpose (an account completes its own name, cellphone
 * and email): create (permission, scope, validation), open and submit without signing in,
 * single use, expiry (on PostgreSQL, where the test can age the row), rate limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { Client, newKey, type Answer } from './client'
import { DEMO_PASSWORD, signedIn } from './helpers'

const CREATE = '/api/admin/v1/invite/create'
const OPEN = '/api/portal/v1/invite/open'
const SUBMIT = '/api/portal/v1/invite/submit'
const USER_INFO = '/api/portal/v1/user/info'

interface Created {
  inviteId: string
  url: string
  expiresAt: string
}
interface Opened {
  purpose: string
  data: { accountName: string; userName: string | null; cellphone: string | null; email: string | null }
  fields: { name: string }[]
  organizationName: string | null
  expiresAt: string
}

const tokenOf = (url: string) => new URL(url, 'http://link.invalid').searchParams.get('token')!

/** The public calls: no session, no signature. */
async function open(base: string, token: string): Promise<Answer<Opened>> {
  return new Client(base).fetchRaw('GET', `${OPEN}?token=${encodeURIComponent(token)}`) as Promise<Answer<Opened>>
}
async function submit(base: string, token: string, data: Record<string, unknown>, lang = 'zh-CN'): Promise<Answer> {
  return new Client(base).fetchRaw('POST', SUBMIT, {
    headers: { 'content-type': 'application/json', 'accept-language': lang },
    body: JSON.stringify({ token, data }),
  })
}

async function accountIdOf(c: Client): Promise<string> {
  const r = await c.call<{ accountId: string }>('GET', USER_INFO)
  return r.body.data.accountId
}

describe.each(provided('targets'))('invitations on $name', (t) => {
  let admin: Client
  let adminId: string
  let original: Opened['data']
  const create = (c: Client, body: Record<string, unknown>) => c.call<Created>('POST', CREATE, { json: body, idempotencyKey: newKey() })

  beforeAll(async () => {
    admin = await signedIn(t)
    adminId = await accountIdOf(admin)
  })

  afterAll(async () => {
    // Put the admin's contact details back.
    if (!original) return
    const c = await create(admin, { purpose: 'contact', targetId: adminId, validHours: 1 })
    await submit(t.url, tokenOf(c.body.data.url), {
      userName: original.userName ?? '管理员',
      cellphone: original.cellphone ?? '13800138000',
      email: original.email ?? '',
    })
  })

  it('creates a link, opens it without signing in, submits once, then refuses it (20021 used)', async () => {
    const before = Date.now()
    const c = await create(admin, { purpose: 'contact', targetId: adminId, validHours: 2 })
    expect(c.body.code, c.text).toBe(10000)
    expect(c.body.data.url).toMatch(/\/sign\?token=[A-Za-z0-9_-]{43}$/)
    const expires = new Date(c.body.data.expiresAt).getTime()
    expect(expires - before).toBeGreaterThan(2 * 3600_000 - 60_000)
    expect(expires - before).toBeLessThan(2 * 3600_000 + 60_000)
    const token = tokenOf(c.body.data.url)

    const o = await open(t.url, token)
    expect(o.body.code).toBe(10000)
    expect(o.body.data.purpose).toBe('contact')
    expect(o.body.data.data.accountName).toBe('admin')
    expect(o.body.data.fields.map((f) => f.name)).toEqual(['userName', 'cellphone', 'email'])
    original = o.body.data.data

    // A bad form is refused with field errors and does not use the invitation up.
    const bad = await submit(t.url, token, { userName: '', cellphone: '123' })
    expect(bad.body.code).toBe(20001)
    expect([...new Set((bad.body.data as { field: string }[]).map((e) => e.field))].sort()).toEqual(['cellphone', 'userName'])

    const email = `invite${Date.now()}@trestle.example.cn`
    const good = await submit(t.url, token, {
      userName: original.userName ?? '管理员',
      cellphone: original.cellphone ?? '13800138000',
      email,
    })
    expect(good.body.code, good.text).toBe(10000)
    const info = await admin.call<{ email?: string }>('GET', USER_INFO)
    expect(info.body.data.email).toBe(email)

    const reopened = await open(t.url, token)
    expect(reopened.body).toMatchObject({ code: 20021, data: { state: 'used' }, message: '该邀请已提交过，链接已失效' })
    const again = await submit(t.url, token, { userName: 'x', cellphone: '13800138000' }, 'en')
    expect(again.body).toMatchObject({
      code: 20021,
      data: { state: 'used' },
      message: 'This invitation has already been submitted; the link no longer works',
    })
  })

  it('two concurrent submits: exactly one succeeds', async () => {
    const c = await create(admin, { purpose: 'contact', targetId: adminId, validHours: 1 })
    const token = tokenOf(c.body.data.url)
    const o = (await open(t.url, token)).body.data.data
    const form = { userName: o.userName ?? '管理员', cellphone: o.cellphone ?? '13800138000', email: o.email ?? '' }
    const codes = (await Promise.all([submit(t.url, token, form), submit(t.url, token, form)])).map((r) => r.body.code).sort()
    expect(codes).toEqual([10000, 20021])
  })

  it('validates the creation: validHours 1–168, a known purpose, an existing target', async () => {
    for (const validHours of [0, 169, 'x'])
      expect((await create(admin, { purpose: 'contact', targetId: adminId, validHours })).body.code).toBe(20001)
    expect((await create(admin, { purpose: 'nothing', targetId: adminId })).body.code).toBe(20001)
    expect((await create(admin, { purpose: 'contact', targetId: '0190a0a0-0000-7000-8000-000000000000' })).body.code).toBe(20002)
  })

  it('an unknown or malformed token is invalid', async () => {
    const unknown = await open(t.url, 'A'.repeat(43))
    expect(unknown.body).toMatchObject({ code: 20021, data: { state: 'invalid' } })
    expect((await open(t.url, 'bad token!')).body.code).toBe(20001)
    expect((await submit(t.url, 'B'.repeat(43), { userName: 'x' })).body).toMatchObject({ code: 20021, data: { state: 'invalid' } })
  })

  it.runIf(t.demo)("is scope-checked: an organisation administrator cannot invite another organisation's account", async () => {
    const orgadmin = await new Client(t.url).signIn('orgadmin', DEMO_PASSWORD)
    const zhangwei = await new Client(t.url).signIn('zhangwei', DEMO_PASSWORD)
    const zhangweiId = await accountIdOf(zhangwei)
    expect((await create(orgadmin, { purpose: 'contact', targetId: adminId })).body.code).toBe(20002)
    expect((await create(orgadmin, { purpose: 'contact', targetId: zhangweiId })).body.code).toBe(10000)
    const tourist = await new Client(t.url).signIn('tourist', DEMO_PASSWORD)
    expect((await create(tourist, { purpose: 'contact', targetId: adminId })).body.code).toBe(20003)
  })
})

describe('invitation expiry', () => {
  const pgUrl = provided('pgUrl')
  const pgPair = provided('pgPair')
  it.runIf(!!pgUrl && !!pgPair)(
    'an expired invitation is refused (20021 expired), on another gateway of the same database too',
    async () => {
      const [a, b] = pgPair!
      const admin = await signedIn(a!)
      const c = await admin.call<Created>('POST', CREATE, {
        json: { purpose: 'contact', targetId: await accountIdOf(admin), validHours: 1 },
        idempotencyKey: newKey(),
      })
      const token = tokenOf(c.body.data.url)
      expect((await open(b!.url, token)).body.code).toBe(10000)
      const { default: pg } = await import('pg')
      const db = new pg.Client({ connectionString: pgUrl! })
      await db.connect()
      await db.query(`update invite set expires_at = now() - interval '1 second' where invite_id = $1`, [c.body.data.inviteId])
      await db.end()
      expect((await open(a!.url, token)).body).toMatchObject({
        code: 20021,
        data: { state: 'expired' },
        message: '邀请链接已过期，请联系邀请人重新发送',
      })
      expect((await submit(b!.url, token, { userName: '王建国', cellphone: '13800138000' })).body).toMatchObject({
        code: 20021,
        data: { state: 'expired' },
      })
    },
  )
})

describe('invitation rate limit', () => {
  const limited = provided('limited')
  it('answers 429 / 20021 after 20 submits a minute from one address', async () => {
    let last: Answer | null = null
    // Fixed one-minute windows aligned to the clock: one may end during the loop, so allow two windows' worth.
    for (let i = 0; i < 41 && last?.status !== 429; i++) last = await submit(limited.url, 'C'.repeat(43), { userName: 'x' })
    expect(last!.status).toBe(429)
    expect(last!.body).toMatchObject({ code: 20021, message: '请求过于频繁，请稍后再试' })
    expect(last!.headers.get('retry-after')).toMatch(/^\d+$/)
  })
})
