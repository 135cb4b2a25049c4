/**
 * Messages within the caller's data scope (issue 28, DESIGN §3 "Ownership"): a message configuration
 * belongs to a unit — another unit's is neither listed nor changed, deleted or sent from (20002); the
 * receiver pickers answer the receivers of the caller's units only, and only to holders of a
 * configuration function (20003); a configuration or a send naming anyone else is 20001 on
 * `receivers`; the system administrator keeps seeing everything. Walked as a unit administrator on
 * both databases, as the demo's orgadmin, tourist, lisite and zhangwei on the demo data, and the owner
 * backfill of migration 0025 on a database written before it.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { pgliteExtensions } from '../../server/db/client'
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { newKey, type Answer, type Client } from './client'
import { mustAdd, newUnit, post, sysadminRoleId, type PageOf } from './accounts-fixtures'
import { DEMO_PASSWORD, signedIn, uniqueName } from './helpers'
import { unitAdmin } from './logs-fixtures'
import { configBody, MSG, until, type Msg } from './messages-fixtures'

const pgUrl = provided('pgUrl')
const ORG_GROUP = '/api/admin/v1/orgGroup'
const ROLES = '/api/admin/v1/msgConfig/roles'

interface Receiver {
  type: 'group' | 'person' | 'role'
  id: string
  name: string
}
interface Config {
  msgConfigId: string
  configName: string
  organizationId: string | null
  organizationName: string | null
  receivers: Receiver[]
  version: number
}
interface Node {
  nodeId: string
  nodeName: string
  nodeNameExt: string | null
  nodeType: number
  count?: number
}
interface RoleOption {
  roleId: string
  roleName: string
  memberCount: number
}

const person = (id: string): Receiver => ({ type: 'person', id, name: id })
/** A hand-sent message's configuration: its texts use `custom`'s placeholders only. */
const customBody = (receivers: Receiver[]) => {
  const { eventCode: _event, ...rest } = configBody({
    receivers,
    titleZh: '通知',
    titleEn: 'Notice',
    contentZh: '{senderName} 发来的通知',
    contentEn: 'A notice from {senderName}',
  })
  return rest
}
const sendBody = (receivers: Receiver[], extra: Record<string, unknown> = {}) => ({
  receivers,
  channels: ['inApp'],
  titleZh: uniqueName('范围消息'),
  titleEn: 'Scoped message',
  contentZh: '内容',
  contentEn: 'content',
  ...extra,
})
const put = (c: Client, p: string, json: unknown) => c.call('PUT', p, { json, idempotencyKey: newKey() })
const del = (c: Client, p: string, id: string) => c.call('POST', p, { form: { ids: id }, idempotencyKey: newKey() })
const fieldsOf = (r: Answer) => ((r.body.data ?? []) as { field: string }[]).map((f) => f.field)

async function configs(c: Client, base: string): Promise<Config[]> {
  const r = await c.call<PageOf<Config>>('GET', `${base}/listPage`, { query: { pageSize: 500 } })
  expect(r.body.code, r.text).toBe(10000)
  const all = await c.call<Config[]>('GET', `${base}/list`)
  expect(all.body.code, all.text).toBe(10000)
  expect(all.body.data.map((x) => x.msgConfigId).sort()).toEqual(r.body.data.records.map((x) => x.msgConfigId).sort())
  return r.body.data.records
}
async function tree(c: Client, query: Record<string, string> = {}): Promise<Node[]> {
  const r = await c.call<Node[]>('GET', MSG.tree, { query })
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}
async function roleOptions(c: Client): Promise<RoleOption[]> {
  const r = await c.call<RoleOption[]>('GET', ROLES)
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}
async function added(c: Client, base: string, body: unknown): Promise<Config> {
  const r = await post<Config>(c, `${base}/add`, body)
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}
async function addGroup(admin: Client, organizationId: string, memberId?: string): Promise<Receiver> {
  const g = await post<{ orgGroupId: string; groupName: string }>(admin, `${ORG_GROUP}/add`, {
    organizationId,
    groupName: uniqueName('组'),
  })
  expect(g.body.code, g.text).toBe(10000)
  if (memberId) {
    const m = await post(admin, '/api/admin/v1/orgGroupAccount/add', { orgGroupId: g.body.data.orgGroupId, accountId: memberId })
    expect(m.body.code, m.text).toBe(10000)
  }
  return { type: 'group', id: g.body.data.orgGroupId, name: g.body.data.groupName }
}
async function inboxTitles(c: Client): Promise<string[]> {
  const r = await c.call<PageOf<Msg>>('GET', MSG.inbox, { query: { pageSize: 100 } })
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data.records.map((m) => m.titleZh)
}

