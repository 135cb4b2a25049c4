/**
 * Delivery services (issue 33, SPEC §7 supplier / supplierConfig) on both databases, each on a
 * gateway of this file's own (its environment names one SMTP server; the screen stores another):
 * saving and validation (20001 on the fields, zh/en), the secret never answered and kept when left
 * empty, stored sealed (the row read from the database holds no plaintext), the test send reaching
 * a real SMTP server (and the environment's one when none is stored), its failure in words (20021),
 * a refused webhook address (on save, and on the call: a redirect), the SMS webhook with its token and sign, callers without the function
 * (20003) or without the data scope 'all' (20021), and a message delivered through the stored mail
 * service instead of the environment's.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { loadConfig } from '../../server/config'
import { openDatabase } from '../../server/db/client'
import { supplierConfig } from '../../server/db/schema'
import { open } from '../../server/lib/secretBox'
import { SUPPLIER_API } from '../../src/contract/schemas/supplier'
import { startGateway, type Gateway } from '../support/gateway'
import { startSmtp, type LocalSmtp } from '../support/smtp'
import { Client, newKey, type Answer } from './client'
import { mustAdd, newUnit, PASSWORD, post } from './accounts-fixtures'
import { signedIn, sleep, uniqueName } from './helpers'
import { MSG } from './messages-fixtures'
import { addRole, byAction, fnOf, saveMenus, tree } from './roles-fixtures'

const PG_ADMIN_PASSWORD = 'Supplier#2026'
const pgUrl = provided('pgUrl')

/** A database of this file's own on the test PostgreSQL server (the shared one's rows stay untouched). */
async function ownPgDatabase(url: string): Promise<string> {
  const { default: pg } = await import('pg')
  const name = `trestle_supplier_${Date.now().toString(36)}`
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  return url.replace(/\/[^/]+$/, `/${name}`)
}

interface Hit {
  headers: IncomingHttpHeaders
  body: { to: string; text: string; sign?: string }
}

const drivers = [
  { name: 'PGlite', env: async (): Promise<Record<string, string>> => ({}) },
  ...(pgUrl
    ? [
        {
          name: 'PostgreSQL',
          env: async (): Promise<Record<string, string>> => ({
            DATABASE_URL: await ownPgDatabase(pgUrl),
            TRESTLE_ADMIN_PASSWORD: PG_ADMIN_PASSWORD,
          }),
        },
      ]
    : []),
]

const fieldsOf = (r: Answer) => [...new Set(((r.body.data ?? []) as { field: string }[]).map((f) => f.field))].sort()
const put = (c: Client, json: unknown, lang = 'zh-CN') =>
  c.call('PUT', SUPPLIER_API.update, { json, idempotencyKey: newKey(), headers: { 'accept-language': lang } })

interface List {
  mail: Record<string, unknown> | null
  sms: Record<string, unknown> | null
  env: { mail: boolean; sms: boolean }
}

