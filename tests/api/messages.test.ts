/**
 * Messages (issue 15) on both databases: configuration CRUD and validation; a registration
 * (account awaiting audit) reaching exactly its configured reviewers once; exactly one message per
 * receiver when the delivery runs twice or its runner dies mid-way; no one reads another's
 * messages; a failing channel retried, then dead-lettered, then retried by hand; the live stream
 * (a signed fetch) with replay from Last-Event-ID; two gateways on one PostgreSQL delivering live
 * to a console connected to the other.
 */
import { createServer, type Server } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { loadConfig } from '../../server/config'
import { openDatabase, type Database } from '../../server/db/client'
import { account, eventOutbox, msgConfig, msgInbox } from '../../server/db/schema'
import { enqueue, JobRunner } from '../../server/lib/jobs'
import { deliverEvent } from '../../server/modules/messages/fanout'
import { tellExpiring } from '../../server/modules/account/expiring'
import { dayOf } from '../../server/modules/account/state'
import { newId } from '../../src/contract/ids'
import { Client, newKey, type Answer } from './client'
import {
  accountNameOf,
  mustAdd,
  newUnit,
  nextPhone,
  PASSWORD,
  post,
  registerByInvite,
  sysadminRoleId,
  type PageOf,
} from './accounts-fixtures'
import { signedIn, sleep, uniqueName } from './helpers'
import { addRole, byAction, saveMenus, tree } from './roles-fixtures'
import { configBody, MSG, openStream, registerAccount, until, type Msg } from './messages-fixtures'

interface Config {
  msgConfigId: string
  configName: string
  channels: string[]
  version: number
}
interface Push {
  id: number
  channel: string
  status: string
  attempts: number
  lastError: string | null
  titleZh: string
}

/** A role with only the message centre: its holders sign in and read their own messages, nothing else. */
async function plainRole(admin: Client): Promise<string> {
  const role = await addRole(admin, '消息接收')
  const t = await tree(admin, role.roleId)
  const centre = byAction(t, '/admin/message-center')
  const r = await saveMenus(
    admin,
    role.roleId,
    t.applicationId,
    [centre.parentId, centre.applicationMenuId].filter((x): x is string => !!x),
    [],
  )
  if (r.body.code !== 10000) throw new Error(`saveMenus: ${r.text}`)
  return role.roleId
}

const fieldsOf = (r: Answer) => ((r.body.data ?? []) as { field: string }[]).map((f) => f.field)

async function inbox(c: Client, query: Record<string, string | number> = {}) {
  const r = await c.call<PageOf<Msg> & { unread: number }>('GET', MSG.inbox, { query: { pageSize: 100, ...query } })
  if (r.body.code !== 10000) throw new Error(`inbox: ${r.text}`)
  return r.body.data
}