describe.each(provided('targets'))('message configurations within the data scope on $name', (t) => {
  let admin: Client
  /** A unit administrator (scope: its unit and children) with every message-configuration function. */
  let ua: Client
  let uaId: string
  let own: { group: Receiver; person: Receiver }
  /** Receivers of another unit, and the system administrators' role. */
  let foreign: { group: Receiver; person: Receiver; role: Receiver }
  /** The administrator's configurations: another unit's (or the platform's) for the unit administrator. */
  let adminEvent: Config
  let adminCustom: Config

  beforeAll(async () => {
    admin = await signedIn(t)
    const u = await unitAdmin(t, admin, [
      { menu: '/admin/message-setting', fns: ['add', 'edit', 'delete'] },
      { menu: '/admin/message-custom-config', fns: ['add', 'edit', 'delete', 'send'] },
    ])
    ua = u.client
    uaId = (await tree(admin, { keyword: u.accountName }))[0]!.nodeId
    own = { group: await addGroup(admin, u.organizationId, uaId), person: person(uaId) }
    const other = await newUnit(admin, '消息他单位')
    const otherPerson = await mustAdd(admin, other)
    foreign = {
      group: await addGroup(admin, other, otherPerson.accountId),
      person: person(otherPerson.accountId),
      role: { type: 'role', id: await sysadminRoleId(admin), name: '系统管理员' },
    }
    adminEvent = await added(admin, MSG.config, configBody({ receivers: [foreign.person] }))
    adminCustom = await added(admin, MSG.custom, customBody([foreign.person]))
  })

  it("lists, changes and deletes its own unit's configurations only: another unit's is 20002; the administrator sees all", async () => {
    const mine = await added(ua, MSG.config, configBody({ configName: adminEvent.configName, receivers: [own.group] }))
    expect(mine.organizationId).not.toBe(adminEvent.organizationId)
    expect((await post(ua, `${MSG.config}/add`, configBody({ configName: mine.configName, receivers: [own.person] }))).body.code).toBe(
      20006,
    )

    for (const [base, theirs] of [
      [MSG.config, adminEvent],
      [MSG.custom, adminCustom],
    ] as const) {
      expect((await configs(ua, base)).map((c) => c.msgConfigId)).not.toContain(theirs.msgConfigId)
      const body = base === MSG.config ? configBody({ receivers: [own.person] }) : customBody([own.person])
      const changed = await put(ua, `${base}/update`, { ...body, msgConfigId: theirs.msgConfigId, version: theirs.version })
      expect(changed.body.code, changed.text).toBe(20002)
      expect((await del(ua, `${base}/delete`, theirs.msgConfigId)).body.code).toBe(20002)
    }
    const seen = (await configs(admin, MSG.config)).map((c) => c.msgConfigId)
    expect(seen).toEqual(expect.arrayContaining([mine.msgConfigId, adminEvent.msgConfigId]))
    expect((await configs(admin, MSG.config)).find((c) => c.msgConfigId === adminEvent.msgConfigId)?.receivers).toEqual(
      adminEvent.receivers,
    )

    const updated = await put(ua, `${MSG.config}/update`, {
      ...configBody({ receivers: [own.person] }),
      msgConfigId: mine.msgConfigId,
      version: mine.version,
    })
    expect(updated.body.code, updated.text).toBe(10000)
    expect((await del(ua, `${MSG.config}/delete`, mine.msgConfigId)).body.code).toBe(10000)
  })

  it('refuses receivers outside its data scope (20001 on receivers) in configurations and sends, and sends from another unit’s configuration (20002)', async () => {
    for (const outside of [foreign.person, foreign.group, foreign.role]) {
      const event = await post(ua, `${MSG.config}/add`, configBody({ receivers: [own.person, outside] }))
      expect(event.body.code, event.text).toBe(20001)
      expect(fieldsOf(event)).toEqual(['receivers'])
      expect((await post(ua, `${MSG.custom}/add`, customBody([outside]))).body.code).toBe(20001)
      const sent = await post(ua, MSG.send, sendBody([outside]))
      expect(sent.body.code, sent.text).toBe(20001)
      expect(fieldsOf(sent)).toEqual(['receivers'])
    }
    const unknown = await post(ua, MSG.send, sendBody([person('01900000-0000-7000-8000-000000000000')]))
    expect(unknown.body.code).toBe(20001)

    const mine = await added(ua, MSG.custom, customBody([own.person]))
    const widened = await put(ua, `${MSG.custom}/update`, {
      ...customBody([own.person, foreign.person]),
      configName: mine.configName,
      msgConfigId: mine.msgConfigId,
      version: mine.version,
    })
    expect(widened.body.code, widened.text).toBe(20001)
    expect(fieldsOf(widened)).toEqual(['receivers'])

    const fromTheirs = await post(ua, MSG.send, sendBody([own.person], { msgConfigId: adminCustom.msgConfigId }))
    expect(fromTheirs.body.code, fromTheirs.text).toBe(20002)
    const ok = await post(ua, MSG.send, sendBody([own.group], { msgConfigId: mine.msgConfigId, titleZh: uniqueName('本单位消息') }))
    expect(ok.body.code, ok.text).toBe(10000)
    // the administrator (scope all) addresses anyone
    expect((await post(admin, MSG.send, sendBody([foreign.role, foreign.group]))).body.code).toBe(10000)
  })

  it('the pickers offer only the groups, people and roles of its units; the administrator gets every unit’s', async () => {
    const groups = await tree(ua)
    expect(groups.map((g) => g.nodeId)).toContain(own.group.id)
    expect(groups.map((g) => g.nodeId)).not.toContain(foreign.group.id)
    expect(groups.find((g) => g.nodeId === own.group.id)?.count).toBe(1)
    expect((await tree(ua, { nodeId: own.group.id })).map((p) => p.nodeId)).toEqual([uaId])
    const members = await ua.call('GET', MSG.tree, { query: { nodeId: foreign.group.id } })
    expect(members.body.code, members.text).toBe(20002)
    expect(await tree(ua, { keyword: (await tree(admin, { nodeId: foreign.group.id }))[0]!.nodeNameExt! })).toEqual([])
    expect((await roleOptions(ua)).map((r) => r.roleId)).not.toContain(foreign.role.id)

    expect((await tree(admin)).map((g) => g.nodeId)).toEqual(expect.arrayContaining([own.group.id, foreign.group.id]))
    expect((await tree(admin, { nodeId: foreign.group.id })).map((p) => p.nodeId)).toEqual([foreign.person.id])
    expect((await roleOptions(admin)).map((r) => r.roleId)).toContain(foreign.role.id)
  })

  it('the channel sends list and retry only sends to accounts of its units', async () => {
    const title = uniqueName('渠道范围')
    expect((await post(admin, MSG.send, sendBody([foreign.person], { channels: ['email'], titleZh: title }))).body.code).toBe(10000)
    const listed = async (c: Client) => {
      const rows = await Promise.all(
        [MSG.pushed, MSG.waiting].map(async (p) => {
          const r = await c.call<PageOf<{ id: number; titleZh: string }>>('GET', p, { query: { pageSize: 100 } })
          expect(r.body.code, r.text).toBe(10000)
          return r.body.data.records
        }),
      )
      return rows.flat().filter((r) => r.titleZh === title)
    }
    const [push] = await until(async () => {
      const rows = await listed(admin)
      return rows.length ? rows : null
    })
    expect(await listed(ua)).toEqual([])
    // a dead send (written so on PostgreSQL: five failed attempts take minutes) is retried by those who see it only
    if (pgUrl && t.name !== 'embedded') {
      const { default: pg } = await import('pg')
      const db = new pg.Client({ connectionString: pgUrl })
      await db.connect()
      await db.query(`update msg_push set status = 'dead' where id = $1`, [push!.id])
      await db.end()
      expect((await post(ua, MSG.retry, { ids: [push!.id] })).body.data).toEqual({ retried: 0 })
      expect((await post(admin, MSG.retry, { ids: [push!.id] })).body.data).toEqual({ retried: 1 })
    }
  })
})

