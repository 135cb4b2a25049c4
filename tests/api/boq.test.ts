/**
 * The bill of quantities (issue 13 part B) on both databases: items of a container node or a design
 * unit with exact amounts (quantity × unit price, rounded to cents), decimals that keep only the first
 * dot (a second dot is 20001), 20006 on a duplicate code within the project, versions (20008), totals
 * rolled up the container tree (a design unit counts towards its container), project scope (20002),
 * items picked from the quantity dictionary (name and unit are the entry's), Excel import with a per-row
 * report and export.
 */
import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { newKey, type Answer, type Client } from './client'
import { signedIn, uniqueName } from './helpers'
import { mustAdd, newUnit, PASSWORD } from './accounts-fixtures'
import { multipart } from './files-fixtures'
import { byAction, saveMenus, tree } from './roles-fixtures'

const A = '/api/admin/v1'
const B = `${A}/boqItem`
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const MENUS = ['/admin/su-boq']

interface Item {
  boqItemId: string
  quantityNodeId: string | null
  itemCode: string
  itemName: string
  unit: string
  quantity: string
  unitPrice: string
  amount: string
  nodeName: string | null
  version: number
}
interface Totals {
  total: string
  count: number
  nodes: { nodeId: string; kind: string; own: string; total: string; count: number }[]
}

const post = <T>(c: Client, path: string, json: unknown): Promise<Answer<T>> => c.call<T>('POST', path, { json, idempotencyKey: newKey() })
const put = <T>(c: Client, path: string, json: unknown): Promise<Answer<T>> => c.call<T>('PUT', path, { json, idempotencyKey: newKey() })
const ok = <T>(r: Answer<T>): T => {
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}
const fieldsOf = (r: Answer<unknown>) => (r.body.data as { field: string }[]).map((e) => e.field).sort()
const code = (p: string) => uniqueName(p).replace(/[^A-Za-z0-9]/g, '')
/** A top entry 混凝土 with two entries below it, and 钢筋 (a top entry): name and unit. */
const QUANTITIES = { c30: ['C30 混凝土', 'm³'], c35: ['C35 混凝土', 'm³'], steel: ['HRB400 钢筋', 't'] } as const
const del = (c: Client, path: string, ids: string[]) => c.call('POST', path, { form: { ids: ids.join(',') }, idempotencyKey: newKey() })
interface Entry {
  nodeId: string
  nodeCode: string
  nodeName: string
  unit: string | null
  level: number
}