describe.each(provided('targets'))('messages on $name', (t) => {
  let admin: Client
  let reviewer: { accountId: string; accountName: string; c: Client }
  let other: { accountId: string; accountName: string; c: Client }
  let hook: Server
  let hookUrl: string
  let hookStatus = 500
  let hookHits: unknown[] = []

  beforeAll(async () => {
    admin = await signedIn(t)
    const unit = await newUnit(admin, '消息测试单位')
    const roleIds = [await plainRole(admin)]
    const a = await mustAdd(admin, unit, { userName: '审核员甲', roleIds })
    const b = await mustAdd(admin, unit, { userName: '普通员乙', roleIds })
    reviewer = { ...a, c: await new Client(t.url).signIn(a.accountName, PASSWORD) }
    other = { ...b, c: await new Client(t.url).signIn(b.accountName, PASSWORD) }
    hook = createServer((req, res) => {
      let body = ''
      req.on('data', (c: Buffer) => (body += c.toString()))
      req.on('end', () => {
        hookHits.push(JSON.parse(body || 'null'))
        res.writeHead(hookStatus).end()
      })
    })
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r))
    const addr = hook.address()
    hookUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/robot`
  })
  afterAll(async () => {
    if (!hook) return
    hook.closeAllConnections()
    await new Promise((r) => hook.close(r))
  })

  it('configurations: added, listed, updated on their version, deleted; bad input is 20001 on the field', async () => {
    const bad = await post(admin, `${MSG.config}/add`, {
      configName: '',
      channels: ['webhook', 'fax'],
      receivers: [],
      titleZh: '',
      titleEn: 'x',
      contentZh: 'x',
      contentEn: 'x',
    })
    expect(bad.body.code).toBe(20001)
    expect(fieldsOf(bad)).toEqual(expect.arrayContaining(['configName', 'eventCode', 'receivers', 'titleZh', 'channels.1']))
    const noUrl = await post(
      admin,
      `${MSG.config}/add`,
      configBody({ channels: ['webhook'], receivers: [{ type: 'person', id: reviewer.accountId, name: 'x' }] }),
    )
    expect(noUrl.body.code).toBe(20001)
    expect(fieldsOf(noUrl)).toEqual(['webhookUrl'])
    const badUrl = await post(
      admin,
      `${MSG.config}/add`,
      configBody({ channels: ['webhook'], webhookUrl: 'ftp://x', receivers: [{ type: 'person', id: reviewer.accountId, name: 'x' }] }),
    )
    expect(fieldsOf(badUrl)).toEqual(['webhookUrl'])
    const badReceiver = await post(admin, `${MSG.config}/add`, configBody({ receivers: [{ type: 'team', id: 'nope', name: 'x' }] }))
    expect(fieldsOf(badReceiver)).toEqual(expect.arrayContaining(['receivers.0.type', 'receivers.0.id']))

    const body = configBody({ channels: ['email'], receivers: [{ type: 'person', id: reviewer.accountId, name: '审核员甲' }] })
    const added = await post<Config>(admin, `${MSG.config}/add`, body)
    expect(added.body.code, added.text).toBe(10000)
    expect(added.body.data.channels).toEqual(['inApp', 'email'])
    expect((await post(admin, `${MSG.config}/add`, body)).body.code).toBe(20006)
    const list = await admin.call<PageOf<Config>>('GET', `${MSG.config}/listPage`, { query: { configName: body.configName } })
    expect(list.body.data.records.map((r) => r.configName)).toEqual([body.configName])
    // the hand-sent configurations are another list
    const custom = await admin.call<PageOf<Config>>('GET', `${MSG.custom}/listPage`, { query: { configName: body.configName } })
    expect(custom.body.data.records).toEqual([])

    const id = added.body.data.msgConfigId
    const upd = await admin.call<Config>('PUT', `${MSG.config}/update`, {
      json: { ...body, msgConfigId: id, version: added.body.data.version, status: 0 },
      idempotencyKey: newKey(),
    })
    expect(upd.body.code, upd.text).toBe(10000)
    const stale = await admin.call('PUT', `${MSG.config}/update`, {
      json: { ...body, msgConfigId: id, version: added.body.data.version },
      idempotencyKey: newKey(),
    })
    expect(stale.body.code).toBe(20008)
    const del = await admin.call('POST', `${MSG.config}/delete`, { form: { ids: id }, idempotencyKey: newKey() })
    expect(del.body.code, del.text).toBe(10000)
    // a reviewer without the menu cannot configure
    expect((await post(reviewer.c, `${MSG.config}/add`, configBody())).body.code).toBe(20003)
  })

  it('the account tree offers groups with their people counted and people by name', async () => {
    const people = await admin.call<{ nodeId: string; nodeType: number; nodeNameExt: string }[]>('GET', MSG.tree, {
      query: { keyword: reviewer.accountName },
    })
    expect(people.body.code).toBe(10000)
    expect(people.body.data).toEqual([
      expect.objectContaining({ nodeId: reviewer.accountId, nodeType: 3, nodeNameExt: reviewer.accountName }),
    ])
    const groups = await admin.call<{ nodeType: number; count: number }[]>('GET', MSG.tree)
    expect(groups.body.code).toBe(10000)
    for (const g of groups.body.data) expect(g).toMatchObject({ nodeType: 2, count: expect.any(Number) })
  })

  it('a registration reaches each configured reviewer exactly once (a person and a role they also hold)', async () => {
    const roleId = await sysadminRoleId(admin)
    const cfg = await post<Config>(
      admin,
      `${MSG.config}/add`,
      configBody({
        receivers: [
          { type: 'person', id: reviewer.accountId, name: '审核员甲' },
          { type: 'role', id: roleId, name: '系统管理员' },
        ],
      }),
    )
    expect(cfg.body.code, cfg.text).toBe(10000)
    try {
      const name = uniqueName('msgreg')
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 20)
      await registerAccount(t, { accountName: name, userName: '新注册' })

      const mine = await until(async () => {
        const page = await inbox(reviewer.c, { keyword: name })
        return page.records.length ? page.records : null
      })
      expect(mine).toHaveLength(1)
      expect(mine[0]).toMatchObject({
        eventCode: 'account.pending',
        titleZh: `账号待审核：${name}`,
        titleEn: `Account awaiting audit: ${name}`,
        readAt: null,
      })
      expect(mine[0]!.contentZh).toBe(`新注册（${name}）注册了账号，请审核。`)
      const admins = await until(async () => (await inbox(admin, { keyword: name })).records)
      expect(admins).toHaveLength(1)
      await sleep(500)
      expect((await inbox(reviewer.c, { keyword: name })).records).toHaveLength(1)
      // not a receiver
      expect((await inbox(other.c, { keyword: name })).records).toEqual([])
    } finally {
      await admin.call('POST', `${MSG.config}/delete`, { form: { ids: cfg.body.data.msgConfigId }, idempotencyKey: newKey() })
    }
  })

  it('each business event tells its configured receivers: an account stopped, a terminal applied, an invitation completed, an offline edit conflicted (once per entry)', async () => {
    const events = {
      'account.stopped': ['停用：{accountName}{reason}', 'Stopped: {accountName} {reason}'],
      'terminal.applied': ['终端申请：{terminalName}（{accountName}）', 'Terminal applied: {terminalName} ({accountName})'],
      'invite.completed': ['邀请已完成：{userName}，{organizationName}', 'Invitation completed: {userName}, {organizationName}'],
      'offline.conflict': ['离线冲突：{entity}，{accountName}', 'Offline conflict: {entity}, {accountName}'],
    } as const
    const configs: string[] = []
    for (const [eventCode, [titleZh, titleEn]] of Object.entries(events)) {
      const cfg = await post<Config>(
        admin,
        `${MSG.config}/add`,
        // each event's own placeholders only (another's is 20001: messages-events.test.ts)
        configBody({
          eventCode,
          titleZh,
          titleEn,
          contentZh: titleZh,
          contentEn: titleEn,
          receivers: [{ type: 'person', id: reviewer.accountId, name: '审核员甲' }],
        }),
      )
      expect(cfg.body.code, cfg.text).toBe(10000)
      configs.push(cfg.body.data.msgConfigId)
    }
    const received = (eventCode: string, n = 1) =>
      until(
        async () => {
          const page = await inbox(reviewer.c, { eventCode, pageSize: 100 })
          return page.records.length >= n ? page.records : null
        },
        15_000,
        eventCode,
      )
    try {
      const unit = await newUnit(admin, '事件单位')
      // stopped by an administrator
      const victim = await mustAdd(admin, unit, { userName: '被停用者' })
      expect((await post(admin, '/api/admin/v1/generalAccount/enable', { ids: [victim.accountId], enable: false })).body.code).toBe(10000)
      const stopped = await received('account.stopped')
      expect(stopped.map((m) => m.titleZh)).toContain(`停用：${victim.accountName}已被${admin.accountName}停用`)
      expect(stopped.map((m) => m.titleEn)).toContain(`Stopped: ${victim.accountName} stopped by ${admin.accountName}`)

      // a device applies
      const device = `dev-${newKey()}`
      const applied = await post(other.c, '/api/admin/v1/terminal/apply', { deviceId: device, deviceName: '事件平板', os: 'Android' })
      expect(applied.body.code, applied.text).toBe(10000)
      const terminals = await received('terminal.applied')
      expect(terminals.map((m) => m.titleZh)).toContain(`终端申请：事件平板（${other.accountName}）`)

      // an invitation used
      const invited = await registerByInvite(t, admin, unit, {
        accountName: accountNameOf('inv'),
        password: PASSWORD,
        confirmPassword: PASSWORD,
        userName: '受邀者',
        cellphone: nextPhone(),
      })
      expect(invited.body.code, invited.text).toBe(10000)
      const invites = await received('invite.completed')
      expect(
        invites.some((m) => m.titleZh.startsWith('邀请已完成：受邀者，事件单位')),
        JSON.stringify(invites),
      ).toBe(true)

      // an offline edit conflicted: reported twice (a replay of the report), told once
      const entryId = newId()
      const report = { entryId, entity: 'account', entityZh: '账号「张三」', entityEn: 'Account "张三"' }
      for (let i = 0; i < 2; i++) {
        const r = await post<{ reported: boolean }>(other.c, '/api/portal/v1/msg/offlineConflict', report)
        expect(r.body.code, r.text).toBe(10000)
        expect(r.body.data.reported).toBe(i === 0)
      }
      const conflicts = await received('offline.conflict')
      await sleep(500)
      const mine = (await inbox(reviewer.c, { eventCode: 'offline.conflict', pageSize: 100 })).records.filter((m) =>
        m.titleZh.startsWith('离线冲突：账号「张三」'),
      )
      expect(conflicts.length).toBeGreaterThan(0)
      expect(mine).toHaveLength(1)
      expect(mine[0]!.titleZh).toBe('离线冲突：账号「张三」，普通员乙')
      expect(mine[0]!.titleEn).toBe('Offline conflict: Account "张三", 普通员乙')
      // a bad report is 20001 on its field
      const bad = await post(other.c, '/api/portal/v1/msg/offlineConflict', { ...report, entryId: 'nope' })
      expect(bad.body.code).toBe(20001)
      expect(fieldsOf(bad)).toContain('entryId')
    } finally {
      for (const id of configs) await admin.call('POST', `${MSG.config}/delete`, { form: { ids: id }, idempotencyKey: newKey() })
    }
  })

  it('no one reads or marks another’s messages; read is idempotent; read all; unread first', async () => {
    const sent = await post(admin, MSG.send, {
      receivers: [{ type: 'person', id: reviewer.accountId, name: '审核员甲' }],
      channels: ['inApp'],
      titleZh: '私信一',
      titleEn: 'Private one',
      contentZh: '只给审核员甲',
      contentEn: 'For the reviewer only',
    })
    expect(sent.body.code, sent.text).toBe(10000)
    await post(admin, MSG.send, {
      receivers: [{ type: 'person', id: reviewer.accountId, name: '审核员甲' }],
      channels: ['inApp'],
      titleZh: '私信二',
      titleEn: 'Private two',
      contentZh: '第二条',
      contentEn: 'The second',
    })
    const [second, first] = await until(async () => {
      const r = (await inbox(reviewer.c, { keyword: '私信' })).records
      return r.length === 2 ? r : null
    })
    expect(second!.titleZh).toBe('私信二')
    expect(first!.senderName).toBeTruthy()
    // the keyword is found in the title or the content, in either language, whatever its case; not
    // across two of them, and % and _ are letters
    const found = async (keyword: string) => (await inbox(reviewer.c, { keyword })).records.map((m) => m.titleZh)
    expect(await found('PRIVATE ONE')).toEqual(['私信一'])
    expect(await found('只给审核员')).toEqual(['私信一'])
    expect(await found('the SECOND')).toEqual(['私信二'])
    expect(await found('私信二Private')).toEqual([])
    expect(await found('私信二 Private')).toEqual([])
    expect(await found('Private_one')).toEqual([])
    expect(await found('%')).toEqual([])
    // others see nothing of it and cannot touch it
    expect((await inbox(other.c, { keyword: '私信' })).records).toEqual([])
    expect((await post(other.c, MSG.read, { ids: [first!.id] })).body.code).toBe(20002)
    expect((await post(admin, MSG.read, { ids: [first!.id] })).body.code).toBe(20002)
    expect((await inbox(reviewer.c, { keyword: '私信' })).records.every((m) => m.readAt === null)).toBe(true)
    expect(fieldsOf(await post(reviewer.c, MSG.read, { ids: [] }))).toEqual(['ids'])

    const before = (await reviewer.c.call<{ unread: number }>('GET', MSG.unread)).body.data.unread
    const key = newKey()
    const r1 = await reviewer.c.call<{ read: number }>('POST', MSG.read, { json: { ids: [first!.id] }, idempotencyKey: key })
    expect(r1.body.data.read).toBe(1)
    // the outbox replays with the same key: the same answer, nothing read twice
    const r2 = await reviewer.c.call<{ read: number }>('POST', MSG.read, { json: { ids: [first!.id] }, idempotencyKey: key })
    expect(r2.body).toEqual(r1.body)
    expect((await post<{ read: number }>(reviewer.c, MSG.read, { ids: [first!.id] })).body.data.read).toBe(0)
    expect((await reviewer.c.call<{ unread: number }>('GET', MSG.unread)).body.data.unread).toBe(before - 1)
    // unread first: the unread first message comes before the read one
    const order = (await inbox(reviewer.c, { keyword: '私信' })).records.map((m) => m.titleZh)
    expect(order).toEqual(['私信二', '私信一'])
    expect((await inbox(reviewer.c, { keyword: '私信', read: 1 })).records.map((m) => m.titleZh)).toEqual(['私信一'])
    // 全部标记已读 up to the newest message the caller saw: one sent after it stays unread
    const count = (await reviewer.c.call<{ unread: number; lastId: number }>('GET', MSG.unread)).body.data
    expect(count.lastId).toBe(Math.max(...(await inbox(reviewer.c, {})).records.map((m) => m.id)))
    expect(fieldsOf(await post(reviewer.c, MSG.readAll, { upTo: 'newest' }))).toEqual(['upTo'])
    await post(admin, MSG.send, {
      receivers: [{ type: 'person', id: reviewer.accountId, name: '审核员甲' }],
      channels: ['inApp'],
      titleZh: '私信三',
      titleEn: 'Third',
      contentZh: '晚到的',
      contentEn: 'Came later',
    })
    const third = await until(async () => (await inbox(reviewer.c, { keyword: '私信三' })).records[0] ?? null)
    expect(third!.id).toBeGreaterThan(count.lastId)
    expect((await post(reviewer.c, MSG.readAll, { upTo: count.lastId })).body.code).toBe(10000)
    expect((await reviewer.c.call<{ unread: number; lastId: number }>('GET', MSG.unread)).body.data).toEqual({
      unread: 1,
      lastId: third!.id,
    })
    expect((await inbox(reviewer.c, { keyword: '私信三' })).records[0]!.readAt).toBeNull()
    expect((await post(reviewer.c, MSG.readAll, {})).body.code).toBe(10000)
    expect((await reviewer.c.call<{ unread: number }>('GET', MSG.unread)).body.data.unread).toBe(0)
  })

  it('a failing channel is retried with backoff, then dead-lettered; a retry by hand sends it', async () => {
    hookStatus = 500
    hookHits = []
    const title = uniqueName('推送失败')
    const sent = await post(admin, MSG.send, {
      receivers: [{ type: 'person', id: reviewer.accountId, name: '审核员甲' }],
      channels: ['webhook'],
      webhookUrl: hookUrl,
      titleZh: title,
      titleEn: 'Webhook test',
      contentZh: '企业微信机器人',
      contentEn: 'Chat robot',
    })
    expect(sent.body.code, sent.text).toBe(10000)
    const dead = await until(
      async () => {
        const r = await admin.call<PageOf<Push>>('GET', MSG.waiting, { query: { pageSize: 100, status: 'dead' } })
        return r.body.data.records.find((p) => p.titleZh === title)
      },
      40_000,
      'dead push',
    )
    expect(dead).toMatchObject({ channel: 'webhook', status: 'dead', attempts: 5, lastError: 'webhook answered HTTP 500' })
    expect(hookHits).toHaveLength(5)
    expect(hookHits[0]).toMatchObject({ title: { zh: title }, receiver: { accountName: reviewer.accountName } })
    // the in-app message was delivered regardless
    expect((await inbox(reviewer.c, { keyword: title })).records).toHaveLength(1)

    hookStatus = 200
    const retried = await post<{ retried: number }>(admin, MSG.retry, { ids: [dead.id] })
    expect(retried.body.data.retried).toBe(1)
    const done = await until(async () => {
      const r = await admin.call<PageOf<Push>>('GET', MSG.pushed, { query: { pageSize: 100 } })
      return r.body.data.records.find((p) => p.id === dead.id)
    })
    expect(done.status).toBe('sent')
    expect(hookHits).toHaveLength(6)
    // the receiver without the menu sees no sends
    expect((await reviewer.c.call('GET', MSG.waiting)).body.code).toBe(20003)
  })

  it('live: a signed stream receives new messages with their ids; a reconnect replays from Last-Event-ID', async () => {
    const unsigned = await fetch(t.url + MSG.stream)
    expect(unsigned.headers.get('content-type')).toContain('application/json')
    await unsigned.text()

    const stream = await openStream(reviewer.c)
    expect(stream.status).toBe(200)
    await stream.next((e) => e.event === 'ready')
    const send = (titleZh: string) =>
      post(admin, MSG.send, {
        receivers: [{ type: 'person', id: reviewer.accountId, name: '审核员甲' }],
        channels: ['inApp'],
        titleZh,
        titleEn: titleZh,
        contentZh: '实时',
        contentEn: 'live',
      })
    const one = uniqueName('实时一')
    const started = Date.now()
    await send(one)
    const got = await stream.next((e) => e.event === 'message' && (JSON.parse(e.data) as Msg).titleZh === one)
    expect(Date.now() - started).toBeLessThan(5000)
    expect(Number(got.id)).toBe((JSON.parse(got.data) as Msg).id)
    // the other account's stream gets nothing of it
    const others = await openStream(other.c)
    stream.close()

    const two = uniqueName('实时二')
    await send(two)
    await until(async () => (await inbox(reviewer.c, { keyword: two })).records.length > 0)
    const again = await openStream(reviewer.c, Number(got.id))
    const replayed = await again.next((e) => e.event === 'message' && (JSON.parse(e.data) as Msg).titleZh === two)
    expect(Number(replayed.id)).toBeGreaterThan(Number(got.id))
    expect(again.events.some((e) => e.data.includes(one))).toBe(false)
    again.close()
    await sleep(300)
    expect(others.events.filter((e) => e.event === 'message')).toEqual([])
    others.close()
  })
})

const pair = provided('pgPair')
describe.runIf(pair)('messages across two gateways on one PostgreSQL', () => {
  it('a console connected to B receives live a message sent through A', async () => {
    const [a, b] = pair!
    const adminA = await new Client(a!.url).signIn('admin', a!.adminPassword)
    const unit = await newUnit(adminA, '跨实例消息')
    const acc = await mustAdd(adminA, unit, { userName: '跨实例接收人', roleIds: [await plainRole(adminA)] })
    const onB = await new Client(b!.url).signIn(acc.accountName, PASSWORD)
    const stream = await openStream(onB)
    await stream.next((e) => e.event === 'ready')
    const title = uniqueName('跨实例')
    const sent = await post(adminA, MSG.send, {
      receivers: [{ type: 'person', id: acc.accountId, name: '跨实例接收人' }],
      channels: ['inApp'],
      titleZh: title,
      titleEn: title,
      contentZh: '经 A 发出',
      contentEn: 'sent through A',
    })
    expect(sent.body.code).toBe(10000)
    const got = await stream.next((e) => e.event === 'message' && e.data.includes(title))
    expect(JSON.parse(got.data)).toMatchObject({ titleZh: title, readAt: null })
    // and a read through A tells the stream on B
    expect((await post(adminA, MSG.read, { ids: [Number(got.id)] })).body.code).toBe(20002)
    const onA = await new Client(a!.url).signIn(acc.accountName, PASSWORD)
    expect((await post(onA, MSG.read, { ids: [Number(got.id)] })).body.code).toBe(10000)
    await stream.next((e) => e.event === 'read')
    stream.close()
  })
})

// ---- the fan-out itself, in process: exactly once per receiver ----

const pgUrl = provided('pgUrl')
const drivers: { name: string; env: () => Record<string, string> }[] = [
  { name: 'PGlite', env: () => ({ TRESTLE_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'trestle-msg-')) }) },
  ...(pgUrl ? [{ name: 'PostgreSQL', env: () => ({ DATABASE_URL: pgUrl, TRESTLE_ADMIN_PASSWORD: 'x' }) }] : []),
]

describe.each(drivers)('message fan-out on $name', ({ env }) => {
  let database: Database
  let dir: string | undefined
  const people: string[] = []
  beforeAll(async () => {
    const e = env()
    dir = e.TRESTLE_DATA_DIR
    database = await openDatabase(loadConfig(e))
    await database.withStartupLock(() => database.migrate())
    for (let i = 0; i < 5; i++) {
      const id = newId()
      people.push(id)
      await database.db
        .insert(account)
        .values({ accountId: id, accountName: uniqueName(`fan${i}`).slice(0, 20), passwordHash: 'x', status: 'normal' })
    }
  })
  afterAll(async () => {
    await database?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  /** An event of a topic no gateway consumes (its row only: no job), with a configuration naming the people. */
  async function event(topic: string): Promise<number> {
    await database.db.insert(msgConfig).values({
      msgConfigId: newId(),
      kind: 'event',
      eventCode: topic,
      configName: uniqueName('fan'),
      channels: ['inApp', 'email'],
      receivers: people.map((id) => ({ type: 'person' as const, id, name: id })),
      titleZh: '扇出 {n}',
      titleEn: 'Fan-out {n}',
      contentZh: '内容',
      contentEn: 'content',
    })
    const [row] = await database.db
      .insert(eventOutbox)
      .values({ topic, payload: { n: 7 } })
      .returning({ id: eventOutbox.id })
    return Number(row!.id)
  }
  const countFor = async (eventId: number) =>
    (
      (await database.db.execute(
        sql`select account_id, count(*)::int as n from msg_inbox where event_id = ${eventId} group by account_id`,
      )) as unknown as {
        rows: { account_id: string; n: number }[]
      }
    ).rows

  it('run twice, even at the same time, it writes one message (and one push per channel) per receiver', async () => {
    const topic = uniqueName('fan.twice')
    const id = await event(topic)
    const row = { id, topic, payload: { n: 7 }, organizationId: null, createdAt: new Date() }
    const [first, second] = await Promise.all([deliverEvent(database.db, row), deliverEvent(database.db, row)])
    expect(first.messages + second.messages).toBe(5)
    expect((await deliverEvent(database.db, row)).messages).toBe(0)
    const counts = await countFor(id)
    expect(counts).toHaveLength(5)
    expect(counts.every((c) => Number(c.n) === 1)).toBe(true)
    const pushes = (await database.db.execute(
      sql`select count(*)::int as n from msg_push p join msg_inbox i on i.id = p.inbox_id where i.event_id = ${id}`,
    )) as unknown as { rows: { n: number }[] }
    expect(Number(pushes.rows[0]!.n)).toBe(5)
    const [m] = await database.db
      .select()
      .from(msgInbox)
      .where(and(eq(msgInbox.eventId, id), eq(msgInbox.accountId, people[0]!)))
    expect(m).toMatchObject({ titleZh: '扇出 7', titleEn: 'Fan-out 7' })
  })

  it('an account whose valid period ends within 7 days is told once per end date, however often the scan runs', async () => {
    const now = new Date()
    const soon = newId()
    const later = newId()
    const day = 86_400_000
    await database.db.insert(account).values([
      {
        accountId: soon,
        accountName: uniqueName('exp1').slice(0, 20),
        passwordHash: 'x',
        status: 'normal',
        validUntil: new Date(now.getTime() + 3 * day),
      },
      {
        accountId: later,
        accountName: uniqueName('exp2').slice(0, 20),
        passwordHash: 'x',
        status: 'normal',
        validUntil: new Date(now.getTime() + 30 * day),
      },
    ])
    const notices = async (id: string) =>
      (await database.db.select().from(eventOutbox).where(eq(eventOutbox.topic, 'account.stopped'))).filter(
        (e) => (e.payload as { accountId?: string }).accountId === id,
      )
    await Promise.all([tellExpiring(database.db, now), tellExpiring(database.db, now)])
    await tellExpiring(database.db, now)
    const told = await notices(soon)
    expect(told).toHaveLength(1)
    expect(told[0]!.payload).toMatchObject({ reasonEn: `expires on ${dayOf(new Date(now.getTime() + 3 * day))}` })
    expect(await notices(later)).toHaveLength(0)
    // the end date moved: a new notice for the new date
    await database.db
      .update(account)
      .set({ validUntil: new Date(now.getTime() + 5 * day) })
      .where(eq(account.accountId, soon))
    await tellExpiring(database.db, now)
    expect(await notices(soon)).toHaveLength(2)
  })

  it('a runner that dies after delivering, before finishing its job: the job is taken over and nothing is written twice', async () => {
    const topic = uniqueName('fan.crash')
    const id = await event(topic)
    const kind = uniqueName('test.deliver')
    const deliver = async () => {
      const [e] = await database.db.select().from(eventOutbox).where(eq(eventOutbox.id, id))
      await deliverEvent(database.db, { ...e!, id })
    }
    const dying = new JobRunner(database.db, { leaseSeconds: 1 }).handle(kind, deliver)
    const survivor = new JobRunner(database.db, { leaseSeconds: 30 }).handle(kind, deliver)
    await database.db.transaction((tx) => enqueue(tx, { kind, payload: { id } }))
    const [claimed] = await dying.claim()
    expect(claimed).toBeTruthy()
    await deliver() // the work is done and committed… and the gateway dies before marking the job done
    await sleep(1200)
    expect(await survivor.runOnce()).toBe(1)
    const counts = await countFor(id)
    expect(counts).toHaveLength(5)
    expect(counts.every((c) => Number(c.n) === 1)).toBe(true)
  })
})