describe.each(provided('targets').filter((t) => t.demo))('messages of other units on the demo data ($name)', (t) => {
  let admin: Client
  let orgadmin: Client
  let adminTree: Node[]

  beforeAll(async () => {
    admin = await signedIn(t)
    orgadmin = await signedIn(t, 'orgadmin', DEMO_PASSWORD)
    adminTree = await tree(admin)
  })

  it('orgadmin walks every message-configuration call with another unit’s record: nothing of it is answered or changed', async () => {
    const seeded = (await configs(admin, MSG.config)).find((c) => c.configName === '终端申请待授权')!
    expect(seeded.organizationName).toBe('中国铁路华东投资集团有限公司')
    const custom = await added(admin, MSG.custom, customBody([{ type: 'role', id: await sysadminRoleId(admin), name: '系统管理员' }]))

    for (const [base, theirs] of [
      [MSG.config, seeded],
      [MSG.custom, custom],
    ] as const) {
      const listed = await configs(orgadmin, base)
      expect(listed.map((c) => c.msgConfigId)).not.toContain(theirs.msgConfigId)
      for (const c of listed) expect(c.organizationName).toMatch(/^中铁恒岳建设集团/)
      const body = base === MSG.config ? configBody({ receivers: theirs.receivers }) : customBody(theirs.receivers)
      expect((await put(orgadmin, `${base}/update`, { ...body, msgConfigId: theirs.msgConfigId, version: theirs.version })).body.code).toBe(
        20002,
      )
      expect((await del(orgadmin, `${base}/delete`, theirs.msgConfigId)).body.code).toBe(20002)
    }
    expect((await configs(admin, MSG.config)).find((c) => c.msgConfigId === seeded.msgConfigId)).toEqual(seeded)
    expect((await post(orgadmin, MSG.send, sendBody(custom.receivers, { msgConfigId: custom.msgConfigId }))).body.code).toBe(20002)

    const refusedTitle = uniqueName('越权消息')
    const toAdmins = await post(orgadmin, MSG.send, sendBody(custom.receivers, { titleZh: refusedTitle }))
    expect(toAdmins.body.code, toAdmins.text).toBe(20001)
    expect(fieldsOf(toAdmins)).toEqual(['receivers'])
    const me = (await tree(orgadmin, { keyword: 'orgadmin' }))[0]!
    const mineTitle = uniqueName('本单位消息')
    expect((await post(orgadmin, MSG.send, sendBody([person(me.nodeId)], { titleZh: mineTitle }))).body.code).toBe(10000)
    await until(async () => (await inboxTitles(orgadmin)).includes(mineTitle))
    expect(await inboxTitles(admin)).not.toContain(refusedTitle)

    // the pickers: groups, their people, people by name, roles — of orgadmin's units only
    const ownerGroups = adminTree.filter((g) => g.nodeNameExt === '中国铁路华东投资集团有限公司')
    expect(ownerGroups.map((g) => g.nodeName)).toEqual(expect.arrayContaining(['账号审核组', '安全审计组']))
    const groups = (await tree(orgadmin)).map((g) => g.nodeId)
    for (const g of ownerGroups) {
      expect(groups).not.toContain(g.nodeId)
      expect((await orgadmin.call('GET', MSG.tree, { query: { nodeId: g.nodeId } })).body.code).toBe(20002)
    }
    expect(await tree(orgadmin, { keyword: 'zhoushen' })).toEqual([])
    expect(await tree(orgadmin, { keyword: 'admin' })).toEqual([expect.objectContaining({ nodeNameExt: 'orgadmin' })])
    expect((await tree(orgadmin, { keyword: 'zhangwei' })).map((p) => p.nodeNameExt)).toEqual(['zhangwei'])
    const roles = (await roleOptions(orgadmin)).map((r) => r.roleName)
    expect(roles).toEqual(expect.arrayContaining(['组织管理员', '普通用户', '项目经理']))
    for (const name of ['系统管理员', '游客', '安全审计员', '项目账号', '设计院管理员']) expect(roles).not.toContain(name)
  })

  it.each(['tourist', 'lisite', 'zhangwei'])('%s gets none of the pickers (20003)', async (name) => {
    const c = await signedIn(t, name, DEMO_PASSWORD)
    const group = adminTree[0]!.nodeId
    for (const query of [{}, { keyword: 'a' }, { nodeId: group }] as Record<string, string>[]) {
      const r = await c.call('GET', MSG.tree, { query })
      expect(r.body.code, r.text).toBe(20003)
    }
    expect((await c.call('GET', ROLES)).body.code).toBe(20003)
  })
})

