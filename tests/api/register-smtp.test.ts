/**
 * Verification codes through real channels: a local SMTP server (smtp-server; mails read with
 * mailparser) and a local SMS webhook receiver, with a gateway configured to use them.
 * Registration by email and by SMS, password recovery by email, texts by language, rate limits,
 * expiry, single use, wrong tries, delivery failures.
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startGateway, type Gateway } from '../support/gateway'
import { codeIn, startSmtp, type LocalSmtp } from '../support/smtp'
import { startSmsReceiver, type SmsReceiver } from '../support/sms-receiver'
import { Client } from './client'
import { signedIn, sleep, uniqueName } from './helpers'

const A = '/api/auth/v1/generalAccount'
const CODE_TTL = 8
const IP_LIMIT = 40

let smtp: LocalSmtp
let sms: SmsReceiver
let gw: Gateway

beforeAll(async () => {
  smtp = await startSmtp()
  sms = await startSmsReceiver()
  gw = await startGateway('notify', {
    TRESTLE_SMTP_HOST: '127.0.0.1',
    TRESTLE_SMTP_PORT: String(smtp.port),
    TRESTLE_SMTP_USER: smtp.user,
    TRESTLE_SMTP_PASS: smtp.pass,
    TRESTLE_SMTP_FROM: 'Trestle <no-reply@trestle.test>',
    TRESTLE_SMS_WEBHOOK_URL: sms.url,
    TRESTLE_VERIFY_CODE_TTL: String(CODE_TTL),
    TRESTLE_VERIFY_IP_LIMIT: String(IP_LIMIT),
  })
})

afterAll(async () => {
  await gw?.stop()
  await smtp?.close()
  await sms?.close()
})

const post = (path: string, body: unknown, lang = 'zh-CN') =>
  new Client(gw.url).fetchRaw('POST', path, {
    headers: { 'content-type': 'application/json', 'accept-language': lang },
    body: JSON.stringify(body),
  })

let seq = 0
const newPhone = () => `17${String(Date.now()).slice(-7)}${String(seq++ % 100).padStart(2, '0')}`
const newEmail = (p: string) => `${uniqueName(p)}@example.test`

describe('verification codes over SMTP and the SMS webhook', () => {
  it('says which channels deliver for real', async () => {
    const r = await new Client(gw.url).fetchRaw('GET', '/api/auth/v1/api/verifyChannels')
    expect(r.body).toMatchObject({ code: 10000, data: { sms: true, email: true } })
  })

  it('registers with a code mailed through SMTP; the account waits for review with a pending staff record', async () => {
    const email = newEmail('reg')
    const waiting = smtp.waitFor(email)
    const sent = await post(`${A}/getVerifyCode`, { channel: 'email', email })
    expect(sent.body).toMatchObject({ code: 10000, data: { channel: 'email', expiresIn: CODE_TTL } })
    expect((sent.body.data as { target: string }).target).toMatch(/^re\*\*\*@example\.test$/)
    const mail = await waiting
    expect(mail.from).toContain('no-reply@trestle.test')
    expect(mail.subject).toMatch(/^工程协同管理平台验证码：\d{6}$/)
    expect(mail.text).toContain('注册账号')
    const code = codeIn(mail.text)
    expect(mail.html).toContain(code)
    // A real channel carries it: the code is not in the log.
    expect(readFileSync(gw.log, 'utf8')).not.toContain(`→ ${code}`)

    const accountName = uniqueName('mail').slice(0, 20)
    const body = {
      accountName,
      password: 'Mail#2026',
      confirmPassword: 'Mail#2026',
      userName: '邮件注册',
      channel: 'email',
      email,
      verifyCode: code,
    }
    const missing = await post(`${A}/addByRegister`, { ...body, email: '' })
    expect(missing.body.code).toBe(20001)
    expect(missing.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'email' })]))
    const created = await post(`${A}/addByRegister`, body)
    expect(created.body).toMatchObject({ code: 10000, data: { accountName, status: 'pending' } })
    // The address is taken now.
    expect((await post(`${A}/addByRegister`, { ...body, accountName: `${accountName.slice(0, 17)}x2` })).body.code).toBe(20006)
    expect((await post(`${A}/getVerifyCode`, { channel: 'email', email })).body.code).toBe(20006)

    const login = await new Client(gw.url).login(accountName, 'Mail#2026')
    expect(login.body.code).toBe(20119)
    expect(login.body.message).toContain('待审核')
    const admin = await signedIn(gw)
    const audit = await admin.call<{ records: { accountName: string; auditStatus: string; email: string | null }[] }>(
      'GET',
      '/api/admin/v1/userAudit/listPage',
      {
        query: { keyword: accountName, auditStatus: 'pending' },
      },
    )
    expect(audit.body.data.records).toEqual([expect.objectContaining({ accountName, auditStatus: 'pending' })])
  })

  it('writes the mail in English for an English requester', async () => {
    const email = newEmail('en')
    const waiting = smtp.waitFor(email)
    expect((await post(`${A}/getVerifyCode`, { channel: 'email', email }, 'en-US,en;q=0.9')).body.code).toBe(10000)
    const mail = await waiting
    expect(mail.subject).toMatch(/^Trestle verification code: \d{6}$/)
    expect(mail.text).toContain('registering your account')
    expect(mail.text).toContain(`valid for ${Math.round(CODE_TTL / 60) || 1} minute`)
  })

  it('registers with a code sent through the SMS webhook', async () => {
    const phone = newPhone()
    const waiting = sms.waitFor(phone)
    const sent = await post(`${A}/getVerifyCode`, { cellphone: phone })
    expect(sent.body).toMatchObject({ code: 10000, data: { channel: 'sms', target: `${phone.slice(0, 3)}****${phone.slice(-4)}` } })
    const msg = await waiting
    expect(msg.text).toMatch(/^【工程协同管理平台】您的验证码为\d{6}，用于注册账号/)
    const accountName = uniqueName('sms').slice(0, 20)
    const r = await post(`${A}/addByRegister`, {
      accountName,
      password: 'Text#2026',
      confirmPassword: 'Text#2026',
      userName: '短信注册',
      cellphone: phone,
      verifyCode: codeIn(msg.text),
    })
    expect(r.body).toMatchObject({ code: 10000, data: { status: 'pending' } })
    expect((await post(`${A}/getVerifyCode`, { cellphone: phone })).body.code).toBe(20006)
  })

  it('a provider failure withdraws the code: 20021, and asking again works at once', async () => {
    const phone = newPhone()
    sms.status = 500
    try {
      const failed = await post(`${A}/getVerifyCode`, { cellphone: phone })
      expect(failed.body.code).toBe(20021)
      expect(failed.body.message).toBe('验证码发送失败，请稍后再试')
    } finally {
      sms.status = 200
    }
    const waiting = sms.waitFor(phone)
    expect((await post(`${A}/getVerifyCode`, { cellphone: phone })).body.code).toBe(10000)
    await waiting
    // …but not twice within 60 s.
    const again = await post(`${A}/getVerifyCode`, { cellphone: phone })
    expect(again.body.code).toBe(20021)
    expect(again.body.message).toContain('60秒')
  })

  it('resets a forgotten password with a mailed code, single use, and ends every session', async () => {
    const c = new Client(gw.url)
    const email = 'zhangwei@trestle.example.cn'
    const session = await signedIn(gw, 'zhangwei')
    expect((await session.call('GET', '/api/portal/v1/user/info')).body.code).toBe(10000)

    const waiting = smtp.waitFor(email)
    const sent = await post(`${A}/getForgotVerifyCode`, { accountName: 'zhangwei', channel: 'email' })
    expect(sent.body).toMatchObject({ code: 10000, data: { channel: 'email', target: 'zh***@trestle.example.cn' } })
    const mail = await waiting
    expect(mail.text).toContain('找回密码')
    const code = codeIn(mail.text)
    const wrong = code === '000000' ? '111111' : '000000'
    expect((await post(`${A}/valid`, { accountName: 'zhangwei', verifyCode: wrong })).body.code).toBe(20001)
    expect((await post(`${A}/valid`, { accountName: 'zhangwei', verifyCode: code })).body.code).toBe(10000)
    const reset = { accountName: 'zhangwei', verifyCode: code, password: 'Reset#2026', confirmPassword: 'Reset#2026' }
    expect((await post(`${A}/updatePassword`, reset)).body.code).toBe(10000)
    expect((await post(`${A}/updatePassword`, { ...reset, password: 'Again#2026', confirmPassword: 'Again#2026' })).body.code).toBe(20001)
    // The session signed in with the old password is over.
    expect((await session.call('GET', '/api/portal/v1/user/info')).body.code).toBe(20114)
    expect((await c.login('zhangwei', 'Trestle@2026')).body.code).toBe(20010)
    expect((await c.login('zhangwei', 'Reset#2026')).body.code).toBe(10000)
  })

  it('refuses an account without the chosen contact with a clear message', async () => {
    // orgadmin has both; a registration by email has no phone.
    const email = newEmail('nophone')
    const waiting = smtp.waitFor(email)
    await post(`${A}/getVerifyCode`, { channel: 'email', email })
    const code = codeIn((await waiting).text)
    const accountName = uniqueName('np').slice(0, 20)
    await post(`${A}/addByRegister`, {
      accountName,
      password: 'Mail#2026',
      confirmPassword: 'Mail#2026',
      userName: '无手机',
      channel: 'email',
      email,
      verifyCode: code,
    })
    const bySms = await post(`${A}/getForgotVerifyCode`, { accountName, channel: 'sms' })
    expect(bySms.body.code).toBe(20021)
    expect(bySms.body.message).toContain('未绑定手机号')
    // Without a channel, the code goes where it can: the email.
    const waitingForgot = smtp.waitFor(email)
    const auto = await post(`${A}/getForgotVerifyCode`, { accountName })
    expect(auto.body).toMatchObject({ code: 10000, data: { channel: 'email' } })
    await waitingForgot
  })

  it('five wrong tries spend a code', async () => {
    const phone = newPhone()
    const waiting = sms.waitFor(phone)
    await post(`${A}/getVerifyCode`, { cellphone: phone })
    const code = codeIn((await waiting).text)
    const body = {
      accountName: uniqueName('try').slice(0, 20),
      password: 'Try#20260',
      confirmPassword: 'Try#20260',
      userName: '试错',
      cellphone: phone,
    }
    for (let i = 0; i < 5; i++) {
      const wrong = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0')
      expect((await post(`${A}/addByRegister`, { ...body, verifyCode: wrong })).body.code).toBe(20001)
    }
    const right = await post(`${A}/addByRegister`, { ...body, verifyCode: code })
    expect(right.body.code).toBe(20021)
    expect(right.body.message).toContain('错误次数过多')
  })

  it(`a code expires after TRESTLE_VERIFY_CODE_TTL (${CODE_TTL} s)`, async () => {
    const phone = newPhone()
    const waiting = sms.waitFor(phone)
    await post(`${A}/getVerifyCode`, { cellphone: phone })
    const code = codeIn((await waiting).text)
    await sleep((CODE_TTL + 1) * 1000)
    const late = await post(`${A}/addByRegister`, {
      accountName: uniqueName('late').slice(0, 20),
      password: 'Late#2026',
      confirmPassword: 'Late#2026',
      userName: '过期',
      cellphone: phone,
      verifyCode: code,
    })
    expect(late.body.code).toBe(20001)
    expect(late.body.data).toEqual([expect.objectContaining({ field: 'verifyCode', message: '验证码错误或已失效' })])
  })

  it(`limits codes per IP address (TRESTLE_VERIFY_IP_LIMIT ${IP_LIMIT} per 10 minutes): HTTP 429 with Retry-After`, async () => {
    let refused: Awaited<ReturnType<typeof post>> | null = null
    // Fixed windows aligned to the clock: one may end during the loop, so allow two windows' worth.
    for (let i = 0; i <= 2 * IP_LIMIT && !refused; i++) {
      const r = await post(`${A}/getVerifyCode`, { channel: 'email', email: newEmail('flood') })
      if (r.body.code !== 10000) refused = r
    }
    expect(refused).not.toBeNull()
    expect(refused!.status).toBe(429)
    expect(refused!.body.code).toBe(20021)
    expect(refused!.body.message).toBe('验证码发送过于频繁，请稍后再试')
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
