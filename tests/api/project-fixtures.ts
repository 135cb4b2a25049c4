/**
 * One record of every project resource in a project, for the tests that walk them
 * (tests/api/project-walk.test.ts); the project initialisation wizard's workbooks and a validated run
 * of it (tests/api/project-init.test.ts, crash.test.ts).
 */
import ExcelJS from 'exceljs'
import { expect } from 'vitest'
import { newKey, type Answer, type Client } from './client'
import { multipart, png, upload } from './files-fixtures'
import { uniqueName } from './helpers'

const A = '/api/admin/v1'
/** The wizard that creates a new project (src/contract/schemas/projectInit.ts). */
export const INIT = `${A}/projectInit/projectInitialization`

export type Rec = Record<string, unknown>

const code = (prefix: string) => uniqueName(prefix).replace(/[^A-Za-z0-9]/g, '')

function ok<T>(r: Answer<T>, what: string): T {
  expect(r.body.code, `${what}: ${r.text}`).toBe(10000)
  return r.body.data
}
const add = async (admin: Client, resource: string, json: Rec): Promise<Rec> =>
  ok(await admin.call<Rec>('POST', `${A}/${resource}/add`, { json, idempotencyKey: newKey() }), `${resource}/add`)

/**
 * As an administrator, one record of each project resource in `projectId` (a participating design unit
 * of the owner, a line, a major, an organisation with a department, a container node, a design unit, a
 * unit project, a work site with a photo, an attribute relation and a table row, a quantity item) and
 * the project's attribute values. Answers resource name → record as its add answered it; the resources
 * registered under two menus (projectDesignUnit, unitProject, projectWorkSite) share their twin's record.
 */
export async function seedProjectRecords(admin: Client, projectId: string): Promise<Record<string, Rec>> {
  const project = ok(await admin.call<{ organizationId: string }>('GET', `${A}/project/get`, { query: { projectId } }), 'project/get')
  const owner = project.organizationId
  const projectUnit = await add(admin, 'projectUnit', {
    projectId,
    unitType: 'design',
    organizationId: owner,
    unitCode: 'SJ-01',
    contactPerson: '李工',
    contactPhone: '13800000001',
  })
  const line = await add(admin, 'line', { projectId, lineCode: code('L'), lineName: uniqueName('正线'), lineType: 'main', lengthKm: 12.5 })
  const engineeringMajor = await add(admin, 'engineeringMajor', { projectId, majorCode: code('M'), majorName: uniqueName('桥梁') })
  const projectOrg = await add(admin, 'projectOrg', {
    projectId,
    projectOrganizationName: uniqueName('项目经理部'),
    projectOrgTypeId: 'manager',
    organizationId: owner,
  })
  const projectDepartment = await add(admin, 'projectDepartment', {
    projectOrganizationId: projectOrg.projectOrganizationId,
    departmentName: '工程部',
  })
  const container = await add(admin, 'container', {
    projectId,
    parentId: null,
    containerCode: code('C'),
    containerName: '汉江特大桥',
    containerType: 'bridge',
  })
  const designUnit = await add(admin, 'designUnit', {
    projectId,
    lineId: line.lineId,
    designUnitCode: code('DU'),
    designUnitName: '汉江特大桥设计单元',
    startMileage: 'DK1+000',
    endMileage: 'DK2+000',
    containerId: container.containerId,
  })
  const unitEngineering = await add(admin, 'unitEngineering', {
    projectId,
    unitCode: code('DW'),
    unitName: '汉江特大桥单位工程',
    category: 'unit',
    designUnitId: designUnit.designUnitId,
    containerId: container.containerId,
  })
  const photo = ok(await upload(admin, 'photo', 'site.png', 'image/png', png()), 'upload')
  const workSite = await add(admin, 'workSite', {
    projectId,
    workSiteCode: code('GD'),
    workSiteName: '汉江特大桥工点',
    siteType: 'bridge',
    status: 'building',
    lineId: line.lineId,
    designUnitId: designUnit.designUnitId,
    containerId: container.containerId,
    photoFileIds: [photo.fileId],
  })

  const form = await add(admin, 'attrGroup', { groupName: uniqueName('项目属性'), groupCode: code('G'), nodeType: 1 })
  const field = await add(admin, 'attrItem', { groupId: form.groupId, itemCode: 'owner', itemName: '业主', itemType: 'text' })
  const attrRelation = await add(admin, 'attrRelation', { groupId: form.groupId, nodeId: projectId })
  ok(
    await admin.call('POST', `${A}/attrValue/save`, {
      json: { nodeType: 1, nodeId: projectId, values: { [String(field.itemId)]: '业主甲' } },
      idempotencyKey: newKey(),
    }),
    'attrValue/save',
  )
  const table = await add(admin, 'attrGroup', { groupName: uniqueName('项目表'), groupCode: code('T'), nodeType: 1, groupKind: 'table' })
  const column = await add(admin, 'attrItem', { groupId: table.groupId, itemCode: 'qty', itemName: '数量', itemType: 'number' })
  const attrTableRow = await add(admin, 'attrTableRow', {
    groupId: table.groupId,
    nodeType: 1,
    nodeId: projectId,
    values: { [String(column.itemId)]: '2.5' },
  })
  const quantity = await add(admin, 'quantity', { nodeCode: code('QTY'), nodeName: 'C30 混凝土', unit: 'm³' })
  const boqItem = await add(admin, 'boqItem', {
    projectId,
    containerId: container.containerId,
    quantityNodeId: quantity.nodeId,
    itemCode: code('QD'),
    quantity: '12.5',
    unitPrice: '468',
  })

  return {
    projectUnit,
    line,
    engineeringMajor,
    projectOrg,
    projectDepartment,
    container,
    designUnit,
    projectDesignUnit: designUnit,
    unitEngineering,
    unitProject: unitEngineering,
    workSite,
    projectWorkSite: workSite,
    attrRelation,
    attrTableRow,
    boqItem,
  }
}