describe('migration 0025 on a database written before it', () => {
  it('gives each configuration its creator’s unit, else its last editor’s, else none; a unit keeps its own names', async () => {
    const real = fileURLToPath(new URL('../../server/db/migrations', import.meta.url))
    const before = mkdtempSync(path.join(tmpdir(), 'trestle-mig-'))
    try {
      cpSync(real, before, { recursive: true })
      unlinkSync(path.join(before, '0025_message_config_owner.sql'))
      const journal = path.join(before, 'meta/_journal.json')
      const j = JSON.parse(readFileSync(journal, 'utf8')) as { entries: { tag: string; when: number }[] }
      // 0025 and every later one: drizzle applies only migrations newer than the last one applied
      const cut = j.entries.find((e) => e.tag === '0025_message_config_owner')!.when
      j.entries = j.entries.filter((e) => e.when < cut)
      writeFileSync(journal, JSON.stringify(j))

      const client = await PGlite.create({ extensions: await pgliteExtensions() })
      const db = drizzle(client)
      await migrate(db, { migrationsFolder: before })
      await client.exec(`
        insert into organization (organization_id, organization_name) values ('u1', 'A'), ('u2', 'B');
        insert into account (account_id, account_name, password_hash, status, organization_id)
          values ('a1', 'a1', 'x', 'normal', 'u1'), ('a2', 'a2', 'x', 'normal', 'u2'), ('a0', 'a0', 'x', 'normal', null);
        insert into msg_config (msg_config_id, config_name, title_zh, title_en, content_zh, content_en, organization_id, create_by, update_by)
          values ('c1', 'n', 't', 't', 'c', 'c', null, 'a1', 'a2'),
                 ('c2', 'n2', 't', 't', 'c', 'c', 'gone', 'a0', 'a2'),
                 ('c3', 'n3', 't', 't', 'c', 'c', null, 'a0', null),
                 ('c4', 'n4', 't', 't', 'c', 'c', 'u2', null, null);`)
      await migrate(db, { migrationsFolder: real })
      const rows = await client.query<{ id: string; org: string | null }>(
        'select msg_config_id as id, organization_id as org from msg_config order by 1',
      )
      expect(rows.rows).toEqual([
        { id: 'c1', org: 'u1' },
        { id: 'c2', org: 'u2' },
        { id: 'c3', org: null },
        { id: 'c4', org: 'u2' },
      ])
      // the same name in another unit, and once per unit (none: the platform's) only
      await client.exec(
        `insert into msg_config (msg_config_id, config_name, title_zh, title_en, content_zh, content_en, organization_id) values ('c5', 'n', 't', 't', 'c', 'c', 'u2')`,
      )
      for (const org of ['u1', null])
        await expect(
          client.query(
            `insert into msg_config (msg_config_id, config_name, title_zh, title_en, content_zh, content_en, organization_id) values ('c6', ${org ? "'n'" : "'n3'"}, 't', 't', 'c', 'c', $1)`,
            [org],
          ),
        ).rejects.toThrow(/msg_config_name_uq/)
      await client.close()
    } finally {
      rmSync(before, { recursive: true, force: true })
    }
  })
})
