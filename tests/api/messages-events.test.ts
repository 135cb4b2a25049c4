/**
 * Messages out of the box (issue 33) on both databases:
 *  - an installation starts with an enabled in-app setting per business event: a fresh registration
 *    reaches the system administrators with no configuration added, its texts rendered cleanly
 *    (a unit the registration did not name leaves no empty brackets);
 *  - templates use only their event's placeholders (custom messages: {senderName}): 20001 on the
 *    text, naming the unknown placeholder and the available ones, in zh and en;
 *  - without a mail server (or SMS service) an email (or SMS) is not "sent": it waits, then fails, in
 *    待发送 with the reason, and never shows in 已发送.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { NOT_SENT } from '../../server/modules/messages/channels'
import { MESSAGE_SETTINGS } from '../../server/seed/messageSettings'
import { MSG_EVENTS } from '../../src/contract/schemas/message'
import { newKey, type Answer, type Client } from './client'
import { accountNameOf, mustAdd, newUnit, nextPhone, post, sysadminRoleId, type PageOf } from './accounts-fixtures'
import { signedIn, sleep, uniqueName } from './helpers'
import { configBody, MSG, registerAccount, until, type Msg } from './messages-fixtures'

interface Config {
  msgConfigId: string
  eventCode: string
  configName: string
  status: number
  channels: string[]
  receivers: { type: string; id: string; name: string }[]
  version: number
}
interface Push {
  id: number
  channel: string
  target: string | null
  status: string
  lastError: string | null
  titleZh: string
}
interface FieldError {
  field: string
  key: string
  message: string
}

const errorsOf = (r: Answer) => (r.body.data ?? []) as FieldError[]

async function inbox(c: Client, keyword: string): Promise<Msg[]> {
  const r = await c.call<PageOf<Msg & { link: string | null }>>('GET', MSG.inbox, { query: { pageSize: 100, keyword } })
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data.records
}

describe.each(provided('targets'))('messages out of the box on $name', (t) => {
  let admin: Client
  let adminId: string

  beforeAll(async () => {
    admin = await signedIn(t)
    adminId = (await admin.call<{ accountId: string }>('GET', '/api/portal/v1/user/info')).body.data.accountId
  })

  it('starts with an enabled in-app setting per business event; a registration reaches the administrators with none added', async () => {
    const sysadmin = await sysadminRoleId(admin)
    for (const eventCode of MSG_EVENTS) {
      const r = await admin.call<PageOf<Config>>('GET', `${MSG.config}/listPage`, { query: { eventCode, pageSize: 500 } })
      expect(r.body.code, r.text).toBe(10000)
      const seeded = r.body.data.records.find((c) => c.configName === MESSAGE_SETTINGS[eventCode].configName)
      expect(seeded, eventCode).toMatchObject({ eventCode, status: 1, channels: ['inApp'] })
      expect(seeded!.receivers.length, eventCode).toBeGreaterThan(0)
    }
    const pending = await admin.call<PageOf<Config>>('GET', `${MSG.config}/listPage`, {
      query: { eventCode: 'account.pending', pageSize: 500 },
    })
    expect(pending.body.data.records.find((c) => c.configName === MESSAGE_SETTINGS['account.pending'].configName)!.receivers).toEqual([
      expect.objectContaining({ type: 'role', id: sysadmin }),
    ])

    // without a unit: no empty brackets where the unit would be
    const alone = accountNameOf('seedreg')
    await registerAccount(t, { accountName: alone, userName: '注册甲' })
    const [m] = await until(async () => {
      const r = await inbox(admin, alone)
      return r.length ? r : null
    })
    expect(m).toMatchObject({
      eventCode: 'account.pending',
      titleZh: `账号待审核：${alone}`,
      titleEn: `Account awaiting audit: ${alone}`,
      contentZh: `注册甲（${alone}）注册了账号，请在用户审核中审核。`,
      contentEn: `注册甲 (${alone}) registered an account; review it in User audit.`,
      link: '/admin/user-audit',
      readAt: null,
    })

    // with a unit: its name
    const unit = await newUnit(admin, '消息注册单位')
    const named = accountNameOf('seedunit')
    await registerAccount(t, { accountName: named, userName: '注册乙', organizationId: unit })
    const [n] = await until(async () => {
      const r = await inbox(admin, named)
      return r.length ? r : null
    })
    expect(n!.contentZh).toMatch(new RegExp(`^注册乙（${named}）【消息注册单位[0-9a-z]+】注册了账号，请在用户审核中审核。$`))
    expect(n!.contentEn).toMatch(new RegExp(`^注册乙 \\(${named}\\) \\[消息注册单位[0-9a-z]+\\] registered an account`))
  })

  it('refuses a template with a placeholder its event does not have: 20001 on the text, naming it and the available ones', async () => {
    const me = [{ type: 'person', id: adminId, name: 'admin' }]
    const typo = await post(admin, `${MSG.config}/add`, configBody({ receivers: me, titleZh: '账号待审核：{accountNme}' }))
    expect(typo.body.code, typo.text).toBe(20001)
    expect(errorsOf(typo)).toEqual([
      {
        field: 'titleZh',
        key: 'v.placeholder:{accountNme}|{accountName} {userName} {organizationName}',
        message: '含有不可用的占位符 {accountNme}，可用的占位符：{accountName} {userName} {organizationName}',
      },
    ])
    const en = await post(admin, `${MSG.config}/add`, configBody({ receivers: me, titleEn: 'Pending: {nobody}' }), 'en')
    expect(errorsOf(en)).toEqual([
      expect.objectContaining({
        field: 'titleEn',
        message: 'has a placeholder that is not available: {nobody}; available: {accountName} {userName} {organizationName}',
      }),
    ])
    // another event's placeholders: a terminal application has no {userName}
    const other = await post(admin, `${MSG.config}/add`, configBody({ receivers: me, eventCode: 'terminal.applied' }))
    expect(errorsOf(other).map((e) => [e.field, e.key])).toEqual([
      ['contentZh', 'v.placeholder:{userName}|{terminalName} {accountName}'],
      ['contentEn', 'v.placeholder:{userName}|{terminalName} {accountName}'],
    ])

    // an update is checked too
    const added = await post<Config>(admin, `${MSG.config}/add`, configBody({ receivers: me, status: 0 }))
    expect(added.body.code, added.text).toBe(10000)
    try {
      const upd = await admin.call('PUT', `${MSG.config}/update`, {
        json: { ...configBody({ receivers: me, contentEn: '{reason}' }), msgConfigId: added.body.data.msgConfigId, version: 0 },
        idempotencyKey: newKey(),
      })
      expect(upd.body.code, upd.text).toBe(20001)
      expect(errorsOf(upd).map((e) => e.field)).toEqual(['contentEn'])
    } finally {
      await admin.call('POST', `${MSG.config}/delete`, { form: { ids: added.body.data.msgConfigId }, idempotencyKey: newKey() })
    }

    // hand-sent messages (and their configurations): {senderName} only
    const custom = { receivers: me, channels: ['inApp'], titleZh: '通知', titleEn: 'Notice', contentZh: '{userName}你好', contentEn: 'Hi' }
    const badCustom = await post(admin, `${MSG.custom}/add`, { ...custom, configName: uniqueName('自定义') })
    expect(errorsOf(badCustom).map((e) => [e.field, e.key])).toEqual([['contentZh', 'v.placeholder:{userName}|{senderName}']])
    const badSend = await post(admin, MSG.send, custom)
    expect(errorsOf(badSend).map((e) => e.field)).toEqual(['contentZh'])
    const title = uniqueName('占位符')
    const sent = await post(admin, MSG.send, { ...custom, titleZh: title, contentZh: '来自{senderName}的通知' })
    expect(sent.body.code, sent.text).toBe(10000)
    const [got] = await until(async () => {
      const r = await inbox(admin, title)
      return r.length ? r : null
    })
    expect(got!.contentZh).toMatch(/^来自.+的通知$/)
    expect(got!.contentZh).not.toContain('{')
  })

  it('without a mail server or SMS service, an email or SMS is not sent: it fails in 待发送 with the reason, never in 已发送', async () => {
    const unit = await newUnit(admin, '渠道未配置')
    const email = `${accountNameOf('mail')}@example.test`.toLowerCase()
    const phone = nextPhone()
    const person = await mustAdd(admin, unit, { email, cellphone: phone })
    const title = uniqueName('未配置渠道')
    const sent = await post(admin, MSG.send, {
      receivers: [{ type: 'person', id: person.accountId, name: person.accountName }],
      channels: ['email', 'sms'],
      titleZh: title,
      titleEn: 'Unconfigured channels',
      contentZh: '内容',
      contentEn: 'content',
    })
    expect(sent.body.code, sent.text).toBe(10000)
    const list = async (path: string) => {
      const r = await admin.call<PageOf<Push>>('GET', path, { query: { pageSize: 100 } })
      expect(r.body.code, r.text).toBe(10000)
      return r.body.data.records.filter((p) => p.titleZh === title)
    }
    const failed = await until(
      async () => {
        const rows = await list(MSG.waiting)
        return rows.length === 2 && rows.every((p) => p.lastError) ? rows : null
      },
      15_000,
      'failed pushes',
    )
    const byChannel = Object.fromEntries(failed.map((p) => [p.channel, p]))
    expect(byChannel.email).toMatchObject({ target: email, lastError: NOT_SENT.noSmtp, status: expect.stringMatching(/^(waiting|dead)$/) })
    expect(byChannel.sms).toMatchObject({ target: phone, lastError: NOT_SENT.noSms, status: expect.stringMatching(/^(waiting|dead)$/) })
    expect(NOT_SENT.noSmtp).toContain('未配置邮件服务器')
    expect(NOT_SENT.noSmtp).toContain('No mail server is configured')
    await sleep(500)
    expect(await list(MSG.pushed)).toEqual([])
  })
})