describe.each(provided('targets'))('bill of quantities on $name', (t) => {
  let admin: Client
  let member: Client
  let p1: string
  let p2: string
  let root: string
  let child: string
  let grandchild: string
  let du: string
  let foreignNode: string
  let entries: Entry[]
  /** This file's entries of the quantity dictionary, by their name (their codes are unique to the run). */
  const codes: Record<string, string> = {}
  const entry = (name: keyof typeof QUANTITIES | 'concrete') => entries.find((e) => e.nodeCode === codes[name])!

  const addProject = async (organizationId: string) =>
    ok(
      await post<{ projectId: string }>(admin, `${A}/project/add`, {
        projectName: uniqueName('清单测试项目'),
        projectCode: code('P'),
        projectType: 'railway',
        organizationId,
      }),
    ).projectId
  const addNode = async (projectId: string, containerCode: string, parentId: string | null = null) =>
    ok(
      await post<{ containerId: string }>(admin, `${A}/container/add`, {
        projectId,
        parentId,
        containerCode,
        containerName: `节点${containerCode}`,
        containerType: 'bridge',
      }),
    ).containerId
  const addItem = (c: Client, extra: Record<string, unknown>) =>
    post<Item>(c, `${B}/add`, {
      projectId: p1,
      quantityNodeId: entry('c30').nodeId,
      itemCode: code('Q'),
      quantity: '1',
      unitPrice: '1',
      ...extra,
    })
  const totals = (c: Client, projectId: string) => c.call<Totals>('GET', `${B}/totals`, { query: { projectId } })

  beforeAll(async () => {
    admin = await signedIn(t)
    const u = await newUnit(admin, '清单测试单位')
    const v = await newUnit(admin, '清单另一单位')
    p1 = await addProject(u)
    p2 = await addProject(v)
    root = await addNode(p1, 'R')
    child = await addNode(p1, 'R-1', root)
    grandchild = await addNode(p1, 'R-1-1', child)
    foreignNode = await addNode(p2, 'R')
    const lineId = ok(
      await post<{ lineId: string }>(admin, `${A}/line/add`, { projectId: p1, lineCode: 'ZX', lineName: '正线', lineType: 'main' }),
    ).lineId
    du = ok(
      await post<{ designUnitId: string }>(admin, `${A}/designUnit/add`, {
        projectId: p1,
        lineId,
        designUnitCode: 'DU1',
        designUnitName: '设计单元1',
        startMileage: 'DK1+000',
        endMileage: 'DK2+000',
        containerId: child,
      }),
    ).designUnitId
    const role = ok(await post<{ roleId: string }>(admin, `${A}/role/add`, { roleName: uniqueName('清单角色'), sort: 1, dataScope: 'own' }))
    const grants = await tree(admin, role.roleId)
    const menus = MENUS.map((m) => byAction(grants, m))
    const groups = menus.map((m) => grants.menus.find((g) => g.children.some((c) => c.applicationMenuId === m.applicationMenuId))!)
    const menuIds = [...new Set([...groups, ...menus].map((m) => m.applicationMenuId))]
    const fnIds = menus.flatMap((m) => m.functions.map((f) => f.applicationMenuFunctionId))
    expect((await saveMenus(admin, role.roleId, grants.applicationId, menuIds, fnIds)).body.code).toBe(10000)
    const account = await mustAdd(admin, u, { roleIds: [role.roleId] })
    member = await signedIn(t, account.accountName, PASSWORD)
    const addEntry = async (key: string, nodeName: string, unit: string, parentId: string | null = null) => {
      codes[key] = code(`QTY-${key}`)
      return ok(await post<{ nodeId: string }>(admin, `${A}/quantity/add`, { parentId, nodeCode: codes[key], nodeName, unit })).nodeId
    }
    const concrete = await addEntry('concrete', '混凝土', 'm³')
    await addEntry('c30', ...QUANTITIES.c30, concrete)
    await addEntry('c35', ...QUANTITIES.c35, concrete)
    await addEntry('steel', ...QUANTITIES.steel)
    // who keeps the bill reads the dictionary's entries without holding the dictionary's own menu
    entries = ok(await member.call<Entry[]>('GET', `${B}/quantities`))
  }, 120_000)

  it('keeps items with exact amounts, refuses a second dot, duplicates, stale versions and other projects', async () => {
    const a = ok(await addItem(member, { containerId: grandchild, itemCode: 'QD-1', quantity: '1250.5', unitPrice: 468 }))
    expect(a).toMatchObject({ quantity: '1250.5000', unitPrice: '468.0000', amount: '585234.00', nodeName: '节点R-1-1', version: 0 })
    // 0.1 × 0.2 is 0.02 exactly, rounded half away from zero to cents
    expect(ok(await addItem(member, { designUnitId: du, quantity: '0.1', unitPrice: '0.2' })).amount).toBe('0.02')
    expect(ok(await addItem(member, { containerId: root, quantity: '3.333', unitPrice: '1.5' })).amount).toBe('5.00')

    const bad = await addItem(member, { containerId: root, quantity: '1.2.3', unitPrice: '12.34567', quantityNodeId: '' })
    expect(bad.body.code).toBe(20001)
    expect(fieldsOf(bad)).toEqual(['quantity', 'quantityNodeId', 'unitPrice'])
    // quantities and prices are not negative
    const negative = await addItem(member, { containerId: root, quantity: '-3', unitPrice: '-0.5' })
    expect(negative.body.code).toBe(20001)
    expect(fieldsOf(negative)).toEqual(['quantity', 'unitPrice'])
    // exactly one node
    expect(fieldsOf(await addItem(member, {}))).toEqual(['containerId'])
    expect(fieldsOf(await addItem(member, { containerId: root, designUnitId: du }))).toEqual(['containerId'])

    const dup = await addItem(member, { containerId: root, itemCode: 'qd-1' })
    expect(dup.body).toMatchObject({ code: 20006, data: { field: 'itemCode' }, message: '本项目已有该清单编码' })

    const edited = ok(await put<Item>(member, `${B}/update`, { ...a, projectId: p1, containerId: grandchild, quantity: '2' }))
    expect(edited).toMatchObject({ amount: '936.00', version: 1 })
    expect((await put(member, `${B}/update`, { ...a, projectId: p1, containerId: grandchild, quantity: '3' })).body.code).toBe(20008)

    // another unit's project, or a node of another project: 20002
    expect((await addItem(member, { projectId: p2, containerId: foreignNode })).body.code).toBe(20002)
    expect((await addItem(admin, { containerId: foreignNode })).body).toMatchObject({ code: 20002, data: { field: 'containerId' } })
    expect((await totals(member, p2)).body.code).toBe(20002)
  })

  it("picks items from the quantity dictionary: name and unit are the entry's, free text and other entries refused", async () => {
    // the seeded dictionary in tree order, each entry with its depth
    const mine = entries.filter((e) => Object.values(codes).includes(e.nodeCode))
    expect(mine.map((e) => [e.nodeName, e.unit, e.level])).toEqual([
      ['混凝土', 'm³', 1],
      ['C30 混凝土', 'm³', 2],
      ['C35 混凝土', 'm³', 2],
      ['HRB400 钢筋', 't', 1],
    ])
    // a name and unit of one's own are not taken
    const steel = ok(await addItem(member, { containerId: root, quantityNodeId: entry('steel').nodeId, itemName: '随便写的', unit: 'kg' }))
    expect(steel).toMatchObject({ quantityNodeId: entry('steel').nodeId, itemName: 'HRB400 钢筋', unit: 't' })
    // an edit to another entry takes that entry's name and unit
    const moved = ok(
      await put<Item>(member, `${B}/update`, { ...steel, projectId: p1, containerId: root, quantityNodeId: entry('c35').nodeId }),
    )
    expect(moved).toMatchObject({ itemName: 'C35 混凝土', unit: 'm³' })
    // no entry: 20001 on the field
    expect(fieldsOf(await addItem(member, { containerId: root, itemName: '自由文本', unit: 'm', quantityNodeId: undefined }))).toEqual([
      'quantityNodeId',
    ])
    // an EBS node, or a disabled quantity entry: not an entry to pick (20002 on the field)
    const ebs = ok(await post<{ nodeId: string }>(admin, `${A}/ebs/add`, { nodeCode: code('EBS'), nodeName: '桥梁', unit: 'm' }))
    const disabled = ok(
      await post<{ nodeId: string }>(admin, `${A}/quantity/add`, { nodeCode: code('QTY-OFF'), nodeName: '停用条目', unit: 'm', status: 0 }),
    )
    for (const quantityNodeId of [ebs.nodeId, disabled.nodeId]) {
      const refused = await addItem(member, { containerId: root, quantityNodeId })
      expect(refused.body).toMatchObject({ code: 20002, data: { field: 'quantityNodeId' }, message: '请从工程量字典中选择启用的条目' })
    }
    expect(entries.some((e) => e.nodeId === disabled.nodeId)).toBe(false)
    // an entry items are of stays in the dictionary
    const inUse = await del(admin, `${A}/quantity/delete`, [entry('c35').nodeId])
    expect(inUse.body, inUse.text).toMatchObject({ message: '该记录仍被其他数据引用，不能删除' })
    expect(ok(await member.call<Entry[]>('GET', `${B}/quantities`)).some((e) => e.nodeCode === codes.c35)).toBe(true)
    expect(ok(await del(member, `${B}/delete`, [moved.boqItemId]))).toEqual({ deleted: 1 })
  })

  it('rolls totals up the container tree, a design unit towards its container', async () => {
    const t1 = ok(await totals(member, p1))
    const byId = new Map(t1.nodes.map((n) => [n.nodeId, n]))
    // R-1-1: 936.00; DU1 (under R-1): 0.02; R: 5.00 of its own
    expect(byId.get(grandchild)).toMatchObject({ kind: 'container', own: '936.00', total: '936.00', count: 1 })
    expect(byId.get(du)).toMatchObject({ kind: 'designUnit', own: '0.02', total: '0.02', count: 1 })
    expect(byId.get(child)).toMatchObject({ own: '0.00', total: '936.02', count: 2 })
    expect(byId.get(root)).toMatchObject({ own: '5.00', total: '941.02', count: 3 })
    expect(t1).toMatchObject({ total: '941.02', count: 3 })
  })

  it('imports items from Excel (the node by its code), reports bad rows, and exports', async () => {
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('导入模板')
    for (const r of [
      ['*节点编码', '*工程量条目编码', '*清单编码', '*工程量', '*单价', '备注'],
      ['R-1', codes.steel, 'IM-1', '10.5', '4200', ''],
      ['DU1', codes.c35, 'IM-2', '100', '35.5', ''],
      ['NOPE', codes.c30, 'IM-3', '1', '1', '节点不存在'],
      ['R', codes.c30, 'IM-4', '1.2.3', '1', '小数错误'],
      ['R', codes.c30, 'QD-1', '1', '1', '编码重复'],
      ['R', 'QTY-NOPE', 'IM-5', '1', '1', '条目不存在'],
    ])
      ws.addRow(r)
    const file = Buffer.from(await wb.xlsx.writeBuffer())
    const r = await member.call<{ total: number; succeeded: number; failed: number; done: boolean }>('POST', `${B}/import`, {
      query: { projectId: p1 },
      raw: multipart({ name: 'boq.xlsx', type: XLSX, bytes: file }),
      unsignedPayload: true,
      idempotencyKey: newKey(),
    })
    expect(r.body.data).toMatchObject({ total: 6, succeeded: 2, failed: 4, done: true })
    const t2 = ok(await totals(member, p1))
    expect(t2).toMatchObject({ total: String((941.02 + 44100 + 3550).toFixed(2)), count: 5 })
    const listed = ok(await member.call<Item[]>('GET', `${B}/list`, { query: { projectId: p1, keyword: 'IM-' } }))
    expect(listed.map((i) => [i.itemCode, i.nodeName, i.itemName, i.unit, i.amount])).toEqual([
      ['IM-1', '节点R-1', 'HRB400 钢筋', 't', '44100.00'],
      ['IM-2', '设计单元1', 'C35 混凝土', 'm³', '3550.00'],
    ])
    // another unit's project: 20002 before the file is read
    const foreign = await member.call('POST', `${B}/import`, {
      query: { projectId: p2 },
      raw: multipart({ name: 'boq.xlsx', type: XLSX, bytes: file }),
      unsignedPayload: true,
      idempotencyKey: newKey(),
    })
    expect(foreign.body.code).toBe(20002)
  })
})
