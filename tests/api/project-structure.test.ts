/**
 * A project's structure (issue 11 part B) on both databases: container nodes (CRUD, versions,
 * duplicates, moves with cycles refused, subtree copy, Excel import with an error report, export),
 * design units (chainage mileages, start < end, no overlap on a line, duplicates; their 工点 are the
 * work sites placed in them, issue 33: listed with the unit, no longer work points of its own, and a
 * unit with sites is not deleted), unit
 * engineering, and project scope — a unit's account sees only its projects (another project's ids
 * are 20002), the tourist changes nothing.
 */
import { createHmac, randomBytes } from 'node:crypto'
import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { newKey, sha256, utcStamp, type Answer, type Client } from './client'
import { DEMO_PASSWORD, signedIn, uniqueName } from './helpers'
import { mustAdd, newUnit, PASSWORD } from './accounts-fixtures'
import { multipart, LIST_BY_IDS, type FileInfo } from './files-fixtures'
import { byAction, roles, saveMenus, tree } from './roles-fixtures'

const A = '/api/admin/v1'
const C = `${A}/container`
const DU = `${A}/designUnit`
const PDU = `${A}/projectDesignUnit`
const UE = `${A}/unitEngineering`
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const MENUS = [
  '/admin/project-container',
  '/admin/designunit',
  '/admin/project-design-unit',
  '/admin/unit-engineering',
  '/admin/unit-project',
]

interface Node {
  containerId: string
  parentId: string | null
  containerName: string
  containerCode: string
  containerType: string
  nature: string
  version: number
  childCount?: number
}
interface DesignUnit {
  designUnitId: string
  designUnitCode: string
  designUnitName: string
  startMileage: string
  endMileage: string
  centerMileage: string | null
  startMetres: number
  endMetres: number
  startPrefix: string
  lineName: string | null
  projectName: string | null
  workSites: { workSiteId: string; workSiteName: string; workSiteCode: string; startMileage: string | null; endMileage: string | null }[]
  workSiteCount: number
  version: number
}
interface ImportStatus {
  jobId: string
  total: number
  succeeded: number
  failed: number
  done: boolean
  reportFileId: string | null
}

const post = <T>(c: Client, path: string, json: unknown, lang?: string): Promise<Answer<T>> =>
  c.call<T>('POST', path, { json, idempotencyKey: newKey(), headers: lang ? { 'accept-language': lang } : undefined })
const put = <T>(c: Client, path: string, json: unknown, lang?: string): Promise<Answer<T>> =>
  c.call<T>('PUT', path, { json, idempotencyKey: newKey(), headers: lang ? { 'accept-language': lang } : undefined })
const del = (c: Client, path: string, ids: string[]) => c.call('POST', path, { form: { ids: ids.join(',') }, idempotencyKey: newKey() })
const ok = <T>(r: Answer<T>): T => {
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}
const fieldsOf = (r: Answer<unknown>) => (r.body.data as { field: string }[]).map((e) => e.field)

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('导入模板')
  for (const r of rows) ws.addRow(r)
  return Buffer.from(await wb.xlsx.writeBuffer())
}
async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(bytes as unknown as ArrayBuffer)
  const out: string[][] = []
  wb.worksheets[0]!.eachRow((row) =>
    out.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))),
  )
  return out
}
/** A signed GET whose answer is binary (an export). */
async function download(c: Client, path: string, query: string) {
  const timestamp = utcStamp()
  const nonce = randomBytes(12).toString('hex')
  const signature = createHmac('sha256', c.privateKey ?? '')
    .update([timestamp, nonce, 'GET', path, query, sha256('')].join('\n'))
    .digest('hex')
  const res = await fetch(`${c.base}${path}?${query}`, {
    headers: {
      authorization: c.token ?? '',
      accessToken: c.accessToken ?? '',
      appCode: c.appCode,
      menuId: '',
      timestamp,
      nonce,
      signature,
    },
  })
  return { type: res.headers.get('content-type') ?? '', bytes: Buffer.from(await res.arrayBuffer()) }
}