/** A workbook of named sheets, each a header row and data rows. */
export async function initBook(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(name)
    for (const r of rows) ws.addRow(r)
  }
  return Buffer.from(await wb.xlsx.writeBuffer())
}

/** Uploads a run's workbook to a wizard (`base`: its paths); the answer is the run, validated or with its report. */
export const uploadInit = <T = Rec>(c: Client, runId: string, bytes: Buffer, base = INIT) =>
  c.call<T>('POST', `${base}/upload`, {
    query: { runId },
    raw: multipart({ name: 'init.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes }),
    unsignedPayload: true,
    idempotencyKey: newKey(),
  })

/**
 * A validated run of the new-project wizard: a project of the unit `owner` with `lines` lines and
 * `containers` root containers (L001…, C001…) — `lines + containers` rows to create.
 */
export async function validatedInitRun(admin: Client, owner: string, lines: number, containers: number) {
  const codes = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${String(i + 1).padStart(3, '0')}`)
  const projectCode = code('INIT')
  const runId = ok(await admin.call<{ runId: string }>('POST', `${INIT}/start`, { json: {}, idempotencyKey: newKey() }), 'start').runId
  const basic = { projectName: `初始化项目${projectCode}`, projectCode, projectType: 'railway', organizationId: owner }
  ok(await admin.call('POST', `${INIT}/save`, { json: { runId, step: 2, source: 'workbook', basic }, idempotencyKey: newKey() }), 'save')
  const lineCodes = codes('L', lines)
  const containerCodes = codes('C', containers)
  const bytes = await initBook({
    线路: [['线路编码', '线路名称', '线路类型'], ...lineCodes.map((c) => [c, `线路${c}`, 'main'])],
    项目容器: [['节点编码', '节点名称', '上级编码', '节点类型'], ...containerCodes.map((c) => [c, `标段${c}`, '', 'section'])],
  })
  const validated = ok(await uploadInit<{ status: string; report: unknown }>(admin, runId, bytes), 'upload')
  expect(validated.status, JSON.stringify(validated.report)).toBe('validated')
  return { runId, projectCode, lineCodes, containerCodes }
}

/** What the wizard created under a project code: how many projects have it, and the first one's line and container codes (sorted). */
export async function createdByInit(admin: Client, projectCode: string) {
  const { records } = ok(
    await admin.call<{ records: { projectId: string; projectCode: string }[] }>('GET', `${A}/project/listPage`, {
      query: { keyword: projectCode },
    }),
    'project/listPage',
  )
  const projects = records.filter((p) => p.projectCode === projectCode)
  const projectId = projects[0]?.projectId
  if (!projectId) return { projects: 0, lines: [], containers: [] }
  const codes = async (path: string, field: string) =>
    ok(await admin.call<Rec[]>('GET', `${A}/${path}`, { query: { projectId } }), path)
      .map((r) => String(r[field]))
      .sort()
  return {
    projects: projects.length,
    lines: await codes('line/list', 'lineCode'),
    containers: await codes('container/listTree', 'containerCode'),
  }
}
