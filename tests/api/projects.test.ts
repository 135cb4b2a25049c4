/**
 * Projects (issue 11 part A): project, participating units, lines, engineering majors, project
 * organisations and their department trees — CRUD, validation (20001 on the field), duplicates
 * (20006), versions (20008), project scope (DESIGN §3: another project's records are 20002; a
 * registered account sees its department's project only; the tourist changes nothing) and tree
 * moves with cycles refused (20021).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { newKey, type Answer, type Client } from './client'
import { signedIn, uniqueName } from './helpers'
import { mustAdd, newUnit, PASSWORD, RA as REGISTERED } from './accounts-fixtures'
import { addRole, byAction, saveMenus, tree } from './roles-fixtures'

const A = '/api/admin/v1'
const P = `${A}/project`
const UNIT = `${A}/projectUnit`
const LINE = `${A}/line`
const MAJOR = `${A}/engineeringMajor`
const PORG = `${A}/projectOrg`
const PDEPT = `${A}/projectDepartment`

interface Project {
  projectId: string
  projectName: string
  projectCode: string
  organizationId: string
  organizationName: string
  status: string
  progress: number
  unitCount: number
  unitNames: string[]
  lineCount: number
  workSiteCount: number
  version: number
}
interface Line {
  lineId: string
  projectId: string
  lineCode: string
  lineName: string
  version: number
}
interface DeptNode {
  projectDepartmentId: string
  departmentName: string
  parentId: string | null
  version: number
  projectDepartmentNodeVOS?: DeptNode[]
}
interface ProjectOrg {
  projectOrganizationId: string
  projectDepartmentNodeVOS: DeptNode[]
}
interface Page<T> {
  records: T[]
  total: number
}

const post = <T>(c: Client, path: string, json: unknown) => c.call<T>('POST', path, { json, idempotencyKey: newKey() })
const put = <T>(c: Client, path: string, json: unknown) => c.call<T>('PUT', path, { json, idempotencyKey: newKey() })
const del = (c: Client, path: string, ids: string) => c.call('POST', `${path}/delete`, { form: { ids }, idempotencyKey: newKey() })
const fields = (a: Answer) => ((a.body.data as { field: string }[] | null) ?? []).map((e) => e.field)
const visible = async (c: Client) =>
  (await c.call<{ projectId: string; projectName: string }[]>('GET', `${P}/listVisible`)).body.data.map((p) => p.projectId)

function projectBody(organizationId: string, extra: Record<string, unknown> = {}) {
  return {
    projectName: uniqueName('测试高铁'),
    projectCode: uniqueName('T-'),
    projectType: 'railway',
    organizationId,
    startDate: '2025-01-01',
    endDate: '2027-12-31',
    location: '湖北省',
    ...extra,
  }
}

async function mustPost<T>(c: Client, path: string, json: unknown): Promise<T> {
  const r = await post<T>(c, path, json)
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}

const PROJECT_MENUS = ['/admin/project-manage', '/admin/project-information', '/admin/project-configuration', '/admin/project-org-account']

describe.each(provided('targets'))('projects on $name', (t) => {
  let admin: Client
  let unitA: string
  let unitB: string
  let p1: Project
  let p2: Project
  /** A general account of unit A whose role (scope: own unit) grants the project menus. */
  let userA: Client
  let roleId: string

  beforeAll(async () => {
    admin = await signedIn(t)
    unitA = await newUnit(admin, '项目测试建设单位')
    unitB = await newUnit(admin, '项目测试他方单位')
    p1 = await mustPost<Project>(admin, `${P}/add`, projectBody(unitA))
    p2 = await mustPost<Project>(admin, `${P}/add`, projectBody(unitB))

    const role = await addRole(admin, '项目测试角色', 'own')
    roleId = role.roleId
    const tr = await tree(admin, roleId)
    const menus = PROJECT_MENUS.map((m) => byAction(tr, m))
    const saved = await saveMenus(
      admin,
      roleId,
      tr.applicationId,
      [...new Set(menus.flatMap((m) => [m.applicationMenuId, ...(m.parentId ? [m.parentId] : [])]))],
      menus.flatMap((m) => m.functions.map((f) => f.applicationMenuFunctionId)),
    )
    expect(saved.body.code, saved.text).toBe(10000)
    const acc = await mustAdd(admin, unitA, { roleIds: [roleId] })
    userA = await signedIn(t, acc.accountName, PASSWORD)
  })

  it('adds a project with its owner as 建设 unit, lists, reads, updates by version (20008 on a stale one) and deletes', async () => {
    expect(p1).toMatchObject({ organizationId: unitA, status: 'preparing', progress: 0, unitCount: 1, lineCount: 0, workSiteCount: 0 })
    expect(p1.unitNames).toHaveLength(1)
    const page = await admin.call<Page<Project>>('GET', `${P}/listPage`, { query: { keyword: p1.projectCode } })
    expect(page.body.data.records.map((r) => r.projectId)).toEqual([p1.projectId])
    const units = await admin.call<{ unitType: string; organizationId: string }[]>('GET', `${UNIT}/list`, {
      query: { projectId: p1.projectId },
    })
    expect(units.body.data).toEqual([expect.objectContaining({ unitType: 'build', organizationId: unitA })])

    const got = await admin.call<Project>('GET', `${P}/get`, { query: { projectId: p1.projectId } })
    expect(got.body.data).toMatchObject({ projectId: p1.projectId, projectName: p1.projectName })

    const body = { ...projectBody(unitA), projectName: p1.projectName, projectCode: p1.projectCode, projectId: p1.projectId }
    const upd = await put<Project>(admin, `${P}/update`, { ...body, status: 'ongoing', progress: 35, version: p1.version })
    expect(upd.body.code, upd.text).toBe(10000)
    expect(upd.body.data).toMatchObject({ status: 'ongoing', progress: 35, version: p1.version + 1 })
    const stale = await put<Project>(admin, `${P}/update`, { ...body, progress: 50, version: p1.version })
    expect(stale.body.code).toBe(20008)
    expect(stale.body.data).toMatchObject({ projectId: p1.projectId, progress: 35, version: p1.version + 1 })
    p1 = upd.body.data

    const gone = await mustPost<Project>(admin, `${P}/add`, projectBody(unitB))
    expect((await del(admin, P, gone.projectId)).body.code).toBe(10000)
    expect((await admin.call('GET', `${P}/get`, { query: { projectId: gone.projectId } })).body.code).toBe(20002)
  })

  it('answers bad input with 20001 on each field', async () => {
    const bad = await post(admin, `${P}/add`, {
      projectName: '#坏名字',
      projectCode: 'a b',
      projectType: 'spaceport',
      startDate: '2025-02-30',
      progress: 101,
    })
    expect(bad.body.code).toBe(20001)
    expect(fields(bad)).toEqual(
      expect.arrayContaining(['projectName', 'projectCode', 'projectType', 'organizationId', 'startDate', 'progress']),
    )
    const order = await post(admin, `${P}/add`, projectBody(unitA, { startDate: '2026-01-01', endDate: '2025-01-01' }))
    expect(order.body.code).toBe(20001)
    expect(fields(order)).toEqual(['endDate'])

    const line = await post(admin, `${LINE}/add`, {
      projectId: p1.projectId,
      lineCode: '',
      lineName: '正线',
      lineType: 'tram',
      lengthKm: -3,
    })
    expect(line.body.code).toBe(20001)
    expect(fields(line)).toEqual(expect.arrayContaining(['lineCode', 'lineType', 'lengthKm']))
    const unit = await post(admin, `${UNIT}/add`, { projectId: p1.projectId, unitType: 'build', contactPhone: '12345' })
    expect(fields(unit)).toEqual(expect.arrayContaining(['organizationId', 'contactPhone']))
    const org = await post(admin, `${PORG}/add`, { projectId: p1.projectId, projectOrganizationName: '', projectOrgTypeId: 'guild' })
    expect(fields(org)).toEqual(expect.arrayContaining(['projectOrganizationName', 'projectOrgTypeId']))
  })

  it('refuses duplicates with 20006: project code (any case), line code within a project, a unit twice in one role', async () => {
    const dup = await post(admin, `${P}/add`, projectBody(unitB, { projectCode: p1.projectCode.toLowerCase() }))
    expect(dup.body.code, dup.text).toBe(20006)
    expect(dup.body.data).toMatchObject({ field: 'projectCode' })

    await mustPost<Line>(admin, `${LINE}/add`, {
      projectId: p1.projectId,
      lineCode: 'ZX',
      lineName: '正线',
      lineType: 'main',
      lengthKm: 180.6,
    })
    const again = await post(admin, `${LINE}/add`, { projectId: p1.projectId, lineCode: 'zx', lineName: '正线二', lineType: 'main' })
    expect(again.body.code).toBe(20006)
    expect(again.body.data).toMatchObject({ field: 'lineCode' })
    // the same code in another project is another line
    await mustPost<Line>(admin, `${LINE}/add`, { projectId: p2.projectId, lineCode: 'ZX', lineName: '正线', lineType: 'main' })

    const unit = { projectId: p1.projectId, unitType: 'build', organizationId: unitA }
    expect((await post(admin, `${UNIT}/add`, unit)).body.code).toBe(20006)
    expect((await post(admin, `${UNIT}/add`, { ...unit, unitType: 'consulting' })).body.code).toBe(10000)

    const major = { projectId: p1.projectId, majorCode: 'QL', majorName: '桥梁' }
    await mustPost(admin, `${MAJOR}/add`, major)
    expect((await post(admin, `${MAJOR}/add`, { ...major, majorName: '桥梁二' })).body.code).toBe(20006)

    const list = await admin.call<Page<Project>>('GET', `${P}/listPage`, { query: { keyword: p1.projectCode } })
    expect(list.body.data.records[0]).toMatchObject({ lineCount: 1, unitCount: 2 })
  })

  it("keeps an account to its unit's projects: another project's records are 20002", async () => {
    expect(await visible(userA)).toContain(p1.projectId)
    expect(await visible(userA)).not.toContain(p2.projectId)
    const page = await userA.call<Page<Project>>('GET', `${P}/listPage`, { query: { pageSize: 2000 } })
    expect(page.body.code, page.text).toBe(10000)
    expect(page.body.data.records.map((r) => r.projectId)).toEqual([p1.projectId])

    const [otherLine] = (await admin.call<Line[]>('GET', `${LINE}/list`, { query: { projectId: p2.projectId } })).body.data
    expect((await userA.call('GET', `${P}/get`, { query: { projectId: p2.projectId } })).body.code).toBe(20002)
    const lines = await userA.call<Line[]>('GET', `${LINE}/list`)
    expect(lines.body.data.every((l) => l.projectId === p1.projectId)).toBe(true)
    const add = await post(userA, `${LINE}/add`, { projectId: p2.projectId, lineCode: 'LLX', lineName: '联络线', lineType: 'connecting' })
    expect(add.body.code).toBe(20002)
    expect(add.body.data).toMatchObject({ field: 'projectId' })
    const upd = await put(userA, `${LINE}/update`, { ...otherLine, lineName: '改名' })
    expect(upd.body.code).toBe(20002)
    expect((await del(userA, LINE, otherLine!.lineId)).body.code).toBe(20002)
    // moving one's own line into another project is refused the same way
    const own = await mustPost<Line>(userA, `${LINE}/add`, {
      projectId: p1.projectId,
      lineCode: 'ZHX',
      lineName: '站线',
      lineType: 'station',
    })
    expect((await put(userA, `${LINE}/update`, { ...own, projectId: p2.projectId })).body.code).toBe(20002)
    // a project of a unit outside its scope cannot be created
    expect((await post(userA, `${P}/add`, projectBody(unitB))).body.code).toBe(20002)
    expect((await put(userA, `${P}/update`, { ...p2, progress: 1 })).body.code).toBe(20002)

    // once its unit takes part in the other project, the account sees it
    const joined = await mustPost<{ projectUnitId: string }>(admin, `${UNIT}/add`, {
      projectId: p2.projectId,
      unitType: 'construction',
      organizationId: unitA,
      unitCode: 'SG-09',
      contactPerson: '王工',
      contactPhone: '13800000009',
    })
    expect(await visible(userA)).toContain(p2.projectId)
    expect((await del(admin, UNIT, joined.projectUnitId)).body.code).toBe(10000)
    expect(await visible(userA)).not.toContain(p2.projectId)
  })

  it('keeps department trees per organisation: nested projectDepartmentNodeVOS, moves, cycles refused (20021)', async () => {
    const org = await mustPost<ProjectOrg>(admin, `${PORG}/add`, {
      projectId: p1.projectId,
      projectOrganizationName: uniqueName('项目经理部'),
      projectOrgTypeId: 'manager',
      organizationId: unitA,
    })
    expect(org.projectDepartmentNodeVOS).toEqual([])
    const dept = (name: string, parentId?: string) =>
      mustPost<DeptNode>(admin, `${PDEPT}/add`, { projectOrganizationId: org.projectOrganizationId, departmentName: name, parentId })
    const a = await dept('工程管理部')
    const b = await dept('测量队', a.projectDepartmentId)
    const c = await dept('一班', b.projectDepartmentId)
    const dupe = await post(admin, `${PDEPT}/add`, {
      projectOrganizationId: org.projectOrganizationId,
      departmentName: '测量队',
      parentId: a.projectDepartmentId,
    })
    expect(dupe.body.code).toBe(20006)

    const list = await admin.call<ProjectOrg[]>('GET', `${PORG}/list`, { query: { projectId: p1.projectId } })
    const mine = list.body.data.find((o) => o.projectOrganizationId === org.projectOrganizationId)!
    expect(mine.projectDepartmentNodeVOS.map((n) => n.departmentName)).toEqual(['工程管理部'])
    expect(mine.projectDepartmentNodeVOS[0]!.projectDepartmentNodeVOS![0]!.projectDepartmentNodeVOS![0]!.projectDepartmentId).toBe(
      c.projectDepartmentId,
    )

    // a cycle: the top department under its own grandchild — by move and by update
    const cycle = await post(admin, `${PDEPT}/move`, { projectDepartmentId: a.projectDepartmentId, parentId: c.projectDepartmentId })
    expect(cycle.body.code).toBe(20021)
    const cycleUpd = await put(admin, `${PDEPT}/update`, {
      projectDepartmentId: a.projectDepartmentId,
      projectOrganizationId: org.projectOrganizationId,
      departmentName: '工程管理部',
      parentId: c.projectDepartmentId,
      version: a.version,
    })
    expect(cycleUpd.body.code).toBe(20021)
    // a parent of another organisation is not there
    const other = await mustPost<ProjectOrg>(admin, `${PORG}/add`, {
      projectId: p1.projectId,
      projectOrganizationName: uniqueName('监理站'),
      projectOrgTypeId: 'supervision',
    })
    const foreign = await mustPost<DeptNode>(admin, `${PDEPT}/add`, {
      projectOrganizationId: other.projectOrganizationId,
      departmentName: '总监办',
    })
    expect(
      (await post(admin, `${PDEPT}/move`, { projectDepartmentId: c.projectDepartmentId, parentId: foreign.projectDepartmentId })).body.code,
    ).toBe(20002)

    // the grandchild moves to the top; its version moved
    const moved = await post<DeptNode>(admin, `${PDEPT}/move`, { projectDepartmentId: c.projectDepartmentId })
    expect(moved.body.code, moved.text).toBe(10000)
    expect(moved.body.data).toMatchObject({ parentId: null, version: c.version + 1 })
    const after = (await admin.call<ProjectOrg[]>('GET', `${PORG}/list`, { query: { projectId: p1.projectId } })).body.data.find(
      (o) => o.projectOrganizationId === org.projectOrganizationId,
    )!
    expect(after.projectDepartmentNodeVOS.map((n) => n.departmentName).sort()).toEqual(['一班', '工程管理部'].sort())
    // a department with sub-departments is not deleted; a leaf is
    expect((await del(admin, PDEPT, a.projectDepartmentId)).body.code).toBe(20021)
    expect((await del(admin, PDEPT, c.projectDepartmentId)).body.code).toBe(10000)
    // another project's organisation is 20002 to an account outside it
    const p2org = await mustPost<ProjectOrg>(admin, `${PORG}/add`, {
      projectId: p2.projectId,
      projectOrganizationName: uniqueName('指挥部'),
      projectOrgTypeId: 'command',
    })
    expect(
      (await post(userA, `${PDEPT}/add`, { projectOrganizationId: p2org.projectOrganizationId, departmentName: '工程部' })).body.code,
    ).toBe(20002)
  })

  it('puts a registered account in a project department: it then sees that project only', async () => {
    const org = await mustPost<ProjectOrg>(admin, `${PORG}/add`, {
      projectId: p2.projectId,
      projectOrganizationName: uniqueName('二标项目部'),
      projectOrgTypeId: 'manager',
    })
    const d = await mustPost<DeptNode>(admin, `${PDEPT}/add`, {
      projectOrganizationId: org.projectOrganizationId,
      departmentName: '工程部',
    })
    const options = await admin.call<{ projectDepartmentId: string; projectName: string }[]>('GET', `${PDEPT}/listOptions`)
    expect(options.body.data.find((o) => o.projectDepartmentId === d.projectDepartmentId)).toMatchObject({ projectName: p2.projectName })

    const acc = await mustAdd(admin, unitA, { roleIds: [roleId], projectDepartmentId: d.projectDepartmentId }, `${REGISTERED}/add`)
    expect(acc).toMatchObject({ projectDepartmentId: d.projectDepartmentId, projectName: p2.projectName, projectDepartmentName: '工程部' })
    const reg = await signedIn(t, acc.accountName, PASSWORD)
    expect(await visible(reg)).toEqual([p2.projectId])
    // though its unit takes part in p1, a registered account sees its department's project only
    expect((await reg.call('GET', `${P}/get`, { query: { projectId: p1.projectId } })).body.code).toBe(20002)

    // moved to a department of p1 by 项目账号管理
    const [p1dept] = (
      await admin.call<{ projectDepartmentId: string; projectId: string }[]>('GET', `${PDEPT}/listOptions`)
    ).body.data.filter((o) => o.projectId === p1.projectId)
    const moved = await post(admin, `${REGISTERED}/updateProjectDept`, {
      accountId: acc.accountId,
      projectDepartmentId: p1dept!.projectDepartmentId,
    })
    expect(moved.body.code, moved.text).toBe(10000)
    expect(await visible(reg)).toEqual([p1.projectId])
    // a department of a project the caller does not see is 20002 on the field
    const refused = await post(userA, `${REGISTERED}/updateProjectDept`, {
      accountId: acc.accountId,
      projectDepartmentId: d.projectDepartmentId,
    })
    expect(refused.body.code).toBe(20002)
  })

  it.runIf(t.demo)('demo: lisite sees only her project; the tourist reads and changes nothing', async () => {
    const lisite = await signedIn(t, 'lisite')
    const mine = (await lisite.call<{ projectName: string }[]>('GET', `${P}/listVisible`)).body.data
    expect(mine.map((p) => p.projectName)).toEqual(['沪渝蓉高铁武宜段站前工程'])
    const all = (await admin.call<{ projectId: string; projectName: string }[]>('GET', `${P}/listVisible`)).body.data
    const other = all.find((p) => p.projectName === '合新高铁站前工程')!
    expect((await lisite.call('GET', `${P}/get`, { query: { projectId: other.projectId } })).body.code).toBe(20002)
    expect((await lisite.call('GET', `${UNIT}/list`, { query: { projectId: other.projectId } })).body.data).toEqual([])

    const tourist = await signedIn(t, 'tourist')
    const list = await tourist.call<Page<Project>>('GET', `${P}/listPage`)
    expect(list.body.code).toBe(10000)
    expect((await post(tourist, `${P}/add`, projectBody(unitA))).body.code).toBe(20003)
    expect((await put(tourist, `${P}/update`, { ...p1, progress: 99 })).body.code).toBe(20003)
    expect(
      (await post(tourist, `${LINE}/add`, { projectId: p1.projectId, lineCode: 'T1', lineName: '游客线', lineType: 'main' })).body.code,
    ).toBe(20003)
    expect((await del(tourist, P, p1.projectId)).body.code).toBe(20003)
    expect((await admin.call<Project>('GET', `${P}/get`, { query: { projectId: p1.projectId } })).body.data.progress).toBe(p1.progress)
  })
})