describe.each(drivers)('delivery services on $name', ({ env }) => {
  let envSmtp: LocalSmtp
  let storedSmtp: LocalSmtp
  let hook: Server
  let hookUrl: string
  const hits: Hit[] = []
  let gw: Gateway
  let gwEnv: Record<string, string>
  let dir: string
  let admin: Client

  const mailBody = (over: Record<string, unknown> = {}) => ({
    kind: 'mail',
    host: '127.0.0.1',
    port: storedSmtp.port,
    secure: false,
    user: storedSmtp.user,
    password: storedSmtp.pass,
    from: 'Trestle 平台 <notice@trestle.test>',
    ...over,
  })

  beforeAll(async () => {
    envSmtp = await startSmtp('envmailer', 'Env#2026')
    storedSmtp = await startSmtp('stored', 'Stored#2026')
    hook = createServer((req, res) => {
      let body = ''
      req.on('data', (c: Buffer) => (body += c.toString()))
      req.on('end', () => {
        // a provider that redirects to the cloud metadata address: the call is refused at that hop
        if (req.url === '/redirect') return void res.writeHead(307, { location: 'http://169.254.169.254/latest' }).end()
        hits.push({ headers: req.headers, body: JSON.parse(body || 'null') as Hit['body'] })
        res.writeHead(200).end('{}')
      })
    })
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r))
    const addr = hook.address()
    hookUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/sms`
    dir = mkdtempSync(path.join(tmpdir(), 'trestle-supplier-'))
    gwEnv = {
      ...(await env()),
      TRESTLE_SMTP_HOST: '127.0.0.1',
      TRESTLE_SMTP_PORT: String(envSmtp.port),
      TRESTLE_SMTP_USER: envSmtp.user,
      TRESTLE_SMTP_PASS: envSmtp.pass,
      TRESTLE_SMTP_FROM: 'Env <env@trestle.test>',
    }
    gw = await startGateway('supplier', gwEnv, dir)
    admin = await signedIn(gw)
  })

  afterAll(async () => {
    await gw?.stop()
    await envSmtp?.close()
    await storedSmtp?.close()
    hook?.closeAllConnections()
    await new Promise((r) => hook?.close(r))
    rmSync(dir, { recursive: true, force: true })
  })

  it('without a stored service the environment’s mail server carries the test send', async () => {
    const list = await admin.call<List>('GET', SUPPLIER_API.list)
    expect(list.body).toMatchObject({ code: 10000, data: { mail: null, sms: null, env: { mail: true, sms: false } } })
    const to = `${uniqueName('env')}@example.test`
    const waiting = envSmtp.waitFor(to)
    const r = await post(admin, SUPPLIER_API.test, { kind: 'mail', to })
    expect(r.body, r.text).toMatchObject({ code: 10000, data: { kind: 'mail', to, source: 'env' } })
    expect((await waiting).from).toContain('env@trestle.test')
    // no SMS service at all: refused in words
    const sms = await post(admin, SUPPLIER_API.test, { kind: 'sms', to: '13800000000' }, 'en')
    expect(sms.body).toMatchObject({ code: 20021, message: 'No SMS service is configured: save the SMS service first' })
  })

  it('validates every field (20001, zh and en)', async () => {
    const bad = await put(admin, { kind: 'mail', host: 'bad host!', port: 70000, from: 'nobody' })
    expect(bad.body.code).toBe(20001)
    expect(fieldsOf(bad)).toEqual(['from', 'host', 'port'])
    const en = await put(admin, { kind: 'mail', host: '', port: 'x', from: '' }, 'en')
    expect(fieldsOf(en)).toEqual(['from', 'host', 'port'])
    expect(((en.body.data as { message: string }[])[0]!.message ?? '').length).toBeGreaterThan(0)
    expect(JSON.stringify(en.body.data)).toMatch(/[A-Za-z]/)
    expect(JSON.stringify(en.body.data)).not.toMatch(/[\u4e00-\u9fff]/)
    expect(fieldsOf(await put(admin, { kind: 'sms', url: 'ftp://x' }))).toEqual(['url'])
    expect(fieldsOf(await put(admin, { kind: 'fax' }))).toEqual(['kind'])
    expect(fieldsOf(await post(admin, SUPPLIER_API.test, { kind: 'mail', to: 'not-mail' }))).toEqual(['to'])
    expect(fieldsOf(await post(admin, SUPPLIER_API.test, { kind: 'sms', to: '12' }))).toEqual(['to'])
    // a user name without any password stored
    expect(fieldsOf(await put(admin, mailBody({ password: '' })))).toEqual(['password'])
  })

  it('saves the mail service: the password is never answered, kept when left empty, and stored sealed', async () => {
    const saved = await put(admin, mailBody())
    expect(saved.body.code, saved.text).toBe(10000)
    expect(saved.text).not.toContain(storedSmtp.pass)
    const list = await admin.call<List>('GET', SUPPLIER_API.list)
    expect(list.text).not.toContain(storedSmtp.pass)
    expect(list.body.data.mail).toMatchObject({
      kind: 'mail',
      host: '127.0.0.1',
      port: storedSmtp.port,
      user: storedSmtp.user,
      hasPassword: true,
      from: 'Trestle 平台 <notice@trestle.test>',
      updateBy: 'admin',
    })
    expect(list.body.data.mail).not.toHaveProperty('password')
    // saved again with the password left empty: the stored one still signs in
    expect((await put(admin, mailBody({ password: '', from: 'notice@trestle.test' }))).body.code).toBe(10000)
    const to = `${uniqueName('kept')}@example.test`
    const waiting = storedSmtp.waitFor(to)
    const r = await post(admin, SUPPLIER_API.test, { kind: 'mail', to })
    expect(r.body, r.text).toMatchObject({ code: 10000, data: { source: 'stored' } })
    const mail = await waiting
    expect(mail.from).toContain('notice@trestle.test')
    expect(mail.subject).toContain('工程协同管理平台测试邮件')
    expect(envSmtp.mails.some((m) => m.to.includes(to))).toBe(false)
  })

  it('a failing test send answers its reason in words (20021), never a fault', async () => {
    expect((await put(admin, mailBody({ password: 'Wrong#2026' }))).body.code).toBe(10000)
    const wrong = await post(admin, SUPPLIER_API.test, { kind: 'mail', to: 'x@example.test' })
    expect(wrong.status).toBe(200)
    expect(wrong.body.code).toBe(20021)
    expect(wrong.body.message).toContain('测试发送失败：邮件服务器拒绝了用户名或密码')
    expect(wrong.text).not.toMatch(/at .+\.ts:\d+|stack/i)
    const closed = await put(admin, mailBody({ port: 1 }))
    expect(closed.body.code).toBe(10000)
    const unreachable = await post(admin, SUPPLIER_API.test, { kind: 'mail', to: 'x@example.test' }, 'en')
    expect(unreachable.body.code).toBe(20021)
    expect(unreachable.body.message).toMatch(/^The test send failed: the server could not be reached/)
    expect((await put(admin, mailBody())).body.code).toBe(10000)
  })

  it('the SMS webhook: a refused address is 20001 on url; a saved one gets the token and the sign, the token never answered', async () => {
    const local = await put(admin, { kind: 'sms', url: 'http://localhost:9/sms' })
    expect(local.body.code).toBe(20001)
    expect(fieldsOf(local)).toEqual(['url'])
    expect(JSON.stringify(local.body.data)).toContain('TRESTLE_WEBHOOK_ALLOW')
    expect(fieldsOf(await put(admin, { kind: 'sms', url: 'http://169.254.169.254/latest' }))).toEqual(['url'])
    const token = 'sms-token-' + uniqueName('t')
    const saved = await put(admin, { kind: 'sms', url: hookUrl, token, signName: '测试工程' })
    expect(saved.body.code, saved.text).toBe(10000)
    expect(saved.text).not.toContain(token)
    const list = await admin.call<List>('GET', SUPPLIER_API.list)
    expect(list.body.data.sms).toEqual(expect.objectContaining({ kind: 'sms', url: hookUrl, signName: '测试工程', hasToken: true }))
    expect(list.text).not.toContain(token)
    // left empty: kept
    expect((await put(admin, { kind: 'sms', url: hookUrl, token: '', signName: '测试工程' })).body.code).toBe(10000)
    const r = await post(admin, SUPPLIER_API.test, { kind: 'sms', to: '13800000001' })
    expect(r.body, r.text).toMatchObject({ code: 10000, data: { kind: 'sms', source: 'stored' } })
    const hit = hits.at(-1)!
    expect(hit.headers.authorization).toBe(`Bearer ${token}`)
    expect(hit.body).toMatchObject({ to: '13800000001', sign: '测试工程' })
    expect(hit.body.text).toMatch(/^【测试工程】这是一条测试短信/)
    // checked again when called: a redirect to a refused address fails the send, saying why
    const before = hits.length
    expect((await put(admin, { kind: 'sms', url: hookUrl.replace('/sms', '/redirect') })).body.code).toBe(10000)
    const redirected = await post(admin, SUPPLIER_API.test, { kind: 'sms', to: '13800000001' })
    expect(redirected.body.code).toBe(20021)
    expect(redirected.body.message).toContain('测试发送失败：不允许调用该地址')
    expect(redirected.body.message).toContain('cloud metadata')
    expect(hits.length).toBe(before)
    expect((await put(admin, { kind: 'sms', url: hookUrl, signName: '测试工程' })).body.code).toBe(10000)
  })

  it('callers without the function are refused (20003); without the data scope “all” (20021)', async () => {
    const unit = await newUnit(admin, '发送服务测试单位')
    const reader = await addRole(admin, '消息设置只读')
    const t1 = await tree(admin, reader.roleId)
    const setting = byAction(t1, '/admin/message-setting')
    const menuIds = [setting.parentId, setting.applicationMenuId].filter((x): x is string => !!x)
    expect((await saveMenus(admin, reader.roleId, t1.applicationId, menuIds, [])).body.code).toBe(10000)
    const editor = await addRole(admin, '消息设置编辑', 'own')
    const t2 = await tree(admin, editor.roleId)
    const s2 = byAction(t2, '/admin/message-setting')
    expect((await saveMenus(admin, editor.roleId, t2.applicationId, menuIds, [fnOf(s2, 'edit').applicationMenuFunctionId])).body.code).toBe(
      10000,
    )
    const a = await mustAdd(admin, unit, { userName: '只读者', roleIds: [reader.roleId] })
    const b = await mustAdd(admin, unit, { userName: '本单位编辑', roleIds: [editor.roleId] })
    const readerC = await new Client(gw.url).signIn(a.accountName, PASSWORD)
    const editorC = await new Client(gw.url).signIn(b.accountName, PASSWORD)

    const seen = await readerC.call<List>('GET', SUPPLIER_API.list)
    expect(seen.body.code).toBe(10000)
    expect(seen.text).not.toContain(storedSmtp.pass)
    expect((await put(readerC, mailBody())).body.code).toBe(20003)
    expect((await post(readerC, SUPPLIER_API.test, { kind: 'mail', to: 'x@example.test' })).body.code).toBe(20003)
    const own = await put(editorC, mailBody())
    expect(own.body).toMatchObject({ code: 20021 })
    expect(own.body.message).toContain('数据权限为“全部”')
    expect((await post(editorC, SUPPLIER_API.test, { kind: 'mail', to: 'x@example.test' })).body.code).toBe(20021)
    // another menu only (the message centre): not even the list
    const centreOnly = await addRole(admin, '仅消息中心')
    const t3 = await tree(admin, centreOnly.roleId)
    const centre = byAction(t3, '/admin/message-center')
    const centreIds = [centre.parentId, centre.applicationMenuId].filter((x): x is string => !!x)
    expect((await saveMenus(admin, centreOnly.roleId, t3.applicationId, centreIds, [])).body.code).toBe(10000)
    const none = await mustAdd(admin, unit, { userName: '无权限', roleIds: [centreOnly.roleId] })
    const noneC = await new Client(gw.url).signIn(none.accountName, PASSWORD)
    expect((await noneC.call('GET', SUPPLIER_API.list)).body.code).toBe(20003)
  })

  it('a message’s email goes through the stored mail service, not the environment’s', async () => {
    const unit = await newUnit(admin, '发送服务收件单位')
    const email = `${uniqueName('rcpt')}@example.test`
    const receiver = await mustAdd(admin, unit, { userName: '收件人', email })
    const waiting = storedSmtp.waitFor(email, 20_000)
    const sent = await post(admin, MSG.send, {
      receivers: [{ type: 'person', id: receiver.accountId, name: '收件人' }],
      channels: ['inApp', 'email'],
      titleZh: '发送服务测试',
      titleEn: 'Delivery service test',
      contentZh: '经已保存的邮件服务发送',
      contentEn: 'Sent through the stored mail service',
    })
    expect(sent.body.code, sent.text).toBe(10000)
    const mail = await waiting
    expect(mail.subject).toBe('发送服务测试 / Delivery service test')
    expect(mail.from).toContain('notice@trestle.test')
    await sleep(500)
    expect(envSmtp.mails.some((m) => m.to.includes(email))).toBe(false)
  })

  it('the row holds the password sealed (AES-256-GCM), not in plaintext', async () => {
    await gw.stop()
    const config = loadConfig({ ...gwEnv, TRESTLE_DATA_DIR: dir })
    const database = await openDatabase(config)
    try {
      const rows = await database.db.select().from(supplierConfig)
      const mail = rows.find((r) => r.kind === 'mail')!
      const sms = rows.find((r) => r.kind === 'sms')!
      expect(JSON.stringify(rows)).not.toContain(storedSmtp.pass)
      expect(JSON.stringify(rows)).not.toContain('sms-token-')
      expect(mail.secret).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/)
      expect(mail.settings).not.toHaveProperty('password')
      // the key file of the data directory opens it
      expect(open(config, mail.secret!, 'mail')).toBe(storedSmtp.pass)
      expect(open(config, sms.secret!, 'sms')).toMatch(/^sms-token-/)
    } finally {
      await database.close()
    }
  })
})
