/**
 * Extension attributes and the resource pool (issue 13 part B) on both databases: groups and items
 * (20006 on a duplicate code, 20001 from the item rules), copying a group with its items, node
 * relations, the values of a node validated by the schema built from its items (20001 on
 * `values.<itemId>`), versions (20008), project scope (20002 for another project's node), user-defined
 * table rows, and resources of the pool granted to a role in its 资源 tab.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { newKey, type Answer, type Client } from './client'
import { signedIn, uniqueName } from './helpers'
import { mustAdd, newUnit, PASSWORD } from './accounts-fixtures'
import { byAction, saveMenus, tree } from './roles-fixtures'

const A = '/api/admin/v1'
const MENUS = ['/admin/project-manage', '/admin/extends-configuration', '/admin/extends-setting', '/admin/resource-pool']

interface Group {
  groupId: string
  groupCode: string
  groupName: string
  nodeType: number
  itemCount: number
  version: number
}
interface Item {
  itemId: string
  itemCode: string
  itemName: string
  itemType: string
  options: string[]
  version: number
}
interface Form {
  groups: { groupId: string; items: Item[] }[]
  values: Record<string, unknown>
  version: number | null
}

const post = <T>(c: Client, path: string, json: unknown, lang?: string): Promise<Answer<T>> =>
  c.call<T>('POST', path, { json, idempotencyKey: newKey(), headers: lang ? { 'accept-language': lang } : undefined })
const put = <T>(c: Client, path: string, json: unknown): Promise<Answer<T>> => c.call<T>('PUT', path, { json, idempotencyKey: newKey() })
const ok = <T>(r: Answer<T>): T => {
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}
const fieldsOf = (r: Answer<unknown>) => (r.body.data as { field: string }[]).map((e) => e.field).sort()
const code = (p: string) => uniqueName(p).replace(/[^A-Za-z0-9]/g, '')

describe.each(provided('targets'))('extension attributes on $name', (t) => {
  let admin: Client
  let member: Client
  let p1: string // the member's unit's project
  let p2: string // another unit's

  const addProject = async (organizationId: string) =>
    ok(
      await post<{ projectId: string }>(admin, `${A}/project/add`, {
        projectName: uniqueName('属性测试项目'),
        projectCode: code('P'),
        projectType: 'railway',
        organizationId,
      }),
    ).projectId
  const addGroup = (c: Client, extra: Record<string, unknown> = {}) =>
    post<Group>(c, `${A}/attrGroup/add`, { groupName: uniqueName('属性组'), groupCode: code('G'), nodeType: 1, ...extra })
  const addItem = (c: Client, groupId: string, itemCode: string, itemType: string, extra: Record<string, unknown> = {}) =>
    post<Item>(c, `${A}/attrItem/add`, { groupId, itemCode, itemName: `属性${itemCode}`, itemType, ...extra })
  const formOf = (c: Client, nodeType: number, nodeId: string) => c.call<Form>('GET', `${A}/attrValue/get`, { query: { nodeType, nodeId } })
  const save = (c: Client, nodeType: number, nodeId: string, values: Record<string, unknown>, version?: number, lang?: string) =>
    post<Form>(c, `${A}/attrValue/save`, { nodeType, nodeId, values, version }, lang)

  beforeAll(async () => {
    admin = await signedIn(t)
    const u = await newUnit(admin, '属性测试单位')
    const v = await newUnit(admin, '属性另一单位')
    p1 = await addProject(u)
    p2 = await addProject(v)
    const role = ok(await post<{ roleId: string }>(admin, `${A}/role/add`, { roleName: uniqueName('属性角色'), sort: 1, dataScope: 'own' }))
    const grants = await tree(admin, role.roleId)
    const menus = MENUS.map((m) => byAction(grants, m))
    const groups = menus.map((m) => grants.menus.find((g) => g.children.some((c) => c.applicationMenuId === m.applicationMenuId))!)
    const menuIds = [...new Set([...groups, ...menus].map((m) => m.applicationMenuId))]
    const fnIds = menus.flatMap((m) => m.functions.map((f) => f.applicationMenuFunctionId))
    expect((await saveMenus(admin, role.roleId, grants.applicationId, menuIds, fnIds)).body.code).toBe(10000)
    const account = await mustAdd(admin, u, { roleIds: [role.roleId] })
    member = await signedIn(t, account.accountName, PASSWORD)
  }, 120_000)

  it('keeps groups and items: 20006 on a duplicate code, 20001 from the item rules, copy with items', async () => {
    const g = ok(await addGroup(member, { nodeType: '2' }))
    expect(g).toMatchObject({ nodeType: 2, groupKind: 'form', status: 1, itemCount: 0, version: 0 })
    const dup = await addGroup(member, { groupCode: g.groupCode.toLowerCase() })
    expect(dup.body).toMatchObject({ code: 20006, data: { field: 'groupCode' }, message: '属性分组编码已存在' })
    const bad = await addGroup(member, { nodeType: 4, groupCode: '坏 码', groupName: '#组' })
    expect(bad.body.code).toBe(20001)
    expect(fieldsOf(bad)).toEqual(['groupCode', 'groupName', 'nodeType'])

    ok(await addItem(member, g.groupId, 'length', 'number', { unit: 'km', required: true, defaultValue: '12.5' }))
    ok(await addItem(member, g.groupId, 'grade', 'select', { options: ['I', 'II'], defaultValue: 'II', sort: 2 }))
    expect((await addItem(member, g.groupId, 'LENGTH', 'text')).body).toMatchObject({ code: 20006, data: { field: 'itemCode' } })
    // a select needs options, options do not repeat, a default must be a value of the item
    const badItem = await addItem(member, g.groupId, 'x', 'select', { options: [], defaultValue: 'III' })
    expect(badItem.body.code).toBe(20001)
    expect(fieldsOf(badItem)).toEqual(['defaultValue', 'options'])
    expect((await addItem(member, g.groupId, 'y', 'multiSelect', { options: ['a', 'a'] })).body.code).toBe(20001)
    expect(fieldsOf(await addItem(member, g.groupId, 'z', 'number', { defaultValue: '1.2.3' }))).toEqual(['defaultValue'])

    const copy = ok(await post<Group>(member, `${A}/attrGroup/copy`, { groupId: g.groupId, groupName: '复制的组', groupCode: code('GC') }))
    expect(copy).toMatchObject({ groupName: '复制的组', nodeType: 2, version: 0 })
    expect(copy.groupId).not.toBe(g.groupId)
    const items = ok(await member.call<Item[]>('GET', `${A}/attrItem/list`, { query: { groupId: copy.groupId } }))
    expect(items.map((i) => [i.itemCode, i.itemType, i.options])).toEqual([
      ['length', 'number', []],
      ['grade', 'select', ['I', 'II']],
    ])
    // the source keeps its own items; copying onto a taken code is 20006
    expect(ok(await member.call<Item[]>('GET', `${A}/attrItem/list`, { query: { groupId: g.groupId } }))).toHaveLength(2)
    const taken = await post(member, `${A}/attrGroup/copy`, { groupId: g.groupId, groupName: '再复制', groupCode: g.groupCode })
    expect(taken.body).toMatchObject({ code: 20006, data: { field: 'groupCode' } })
    const listed = ok(await member.call<{ records: Group[] }>('GET', `${A}/attrGroup/listPage`, { query: { keyword: g.groupCode } }))
    expect(listed.records.map((r) => [r.groupCode, r.itemCount])).toEqual([[g.groupCode, 2]])
  })

  it('validates a node’s values with the schema built from its items, keeps versions, and the project scope', async () => {
    const g = ok(await addGroup(member, { nodeType: 1, sort: 1 }))
    const len = ok(await addItem(member, g.groupId, 'len', 'number', { required: true, unit: 'km' }))
    const kind = ok(await addItem(member, g.groupId, 'kind', 'select', { options: ['高速', '普速'], sort: 2 }))
    const tags = ok(await addItem(member, g.groupId, 'tags', 'multiSelect', { options: ['桥', '隧'], sort: 3 }))
    const opened = ok(await addItem(member, g.groupId, 'opened', 'date', { sort: 4 }))
    const flag = ok(await addItem(member, g.groupId, 'flag', 'boolean', { sort: 5 }))

    const empty = ok(await formOf(member, 1, p1))
    expect(empty.version).toBeNull()
    const mine = empty.groups.find((x) => x.groupId === g.groupId)!
    expect(mine.items.map((i) => i.itemCode)).toEqual(['len', 'kind', 'tags', 'opened', 'flag'])

    // every bad value is 20001 on values.<itemId>, with the item's name in the message
    const bad = await save(
      member,
      1,
      p1,
      { [len.itemId]: '1.2.3', [kind.itemId]: '磁浮', [tags.itemId]: ['桥', '桥'], [opened.itemId]: '2026-02-30' },
      undefined,
      'en',
    )
    expect(bad.body.code).toBe(20001)
    expect(fieldsOf(bad)).toEqual(
      [`values.${kind.itemId}`, `values.${len.itemId}`, `values.${opened.itemId}`, `values.${tags.itemId}`].sort(),
    )
    const missing = await save(member, 1, p1, { [kind.itemId]: '高速' })
    expect(missing.body.data).toEqual([expect.objectContaining({ field: `values.${len.itemId}`, message: '请输入属性len' })])

    const saved = ok(
      await save(member, 1, p1, { [len.itemId]: '35.75', [kind.itemId]: '高速', [tags.itemId]: ['隧'], [flag.itemId]: true, stray: 'x' }),
    )
    expect(saved.version).toBe(0)
    expect(saved.values).toEqual({ [len.itemId]: '35.75', [kind.itemId]: '高速', [tags.itemId]: ['隧'], [flag.itemId]: true })
    expect(ok(await formOf(member, 1, p1)).values[len.itemId]).toBe('35.75')

    const again = ok(await save(member, 1, p1, { [len.itemId]: 36 }, 0))
    expect(again.version).toBe(1)
    expect(again.values).toEqual({ [len.itemId]: '36' })
    const stale = await save(member, 1, p1, { [len.itemId]: 40 }, 0)
    expect(stale.body.code).toBe(20008)
    expect((stale.body.data as Form).values[len.itemId]).toBe('36')
    const twice = await save(member, 1, p1, { [len.itemId]: 40 })
    expect(twice.body.code).toBe(20008)

    // another unit's project: 20002 for reading and saving; the admin sees it
    expect((await formOf(member, 1, p2)).body).toMatchObject({ code: 20002, data: { field: 'nodeId' } })
    expect((await save(member, 1, p2, { [len.itemId]: 1 })).body.code).toBe(20002)
    expect(ok(await save(admin, 1, p2, { [len.itemId]: 1 })).version).toBe(0)

    // a disabled group no longer applies, and its values are kept
    ok(await put(member, `${A}/attrGroup/update`, { ...g, status: 0 }))
    const off = ok(await formOf(member, 1, p1))
    expect(off.groups.some((x) => x.groupId === g.groupId)).toBe(false)
    ok(await save(member, 1, p1, {}, 1))
    expect(ok(await formOf(member, 1, p1)).values[len.itemId]).toBe('36')
  })

  it('applies a group with relations only to its nodes, and keeps user-defined table rows validated by their columns', async () => {
    const g = ok(await addGroup(member, { nodeType: 1 }))
    const item = ok(await addItem(member, g.groupId, 'owner', 'text', { required: true }))
    const rel = ok(
      await post<{ relationId: string; nodeName: string }>(member, `${A}/attrRelation/add`, { groupId: g.groupId, nodeId: p1 }),
    )
    expect((await post(member, `${A}/attrRelation/add`, { groupId: g.groupId, nodeId: p1 })).body.code).toBe(20006)
    expect((await post(member, `${A}/attrRelation/add`, { groupId: g.groupId, nodeId: p2 })).body).toMatchObject({
      code: 20002,
      data: { field: 'nodeId' },
    })
    const listed = ok(await member.call<{ nodeName: string }[]>('GET', `${A}/attrRelation/list`, { query: { groupId: g.groupId } }))
    expect(listed).toHaveLength(1)
    expect(listed[0]!.nodeName).toMatch(/^属性测试项目/)
    expect(ok(await formOf(member, 1, p1)).groups.some((x) => x.groupId === g.groupId)).toBe(true)
    expect(ok(await formOf(admin, 1, p2)).groups.some((x) => x.groupId === g.groupId)).toBe(false)
    expect(rel.relationId).toBeTruthy()

    // a table: its items are the columns, rows per node
    const table = ok(await addGroup(member, { nodeType: 1, groupKind: 'table' }))
    const col = ok(await addItem(member, table.groupId, 'qty', 'number', { required: true }))
    const row = ok(
      await post<{ rowId: string; projectId: string; values: Record<string, unknown>; version: number }>(member, `${A}/attrTableRow/add`, {
        groupId: table.groupId,
        nodeType: 1,
        nodeId: p1,
        values: { [col.itemId]: '2.5' },
      }),
    )
    expect(row).toMatchObject({ projectId: p1, values: { [col.itemId]: '2.5' }, version: 0 })
    const badRow = await post(member, `${A}/attrTableRow/add`, {
      groupId: table.groupId,
      nodeType: 1,
      nodeId: p1,
      values: { [col.itemId]: 'x' },
    })
    expect(fieldsOf(badRow)).toEqual([`values.${col.itemId}`])
    // a form group is not a table; another project's node is 20002
    expect(
      (await post(member, `${A}/attrTableRow/add`, { groupId: g.groupId, nodeType: 1, nodeId: p1, values: { [item.itemId]: 'a' } })).body
        .code,
    ).toBe(20002)
    expect(
      (await post(member, `${A}/attrTableRow/add`, { groupId: table.groupId, nodeType: 1, nodeId: p2, values: { [col.itemId]: 1 } })).body
        .code,
    ).toBe(20002)
    const updated = ok(
      await put<{ version: number; values: Record<string, unknown> }>(member, `${A}/attrTableRow/update`, {
        ...row,
        values: { [col.itemId]: 3 },
      }),
    )
    expect(updated).toMatchObject({ version: 1, values: { [col.itemId]: '3' } })
    expect((await put(member, `${A}/attrTableRow/update`, { ...row, values: { [col.itemId]: 4 } })).body.code).toBe(20008)
  })

  it('keeps the resource pool and grants its resources to a role in the 资源 tab', async () => {
    const r = ok(
      await post<{ resourceId: string; resourceCode: string; version: number }>(admin, `${A}/resourcePool/add`, {
        resourceName: uniqueName('资源'),
        resourceCode: code('res'),
        resourceType: 'api',
        uri: '/api/report',
      }),
    )
    expect(
      (
        await post(admin, `${A}/resourcePool/add`, {
          resourceName: '重复',
          resourceCode: r.resourceCode.toUpperCase(),
          resourceType: 'api',
        })
      ).body,
    ).toMatchObject({
      code: 20006,
      data: { field: 'resourceCode' },
    })
    expect(fieldsOf(await post(admin, `${A}/resourcePool/add`, { resourceName: '坏', resourceCode: 'a b', resourceType: 'disk' }))).toEqual(
      ['resourceCode', 'resourceType'],
    )
    const role = ok(await post<{ roleId: string }>(admin, `${A}/role/add`, { roleName: uniqueName('资源角色'), sort: 1, dataScope: 'own' }))
    const items = ok(
      await admin.call<{ resourceId: string; granted: boolean; grantable: boolean }[]>('GET', `${A}/roleResource/list`, {
        query: { roleId: role.roleId, resourceType: 'resource' },
      }),
    )
    expect(items.find((i) => i.resourceId === r.resourceId)).toMatchObject({ granted: false, grantable: true })
    ok(await post(admin, `${A}/roleResource/save`, { roleId: role.roleId, resourceType: 'resource', resourceIds: [r.resourceId] }))
    const after = ok(
      await admin.call<{ resourceId: string; granted: boolean }[]>('GET', `${A}/roleResource/list`, {
        query: { roleId: role.roleId, resourceType: 'resource' },
      }),
    )
    expect(after.filter((i) => i.granted).map((i) => i.resourceId)).toEqual([r.resourceId])
    // the member holds no pool resource: it cannot grant one
    const denied = await post(member, `${A}/roleResource/save`, { roleId: role.roleId, resourceType: 'resource', resourceIds: [] })
    expect(denied.body.code).not.toBe(10000)
    // a deleted resource is no longer granted
    ok(await admin.call('POST', `${A}/resourcePool/delete`, { form: { ids: r.resourceId }, idempotencyKey: newKey() }))
    const gone = ok(
      await admin.call<{ resourceId: string; granted: boolean }[]>('GET', `${A}/roleResource/list`, {
        query: { roleId: role.roleId, resourceType: 'resource' },
      }),
    )
    expect(gone.some((i) => i.resourceId === r.resourceId)).toBe(false)
  })
})