describe.each(provided('targets'))('project structure on $name', (t) => {
  let admin: Client
  /** An account of unit U (data scope: own unit) with the five structure menus. */
  let member: Client
  let p1: string // owned by U: member and admin see it
  let p2: string // another unit's: only admin sees it
  let line1: string
  let line2: string
  let lineOf2: string

  const addProject = async (organizationId: string) =>
    ok(
      await post<{ projectId: string }>(admin, `${A}/project/add`, {
        projectName: uniqueName('结构测试项目'),
        projectCode: uniqueName('P').replace(/[^A-Za-z0-9]/g, ''),
        projectType: 'railway',
        organizationId,
      }),
    ).projectId
  const addLine = async (projectId: string, lineCode: string) =>
    ok(await post<{ lineId: string }>(admin, `${A}/line/add`, { projectId, lineCode, lineName: `${lineCode}线`, lineType: 'main' })).lineId
  const addNode = (c: Client, projectId: string, code: string, parentId: string | null = null, extra: Record<string, unknown> = {}) =>
    post<Node>(c, `${C}/add`, { projectId, parentId, containerCode: code, containerName: `节点${code}`, containerType: 'bridge', ...extra })
  const treeOf = async (c: Client, projectId: string) => ok(await c.call<Node[]>('GET', `${C}/listTree`, { query: { projectId } }))
  const childrenOf = (nodes: Node[], parentId: string | null) => nodes.filter((n) => n.parentId === parentId).map((n) => n.containerCode)

  beforeAll(async () => {
    admin = await signedIn(t)
    const u = await newUnit(admin, '结构测试单位')
    const v = await newUnit(admin, '结构另一单位')
    p1 = await addProject(u)
    p2 = await addProject(v)
    line1 = await addLine(p1, 'ZX')
    line2 = await addLine(p1, 'LLX')
    lineOf2 = await addLine(p2, 'ZX')

    // a role of data scope "own" with the structure menus and all their functions, held by an account of U
    const role = ok(await post<{ roleId: string }>(admin, `${A}/role/add`, { roleName: uniqueName('结构角色'), sort: 1, dataScope: 'own' }))
    const grants = await tree(admin, role.roleId)
    const menus = MENUS.map((m) => byAction(grants, m))
    const groups = menus.map((m) => grants.menus.find((g) => g.children.some((c) => c.applicationMenuId === m.applicationMenuId))!)
    const menuIds = [...new Set([...groups, ...menus].map((m) => m.applicationMenuId))]
    const fnIds = menus.flatMap((m) => m.functions.map((f) => f.applicationMenuFunctionId))
    expect((await saveMenus(admin, role.roleId, grants.applicationId, menuIds, fnIds)).body.code).toBe(10000)
    const account = await mustAdd(admin, u, { roleIds: [role.roleId] })
    member = await signedIn(t, account.accountName, PASSWORD)
    expect((await roles(admin)).some((r) => r.roleId === role.roleId)).toBe(true)
  }, 120_000)

  it('keeps a container tree: add at the end of a parent, list in tree order, edit with versions, 20006 and 20001', async () => {
    const root = ok(await addNode(member, p1, 'S1', null, { containerType: 'section', nature: 'virtual' }))
    expect(root).toMatchObject({ parentId: null, containerType: 'section', nature: 'virtual', version: 0 })
    const a = ok(await addNode(member, p1, 'S1-A', root.containerId))
    const b = ok(await addNode(member, p1, 'S1-B', root.containerId))
    ok(await addNode(member, p1, 'S1-A-1', a.containerId, { containerType: 'pier' }))
    const nodes = await treeOf(member, p1)
    expect(nodes.map((n) => n.containerCode)).toEqual(['S1', 'S1-A', 'S1-A-1', 'S1-B'])
    expect(nodes.find((n) => n.containerCode === 'S1')!.childCount).toBe(2)
    expect(nodes[0]).not.toHaveProperty('path')

    // duplicate code within the project: 20006 on the field; the same code in another project is fine
    const dup = await addNode(member, p1, 'S1-B', null)
    expect(dup.body.code).toBe(20006)
    expect(dup.body.data).toMatchObject({ field: 'containerCode' })
    expect(dup.body.message).toBe('本项目中已有该编码的节点')
    expect((await addNode(admin, p2, 'S1-B')).body.code).toBe(10000)
    // a client-supplied id already taken: 20006 on the id
    expect((await addNode(member, p1, 'S1-X', null, { containerId: b.containerId })).body).toMatchObject({ code: 20006 })

    const bad = await post(member, `${C}/add`, { projectId: p1, containerCode: '坏 编码', containerName: '#节点', containerType: '城 堡' })
    expect(bad.body.code).toBe(20001)
    expect(fieldsOf(bad).sort()).toEqual(['containerCode', 'containerName', 'containerType'])
    // a parent of another project is not a parent here
    const p2Node = (await treeOf(admin, p2))[0]!
    expect((await addNode(admin, p1, 'S1-Y', p2Node.containerId)).body).toMatchObject({ code: 20002, data: { field: 'parentId' } })

    const edited = ok(await put<Node>(member, `${C}/update`, { ...b, containerName: '汉江特大桥', nature: 'entity' }))
    expect(edited).toMatchObject({ containerName: '汉江特大桥', version: 1, parentId: root.containerId })
    const stale = await put<Node>(member, `${C}/update`, { ...b, containerName: '旧名' })
    expect(stale.body.code).toBe(20008)
    expect(stale.body.data).toMatchObject({ containerName: '汉江特大桥', version: 1 })

    // delete takes the subtree with it
    ok(await del(member, `${C}/delete`, [a.containerId]))
    expect((await treeOf(member, p1)).map((n) => n.containerCode)).toEqual(['S1', 'S1-B'])
  })

  it('moves nodes to a place among siblings, refuses cycles (20021) and other projects (20002), and copies a subtree', async () => {
    const r = ok(await addNode(member, p1, 'M', null, { containerType: 'section' }))
    const [x, y, z] = [
      ok(await addNode(member, p1, 'M-X', r.containerId)),
      ok(await addNode(member, p1, 'M-Y', r.containerId)),
      ok(await addNode(member, p1, 'M-Z', r.containerId)),
    ]
    const x1 = ok(await addNode(member, p1, 'M-X-1', x.containerId, { containerType: 'pier' }))
    ok(await addNode(member, p1, 'M-X-2', x.containerId, { containerType: 'pier' }))

    // Z first among M's children, then X under Y (last)
    const movedZ = ok(await post<Node>(member, `${C}/move`, { containerId: z.containerId, parentId: r.containerId, index: 0, version: 0 }))
    expect(movedZ.version).toBe(1)
    ok(await post(member, `${C}/move`, { containerId: x.containerId, parentId: y.containerId }))
    let nodes = await treeOf(member, p1)
    expect(childrenOf(nodes, r.containerId)).toEqual(['M-Z', 'M-Y'])
    expect(childrenOf(nodes, y.containerId)).toEqual(['M-X'])
    expect(childrenOf(nodes, x.containerId)).toEqual(['M-X-1', 'M-X-2'])
    const order = nodes.map((n) => n.containerCode).filter((c) => c.startsWith('M'))
    expect(order).toEqual(['M', 'M-Z', 'M-Y', 'M-X', 'M-X-1', 'M-X-2'])

    // under itself or its own descendant: 20021, nothing changes
    for (const parentId of [y.containerId, x1.containerId]) {
      const cycle = await post(member, `${C}/move`, { containerId: y.containerId, parentId })
      expect(cycle.body.code).toBe(20021)
      expect(cycle.body.message).toBe('不能移动到自身或其下级节点之下')
    }
    expect(childrenOf(await treeOf(member, p1), r.containerId)).toEqual(['M-Z', 'M-Y'])
    // a stale version: 20008
    expect((await post(member, `${C}/move`, { containerId: z.containerId, parentId: null, version: 0 })).body.code).toBe(20008)
    // under a node of another project: 20002 on parentId (admin sees both)
    const foreign = (await treeOf(admin, p2))[0]!
    expect((await post(admin, `${C}/move`, { containerId: y.containerId, parentId: foreign.containerId })).body).toMatchObject({
      code: 20002,
      data: { field: 'parentId' },
    })

    // copy Y's subtree beside it: codes get the suffix, the shape is kept
    const copy = ok(
      await post<{ rootId: string; copied: number }>(member, `${C}/copy`, {
        containerId: y.containerId,
        parentId: r.containerId,
        codeSuffix: '-B',
      }),
    )
    expect(copy.copied).toBe(4)
    nodes = await treeOf(member, p1)
    expect(childrenOf(nodes, r.containerId)).toEqual(['M-Z', 'M-Y', 'M-Y-B'])
    const copiedX = nodes.find((n) => n.containerCode === 'M-X-B')!
    expect(copiedX.parentId).toBe(copy.rootId)
    expect(childrenOf(nodes, copiedX.containerId)).toEqual(['M-X-1-B', 'M-X-2-B'])
    expect(nodes.find((n) => n.containerId === copy.rootId)).toMatchObject({ version: 0, containerName: y.containerName })
    // the same suffix again would repeat codes: 20006 on codeSuffix
    const again = await post(member, `${C}/copy`, { containerId: y.containerId, parentId: r.containerId, codeSuffix: '-B' })
    expect(again.body).toMatchObject({ code: 20006, data: { field: 'codeSuffix' } })
    // without parentId (the console's client leaves null out of a body) a copy and a move go to the top
    const top = ok(await post<{ rootId: string }>(member, `${C}/copy`, { containerId: z.containerId, codeSuffix: '-T' }))
    ok(await post(member, `${C}/move`, { containerId: copiedX.containerId }))
    nodes = await treeOf(member, p1)
    expect(nodes.find((n) => n.containerId === top.rootId)).toMatchObject({ parentId: null, containerCode: 'M-Z-T' })
    expect(nodes.find((n) => n.containerId === copiedX.containerId)?.parentId).toBeNull()
    expect(childrenOf(nodes, copiedX.containerId)).toEqual(['M-X-1-B', 'M-X-2-B'])
  })

  it('imports a container subtree from Excel (parents by code), reports the bad rows, and exports in tree order', async () => {
    const file = await xlsx([
      ['*节点编码', '*节点名称', '上级编码', '*节点类型', '性质', '备注'],
      ['IM', '导入标段', '', '标段', '虚拟', '根'],
      ['IM-Q1', '导入特大桥', 'IM', '桥梁', '实体', ''],
      ['IM-Q1-0', '0号桥台', 'IM-Q1', 'Pier', '', ''],
      ['IM-Q1-1', '1号墩', 'IM-Q1', '墩台', '', ''],
      ['IM-Q9', '孤儿桥', 'NOPE', '桥梁', '', '上级不存在'],
      ['IM-T1', '隧道', 'IM', '城堡', '', '类型错误'],
      ['IM', '重复', '', '标段', '', '编码重复'],
    ])
    const r = await member.call<ImportStatus>('POST', `${C}/import`, {
      query: { projectId: p1 },
      raw: multipart({ name: 'containers.xlsx', type: XLSX, bytes: file }),
      unsignedPayload: true,
      idempotencyKey: newKey(),
    })
    expect(r.body.data).toMatchObject({ total: 7, succeeded: 4, failed: 3, done: true })
    const nodes = await treeOf(member, p1)
    const im = nodes.find((n) => n.containerCode === 'IM')!
    expect(im).toMatchObject({ containerType: 'section', nature: 'virtual', parentId: null })
    const q1 = nodes.find((n) => n.containerCode === 'IM-Q1')!
    expect(q1.parentId).toBe(im.containerId)
    expect(childrenOf(nodes, q1.containerId)).toEqual(['IM-Q1-0', 'IM-Q1-1'])

    const info = ok(await member.call<FileInfo[]>('GET', LIST_BY_IDS, { query: { fileIds: r.body.data.reportFileId! } }))
    const report = await readXlsx(Buffer.from(await (await fetch(t.url + info[0]!.url)).arrayBuffer()))
    expect(report[0]!.at(-1)).toBe('错误原因')
    expect(report.slice(1).map((row) => row[5])).toEqual(['上级不存在', '类型错误', '编码重复'])
    expect(report[1]!.at(-1)).toBe('上级编码在本项目中不存在')
    expect(report[2]!.at(-1)).toContain('节点类型')
    expect(report[3]!.at(-1)).toContain('本项目中已有该编码的节点')

    // into another unit's project: 20002 before the file is read
    const foreign = await member.call('POST', `${C}/import`, {
      query: { projectId: p2 },
      raw: multipart({ name: 'containers.xlsx', type: XLSX, bytes: file }),
      unsignedPayload: true,
      idempotencyKey: newKey(),
    })
    expect(foreign.body.code).toBe(20002)

    const exported = await download(member, `${C}/export`, `projectId=${p1}&keyword=IM`)
    expect(exported.type).toContain('spreadsheetml')
    const rows = await readXlsx(exported.bytes)
    expect(rows.slice(1).map((x) => [x[0], x[2], x[3]])).toEqual([
      ['IM', '', '标段'],
      ['IM-Q1', 'IM', '桥梁'],
      ['IM-Q1-0', 'IM-Q1', '墩台'],
      ['IM-Q1-1', 'IM-Q1', '墩台'],
    ])
  })

  const unit = (code: string, start: string, end: string, extra: Record<string, unknown> = {}) => ({
    projectId: p1,
    lineId: line1,
    designUnitCode: code,
    designUnitName: `设计单元${code}`,
    major: '桥梁',
    administrativeRegion: '湖北省武汉市',
    startMileage: start,
    endMileage: end,
    ...extra,
  })

  it('keeps design units with chainage mileages: canonical form, start < end, no overlap on a line, duplicates', async () => {
    const d1 = ok(await post<DesignUnit>(member, `${DU}/add`, unit('DU1', ' dk10 + 0 ', 'DK12+345.6', { centerMileage: 'DK11+000' })))
    expect(d1).toMatchObject({
      startMileage: 'DK10+000.000',
      endMileage: 'DK12+345.600',
      centerMileage: 'DK11+000.000',
      startPrefix: 'DK',
      startMetres: 10000,
      endMetres: 12345.6,
      lineName: 'ZX线',
      workSites: [],
      workSiteCount: 0,
    })
    // touching the end is not an overlap; the other line is free
    ok(await post(member, `${DU}/add`, unit('DU2', 'DK12+345.600', 'DK13+000')))
    ok(await post(member, `${DU}/add`, unit('DU3', 'DK11+000', 'DK12+000', { lineId: line2 })))

    const overlap = await post(member, `${DU}/add`, unit('DU4', 'DK12+000', 'DK12+500'), 'en')
    expect(overlap.body.code).toBe(20001)
    expect(overlap.body.data).toEqual([expect.objectContaining({ field: 'startMileage' })])
    expect(overlap.body.message).toBe('The mileage overlaps design unit “设计单元DU1” on the same line')
    const zhOverlap = await post(member, `${DU}/add`, unit('DU4', 'DK9+000', 'DK20+000'))
    expect(zhOverlap.body.message).toContain('重叠')

    const order = await post(member, `${DU}/add`, unit('DU5', 'DK30+000', 'DK29+999.999'))
    expect(order.body.code).toBe(20001)
    expect(fieldsOf(order)).toEqual(['endMileage'])
    const format = await post(member, `${DU}/add`, unit('DU5', '30km', 'DK31', { centerMileage: 'DK40+000' }))
    expect(fieldsOf(format).sort()).toEqual(['endMileage', 'startMileage'])
    const center = await post(member, `${DU}/add`, unit('DU5', 'DK30+000', 'DK31+000', { centerMileage: 'DK40+000' }))
    expect(fieldsOf(center)).toEqual(['centerMileage'])

    const dupCode = await post(member, `${DU}/add`, unit('DU1', 'DK50+000', 'DK51+000'))
    expect(dupCode.body).toMatchObject({ code: 20006, data: { field: 'designUnitCode' } })
    const dupId = await post(member, `${DU}/add`, unit('DU6', 'DK60+000', 'DK61+000', { designUnitId: d1.designUnitId }))
    expect(dupId.body).toMatchObject({ code: 20006, data: { field: 'designUnitId' } })
    // a line of another project
    expect((await post(admin, `${DU}/add`, unit('DU7', 'DK70+000', 'DK71+000', { lineId: lineOf2 }))).body).toMatchObject({
      code: 20002,
      data: { field: 'lineId' },
    })

    // update: versions, and the overlap check leaves the unit itself out
    const { projectId: _p, ...fields } = unit('DU1', 'DK10+000', 'DK12+300')
    const moved = ok(await put<DesignUnit>(member, `${DU}/update`, { ...fields, designUnitId: d1.designUnitId, version: d1.version }))
    expect(moved).toMatchObject({ endMileage: 'DK12+300.000', version: d1.version + 1 })
    expect((await put(member, `${DU}/update`, { ...fields, designUnitId: d1.designUnitId, version: d1.version })).body.code).toBe(20008)
    const into = await put(member, `${DU}/update`, {
      ...fields,
      endMileage: 'DK12+400',
      designUnitId: d1.designUnitId,
      version: moved.version,
    })
    expect(fieldsOf(into)).toEqual(['startMileage'])

    // the other menu's resource shows the same records, in mileage order
    const page = ok(await member.call<{ records: DesignUnit[] }>('GET', `${PDU}/listPage`, { query: { projectId: p1, lineId: line1 } }))
    expect(page.records.map((d) => d.designUnitCode)).toEqual(['DU1', 'DU2'])
    const options = ok(
      await member.call<{ lines: { lineId: string }[]; designUnits: unknown[] }>('GET', `${DU}/options`, { query: { projectId: p1 } }),
    )
    expect(options.lines.map((l) => l.lineId).sort()).toEqual([line1, line2].sort())
    expect(options.designUnits).toHaveLength(3)
  })

  it("lists a design unit's 工点 — the work sites placed in it — refuses work points of its own, and keeps a unit with sites", async () => {
    const WS = `${A}/workSite`
    const [du, other] = [
      ok(await post<DesignUnit>(member, `${DU}/add`, unit('DU-WS', 'DK400+000', 'DK401+000'))),
      ok(await post<DesignUnit>(member, `${DU}/add`, unit('DU-WS2', 'DK401+000', 'DK402+000'))),
    ]
    expect(du).toMatchObject({ workSites: [], workSiteCount: 0 })
    const site = (code: string, designUnitId: string, extra: Record<string, unknown> = {}) =>
      post<{ workSiteId: string; version: number }>(admin, `${WS}/add`, {
        projectId: p1,
        workSiteCode: code,
        workSiteName: `${code}工点`,
        siteType: 'bridge',
        status: 'building',
        lineId: line1,
        designUnitId,
        ...extra,
      })
    // added in 工点信息 with the design unit: listed with the unit, in code order
    const b = ok(await site('WS-B', du.designUnitId))
    ok(await site('WS-A', du.designUnitId, { startMileage: 'dk400+100', endMileage: 'DK400+300.5' }))
    ok(await site('WS-C', other.designUnitId))
    const listed = async (c: Client, designUnitName: string) =>
      ok(await c.call<{ records: DesignUnit[] }>('GET', `${DU}/listPage`, { query: { projectId: p1, designUnitName } })).records.find(
        (d) => d.designUnitName === designUnitName,
      )!
    const row = await listed(member, du.designUnitName)
    expect(row).toMatchObject({
      workSiteCount: 2,
      workSites: [
        { workSiteCode: 'WS-A', workSiteName: 'WS-A工点', startMileage: 'DK400+100.000', endMileage: 'DK400+300.500' },
        { workSiteId: b.workSiteId, workSiteCode: 'WS-B', workSiteName: 'WS-B工点', startMileage: null, endMileage: null },
      ],
    })
    expect(row).not.toHaveProperty('workPoints')
    expect((await listed(member, other.designUnitName)).workSites.map((s) => s.workSiteCode)).toEqual(['WS-C'])
    // 工点信息 filtered to the unit (its form's link) shows those sites
    const sitesOf = async (designUnitId: string) =>
      ok(
        await admin.call<{ records: { workSiteId: string; workSiteCode: string }[] }>('GET', `${WS}/listPage`, {
          query: { projectId: p1, designUnitId },
        }),
      ).records
    const filtered = await sitesOf(du.designUnitId)
    expect(filtered.map((s) => s.workSiteCode)).toEqual(['WS-A', 'WS-B'])

    // work points of its own are no longer kept: a list of them is refused on the field, an empty one is ignored
    const { projectId: _p, ...fields } = unit('DU-WS', 'DK400+000', 'DK401+000')
    const withPoints = await put(member, `${DU}/update`, {
      ...fields,
      designUnitId: du.designUnitId,
      version: du.version,
      workPoints: [{ name: '1号工点', mileage: 'DK400+500' }],
    })
    expect(withPoints.body).toMatchObject({ code: 20001, data: [{ field: 'workPoints' }] })
    expect(withPoints.body.message).toContain('工点信息')
    const added = await post(member, `${DU}/add`, unit('DU-WP', 'DK403+000', 'DK404+000', { workPoints: [{ name: '1号工点' }] }), 'en')
    expect(added.body).toMatchObject({ code: 20001, data: [{ field: 'workPoints' }], message: expect.stringContaining('Work sites') })
    const saved = ok(
      await put<DesignUnit>(member, `${DU}/update`, { ...fields, designUnitId: du.designUnitId, version: du.version, workPoints: [] }),
    )
    expect(saved).toMatchObject({ version: du.version + 1, workSiteCount: 2 })
    expect(saved).not.toHaveProperty('workPoints')

    // a unit with sites is not deleted: 20021 naming it and them; once they are gone, it is
    const refused = await del(member, `${DU}/delete`, [du.designUnitId])
    expect(refused.body).toMatchObject({ code: 20021, data: { field: 'ids', ids: [du.designUnitId], workSiteCount: 2 } })
    expect(refused.body.message).toBe(
      '设计单元「设计单元DU-WS」下还有 2 个工点（WS-A工点、WS-B工点），请先在“工点信息”中删除这些工点或改为其他设计单元',
    )
    expect(await sitesOf(du.designUnitId)).toHaveLength(2)
    // several at once: nothing is deleted
    expect((await del(member, `${DU}/delete`, [du.designUnitId, other.designUnitId])).body.code).toBe(20021)
    expect((await listed(member, other.designUnitName)).workSiteCount).toBe(1)
    ok(
      await del(
        admin,
        `${WS}/delete`,
        filtered.map((s) => s.workSiteId),
      ),
    )
    ok(await del(member, `${DU}/delete`, [du.designUnitId]))
    expect(await listed(member, du.designUnitName)).toBeUndefined()
    expect((await listed(member, other.designUnitName)).workSiteCount).toBe(1)
  })

  it.runIf(t.demo)("demo: a design unit's seeded 工点 are work sites of it", async () => {
    const demo = ok(
      await admin.call<{ records: DesignUnit[] }>('GET', `${DU}/listPage`, { query: { designUnitName: '汉口路基设计单元1' } }),
    ).records.find((d) => d.designUnitCode === 'DU-01')!
    expect(demo.workSites.map((s) => s.workSiteCode)).toEqual(expect.arrayContaining(['GD-01', 'GD-DU-01-1', 'GD-DU-01-2']))
    expect(demo.workSites.find((s) => s.workSiteCode === 'GD-DU-01-1')).toMatchObject({
      workSiteName: '汉口1号工点',
      startMileage: 'DK1+200.500',
      endMileage: 'DK2+000.000',
    })
  })

  it('keeps unit engineering under design units: a sub-unit project needs a unit project of the project', async () => {
    const d = ok(await post<DesignUnit>(member, `${DU}/add`, unit('DU-UE', 'DK100+000', 'DK101+000')))
    const u1 = ok(
      await post<{ unitEngineeringId: string; designUnitName: string }>(member, `${UE}/add`, {
        projectId: p1,
        unitCode: 'DW-1',
        unitName: '汉江特大桥单位工程',
        category: 'unit',
        designUnitId: d.designUnitId,
      }),
    )
    expect(u1.designUnitName).toBe(d.designUnitName)
    const sub = ok(
      await post<{ unitEngineeringId: string; parentName: string }>(member, `${UE}/add`, {
        projectId: p1,
        unitCode: 'DW-1-1',
        unitName: '下部结构',
        category: 'subunit',
        parentId: u1.unitEngineeringId,
      }),
    )
    expect(sub.parentName).toBe('汉江特大桥单位工程')
    const underSub = await post(member, `${UE}/add`, {
      projectId: p1,
      unitCode: 'DW-1-1-1',
      unitName: '墩身',
      category: 'subunit',
      parentId: sub.unitEngineeringId,
    })
    expect(underSub.body).toMatchObject({ code: 20002, data: { field: 'parentId' } })
    // a 子单位工程 without its 单位工程 is refused on parentId
    const orphan = await post(member, `${UE}/add`, { projectId: p1, unitCode: 'DW-9', unitName: '无所属', category: 'subunit' })
    expect(orphan.body.code).toBe(20001)
    expect((orphan.body.data as { field: string }[]).map((e) => e.field)).toEqual(['parentId'])
    expect((await post(member, `${UE}/add`, { projectId: p1, unitCode: 'DW-1', unitName: '重复', category: 'unit' })).body.code).toBe(20006)
    const list = ok(
      await member.call<{ records: unknown[] }>('GET', `${A}/unitProject/listPage`, {
        query: { projectId: p1, designUnitId: d.designUnitId },
      }),
    )
    expect(list.records).toHaveLength(1)
  })

  it("answers another project's records with 20002 and lists only the caller's projects", async () => {
    const foreignNode = ok(await addNode(admin, p2, uniqueName('F').replace(/[^A-Za-z0-9]/g, '')))
    const foreignUnit = ok(await post<DesignUnit>(admin, `${DU}/add`, unit('F1', 'DK1+000', 'DK2+000', { projectId: p2, lineId: lineOf2 })))

    expect((await member.call('GET', `${C}/listTree`, { query: { projectId: p2 } })).body.code).toBe(20002)
    expect((await member.call('GET', `${DU}/options`, { query: { projectId: p2 } })).body.code).toBe(20002)
    expect((await addNode(member, p2, 'NOPE')).body).toMatchObject({ code: 20002, data: { field: 'projectId' } })
    expect((await put(member, `${C}/update`, { ...foreignNode, containerName: '改' })).body.code).toBe(20002)
    expect((await del(member, `${C}/delete`, [foreignNode.containerId])).body.code).toBe(20002)
    expect((await post(member, `${C}/move`, { containerId: foreignNode.containerId, parentId: null })).body.code).toBe(20002)
    expect((await post(member, `${C}/copy`, { containerId: foreignNode.containerId, parentId: null })).body.code).toBe(20002)
    const mine = (await treeOf(member, p1))[0]!
    expect((await post(member, `${C}/move`, { containerId: mine.containerId, parentId: foreignNode.containerId })).body.code).toBe(20002)
    const { projectId: _p, ...fields } = unit('F1', 'DK1+000', 'DK3+000', { lineId: lineOf2 })
    expect((await put(member, `${DU}/update`, { ...fields, designUnitId: foreignUnit.designUnitId, version: 0 })).body.code).toBe(20002)
    expect((await post(member, `${DU}/add`, unit('F2', 'DK5+000', 'DK6+000', { projectId: p2, lineId: lineOf2 }))).body.code).toBe(20002)
    // lists: nothing of p2, whatever the filter
    const all = ok(await member.call<{ records: DesignUnit[] }>('GET', `${DU}/listPage`, { query: { pageSize: 200 } }))
    expect(all.records.some((d) => d.designUnitId === foreignUnit.designUnitId)).toBe(false)
    expect(all.records.length).toBeGreaterThan(0)
    const filtered = ok(await member.call<{ records: DesignUnit[] }>('GET', `${DU}/listPage`, { query: { projectId: p2 } }))
    expect(filtered.records).toEqual([])
    // admin (data scope all) sees p2's
    expect((await admin.call('GET', `${C}/listTree`, { query: { projectId: p2 } })).body.code).toBe(10000)
  })

  it.runIf(t.demo)('the tourist reads but changes nothing (20003)', async () => {
    const tourist = await signedIn(t, 'tourist', DEMO_PASSWORD)
    const nodes = await tourist.call<Node[]>('GET', `${C}/listTree`, { query: { projectId: p1 } })
    expect([10000, 20002]).toContain(nodes.body.code)
    expect((await addNode(tourist, p1, 'TOUR')).body.code).toBe(20003)
    expect((await post(tourist, `${C}/move`, { containerId: (await treeOf(admin, p1))[0]!.containerId, parentId: null })).body.code).toBe(
      20003,
    )
    expect((await post(tourist, `${DU}/add`, unit('T1', 'DK200+000', 'DK201+000'))).body.code).toBe(20003)
    expect((await post(tourist, `${UE}/add`, { projectId: p1, unitCode: 'T', unitName: '游客', category: 'unit' })).body.code).toBe(20003)
  })
})
