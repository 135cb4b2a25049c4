/**
 * Project initialisation wizards (issue 12 part B) on both databases: a run is a draft in the
 * database (resumable from another session), a project from a template copies the structure but
 * not the people, a workbook with errors gives a per-sheet, per-row report and creates nothing,
 * the corrected workbook creates everything, and a failure in the middle of the creation (a unit
 * removed between validation and creation) leaves nothing behind.
 */
import { createHmac, randomBytes } from 'node:crypto'
import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { newKey, sha256, utcStamp, type Answer, type Client } from './client'
import { signedIn, uniqueName } from './helpers'
import { ORG } from './accounts-fixtures'
import { multipart } from './files-fixtures'
import { createdByInit, INIT, initBook, uploadInit, validatedInitRun } from './project-fixtures'

const A = '/api/admin/v1'
const W = INIT
/** Runs of more rows than this are created by a job (server/modules/projectInit/routes.ts). */
const SYNC_INIT_ROWS = 300
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

interface RowError {
  sheet: string
  row: number
  field: string
  message: { zh: string; en: string }
}
interface Run {
  runId: string
  status: string
  step: number
  source: string | null
  basic: Record<string, unknown>
  counts: Record<string, number>
  report: { sheet: string; rows: number; errors: RowError[] }[] | null
  total: number
  processed: number
  createdProjectId: string | null
  error: { zh: string; en: string } | null
}
interface Node {
  containerId: string
  parentId: string | null
  containerCode: string
  containerName: string
}

const post = <T>(c: Client, path: string, json: unknown): Promise<Answer<T>> => c.call<T>('POST', path, { json, idempotencyKey: newKey() })
const ok = <T>(r: Answer<T>): T => {
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}
const code = (prefix: string) => uniqueName(prefix).replace(/[^A-Za-z0-9]/g, '')

async function download(c: Client, path: string) {
  const timestamp = utcStamp()
  const nonce = randomBytes(12).toString('hex')
  const signature = createHmac('sha256', c.privateKey ?? '')
    .update([timestamp, nonce, 'GET', path, '', sha256('')].join('\n'))
    .digest('hex')
  const res = await fetch(`${c.base}${path}`, {
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

describe.each(provided('targets'))('project initialisation on $name', (t) => {
  let admin: Client
  let owner: string
  let unitName: string
  let unitId: string

  const addUnit = async (name: string) => {
    const types = (await admin.call<{ organizationTypeId: string }[]>('GET', `${A}/orgType/list`)).body.data
    return ok(
      await post<{ organizationId: string }>(admin, `${ORG}/add`, {
        organizationName: name,
        organizationTypeId: types[0]!.organizationTypeId,
      }),
    ).organizationId
  }
  const upload = (runId: string, bytes: Buffer) => uploadInit<Run>(admin, runId, bytes)
  const start = async () => ok(await post<Run>(admin, `${W}/start`, {}))
  const getRun = async (c: Client, runId: string) => ok(await c.call<Run>('GET', `${W}/run`, { query: { runId } }))
  const projectByCode = async (projectCode: string) =>
    ok(
      await admin.call<{ records: { projectId: string; projectCode: string }[] }>('GET', `${A}/project/listPage`, {
        query: { keyword: projectCode },
      }),
    ).records
  const basic = (projectCode: string) => ({
    projectName: `初始化项目${projectCode}`,
    projectCode,
    projectType: 'railway',
    organizationId: owner,
  })
  /** Polls the run until its creation has ended. */
  const finished = async (runId: string) => {
    for (let i = 0; i < 200; i++) {
      const r = await getRun(admin, runId)
      if (r.status !== 'running') return r
      await new Promise((res) => setTimeout(res, 100))
    }
    throw new Error('the creation did not end')
  }

  /** A correct workbook (zh sheet names and titles; values as codes or labels). */
  const goodSheets = (): Record<string, unknown[][]> => ({
    参建单位: [
      ['单位名称', '参建类型', '单位编码', '联系人'],
      [unitName, '施工', 'SG1', '李工'],
    ],
    线路: [
      ['线路编码', '线路名称', '线路类型', '长度（km）'],
      ['ZX', '正线', 'main', 86.5],
      ['LLX', '联络线', '联络线', 3],
    ],
    项目容器: [
      ['节点编码', '节点名称', '上级编码', '节点类型', '性质'],
      ['S1', '第一标段', '', 'section', 'virtual'],
      ['S1-BR', '汉江特大桥', 'S1', 'bridge', 'entity'],
      ['S1-BR-P1', '1号墩', 'S1-BR', 'pier', ''],
      ['S2', '第二标段', '', 'section', 'virtual'],
    ],
    设计单元: [
      ['设计单元编码', '设计单元名称', '线路编码', '起点里程', '终点里程', '所属容器编码'],
      ['DU1', '汉江特大桥设计单元', 'ZX', 'DK12+000', 'DK13+250', 'S1-BR'],
      ['DU2', '路基一段', 'ZX', 'DK13+250', 'DK15+000', 'S1'],
    ],
    项目组织: [
      ['组织名称', '组织类型', '所属单位'],
      ['项目经理部', 'manager', unitName],
    ],
    项目部门: [
      ['组织名称', '部门名称', '上级部门'],
      ['项目经理部', '工程部', ''],
      ['项目经理部', '测量组', '工程部'],
    ],
  })

  beforeAll(async () => {
    admin = await signedIn(t)
    owner = await addUnit(uniqueName('初始化建设单位'))
    unitName = uniqueName('初始化施工单位')
    unitId = await addUnit(unitName)
  }, 60_000)

  it('gives the template workbook: one sheet per entry and the instructions', async () => {
    const got = await download(admin, `${W}/template`)
    expect(got.type).toContain('spreadsheetml')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(got.bytes as unknown as ArrayBuffer)
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      '参建单位',
      '线路',
      '项目容器',
      '设计单元',
      '工点',
      '项目组织',
      '项目部门',
      '填写说明',
    ])
  })

  it('copies a template project: units, lines, containers, design units, organisations and departments — not its people', async () => {
    // the template project, built through the ordinary calls
    const tplCode = code('TPL')
    const tpl = ok(
      await post<{ projectId: string }>(admin, `${A}/project/add`, { ...basic(tplCode), projectName: `模板${tplCode}` }),
    ).projectId
    ok(
      await post(admin, `${A}/projectUnit/add`, {
        projectId: tpl,
        unitType: 'construction',
        organizationId: unitId,
        contactPerson: '王五',
        contactPhone: '13800000000',
      }),
    )
    const zx = ok(
      await post<{ lineId: string }>(admin, `${A}/line/add`, { projectId: tpl, lineCode: 'ZX', lineName: '正线', lineType: 'main' }),
    ).lineId
    const root = ok(
      await post<Node>(admin, `${A}/container/add`, {
        projectId: tpl,
        containerCode: 'T1',
        containerName: '标段',
        containerType: 'section',
      }),
    )
    const br = ok(
      await post<Node>(admin, `${A}/container/add`, {
        projectId: tpl,
        parentId: root.containerId,
        containerCode: 'T1-B',
        containerName: '桥',
        containerType: 'bridge',
      }),
    )
    ok(
      await post(admin, `${A}/container/add`, {
        projectId: tpl,
        parentId: root.containerId,
        containerCode: 'T1-A',
        containerName: '隧道',
        containerType: 'tunnel',
      }),
    )
    ok(
      await post(admin, `${A}/designUnit/add`, {
        projectId: tpl,
        lineId: zx,
        designUnitCode: 'D1',
        designUnitName: '桥设计单元',
        startMileage: 'DK1+000',
        endMileage: 'DK2+000',
        containerId: br.containerId,
      }),
    )
    ok(
      await post(admin, `${A}/workSite/add`, {
        projectId: tpl,
        workSiteCode: 'S1',
        workSiteName: '桥工点',
        siteType: 'bridge',
        status: 'building',
        lineId: zx,
        containerId: br.containerId,
        startMileage: 'DK1+100',
        endMileage: 'DK1+300',
        contactPhone: '13800000001',
      }),
    )
    const org = ok(
      await post<{ projectOrganizationId: string }>(admin, `${A}/projectOrg/add`, {
        projectId: tpl,
        projectOrganizationName: '指挥部',
        projectOrgTypeId: 'command',
      }),
    )
    const dept = ok(
      await post<{ projectDepartmentId: string }>(admin, `${A}/projectDepartment/add`, {
        projectOrganizationId: org.projectOrganizationId,
        departmentName: '工程部',
      }),
    )
    ok(
      await post(admin, `${A}/projectDepartment/add`, {
        projectOrganizationId: org.projectOrganizationId,
        parentId: dept.projectDepartmentId,
        departmentName: '测量组',
      }),
    )

    const run = await start()
    expect(run).toMatchObject({ status: 'draft', step: 1, source: null })
    ok(await post(admin, `${W}/save`, { runId: run.runId, step: 2, source: 'template', templateProjectId: tpl }))
    const newCode = code('NEW')
    ok(await post(admin, `${W}/save`, { runId: run.runId, step: 2, basic: basic(newCode) }))
    const validated = ok(await post<Run>(admin, `${W}/validate`, { runId: run.runId }))
    expect(validated.report!.flatMap((s) => s.errors)).toEqual([])
    expect(validated).toMatchObject({
      status: 'validated',
      step: 3,
      counts: { unit: 2, line: 1, container: 3, designUnit: 1, workSite: 1, projectOrg: 1, projectDepartment: 2 },
    })

    const done = await finished(ok(await post<Run>(admin, `${W}/create`, { runId: run.runId })).runId)
    expect(done).toMatchObject({ status: 'done', step: 5, processed: done.total })
    const pid = done.createdProjectId!
    expect((await projectByCode(newCode)).map((p) => p.projectId)).toEqual([pid])

    const tree = ok(await admin.call<Node[]>('GET', `${A}/container/listTree`, { query: { projectId: pid } }))
    expect(tree.map((n) => n.containerCode)).toEqual(['T1', 'T1-B', 'T1-A'])
    expect(tree.find((n) => n.containerCode === 'T1-B')!.parentId).toBe(tree[0]!.containerId)
    const units = ok(
      await admin.call<{ organizationId: string; unitType: string; contactPerson: string | null }[]>('GET', `${A}/projectUnit/list`, {
        query: { projectId: pid },
      }),
    )
    const construction = units.find((u) => u.unitType === 'construction')!
    expect(construction.organizationId).toBe(unitId)
    expect(construction.contactPerson).toBeNull() // no people
    const dus = ok(
      await admin.call<{ designUnitCode: string; lineName: string; containerName: string }[]>('GET', `${A}/designUnit/list`, {
        query: { projectId: pid },
      }),
    )
    expect(dus).toMatchObject([{ designUnitCode: 'D1', lineName: '正线', containerName: '桥' }])
    // the site is placed again in the new project's structure; it starts over (preparing), without its contact
    const sites = ok(
      await admin.call<{ records: Record<string, unknown>[] }>('GET', `${A}/workSite/listPage`, {
        query: { projectId: pid, pageSize: 20 },
      }),
    ).records
    expect(sites).toMatchObject([{ workSiteCode: 'S1', status: 'preparing', startMileage: 'DK1+100.000', contactPhone: null }])
    expect(sites[0]!.lineId).toBe(
      ok(await admin.call<{ lineId: string }[]>('GET', `${A}/line/list`, { query: { projectId: pid } }))[0]!.lineId,
    )
    const orgs = ok(
      await admin.call<
        {
          projectOrganizationName: string
          projectDepartmentNodeVOS: {
            departmentName: string
            accountCount: number
            projectDepartmentNodeVOS?: { departmentName: string }[]
          }[]
        }[]
      >('GET', `${A}/projectOrg/list`, { query: { projectId: pid } }),
    )
    expect(orgs).toHaveLength(1)
    expect(orgs[0]!.projectDepartmentNodeVOS).toMatchObject([
      { departmentName: '工程部', accountCount: 0, projectDepartmentNodeVOS: [{ departmentName: '测量组' }] },
    ])

    // a finished run is no longer offered to resume, and cannot be created twice
    expect(ok(await admin.call<Run[]>('GET', `${W}/runs`)).some((r) => r.runId === run.runId)).toBe(false)
    expect((await post(admin, `${W}/create`, { runId: run.runId })).body.code).toBe(20021)
  })

  it('reports a workbook with errors per sheet and row, creates nothing; the corrected workbook creates everything; the run resumes elsewhere', async () => {
    const projectCode = code('WB')
    const run = await start()
    ok(await post(admin, `${W}/save`, { runId: run.runId, step: 2, source: 'workbook', basic: basic(projectCode) }))

    const bad = goodSheets()
    bad['参建单位']![1]![0] = '没有这个单位'
    bad['线路']!.push(['ZX', '正线二', 'main'])
    bad['项目容器']!.push(['S3-X', '孤儿', 'NOPE', 'bridge'])
    bad['项目容器']!.push(['S4', '', '', '城 堡'])
    bad['项目容器']!.push(['S5', '城堡', '', 'castle'])
    bad['设计单元']!.push(['DU3', '重叠', 'ZX', 'DK12+500', 'DK12+900'])
    bad['设计单元']!.push(['DU4', '无线路', 'QQ', 'DK19+000', 'DK20+000'])
    bad['设计单元']!.push(['DU5', '倒置', 'ZX', 'DK30+000', 'DK29+000'])
    const reported = ok(await upload(run.runId, await initBook(bad)))
    expect(reported.status).toBe('draft')
    const errors = reported.report!.flatMap((s) => s.errors)
    const at = (sheet: string, row: number) =>
      errors
        .filter((e) => e.sheet === sheet && e.row === row)
        .map((e) => e.field)
        .sort()
    expect(at('unit', 2)).toEqual(['organizationName'])
    expect(at('line', 4)).toEqual(['lineCode'])
    expect(at('container', 6)).toEqual(['parentCode'])
    expect(at('container', 7)).toEqual(['containerName'])
    // a type that is not an enabled item of the data dictionary's container_type
    expect(at('container', 8)).toEqual(['containerType'])
    expect(at('designUnit', 4)).toEqual(['startMileage'])
    expect(at('designUnit', 5)).toEqual(['lineCode'])
    expect(at('designUnit', 6)).toEqual(['endMileage'])
    expect(errors).toHaveLength(8)
    expect(errors.find((e) => e.sheet === 'line')).toMatchObject({
      column: { zh: '线路编码', en: 'Line code' },
      message: { zh: '存在重复项：ZX' },
    })
    const overlap = errors.find((e) => e.sheet === 'designUnit' && e.row === 4)!
    expect(overlap.message.zh).toContain('汉江特大桥设计单元')
    expect(overlap.message.en).toContain('overlaps')
    expect(reported.report!.find((s) => s.sheet === 'container')!.rows).toBe(7)

    // nothing created, and creating is refused
    expect((await post(admin, `${W}/create`, { runId: run.runId })).body.code).toBe(20021)
    expect(await projectByCode(projectCode)).toEqual([])

    // another session of the same account finds the run where it was left
    const again = await signedIn(t)
    const listed = ok(await again.call<Run[]>('GET', `${W}/runs`)).find((r) => r.runId === run.runId)!
    expect(listed).toMatchObject({ status: 'draft', step: 3, source: 'workbook', basic: { projectCode } })
    expect(listed.report!.flatMap((s) => s.errors)).toHaveLength(8)

    // the corrected workbook, uploaded again on the same run
    const fixed = ok(await upload(run.runId, await initBook(goodSheets())))
    expect(fixed.report!.flatMap((s) => s.errors)).toEqual([])
    expect(fixed.status).toBe('validated')
    const done = await finished(ok(await post<Run>(again, `${W}/create`, { runId: run.runId })).runId)
    expect(done.status, JSON.stringify(done.error)).toBe('done')
    const pid = done.createdProjectId!
    const tree = ok(await admin.call<Node[]>('GET', `${A}/container/listTree`, { query: { projectId: pid } }))
    expect(tree.map((n) => n.containerCode)).toEqual(['S1', 'S1-BR', 'S1-BR-P1', 'S2'])
    const lines = ok(await admin.call<{ lineCode: string; lineType: string }[]>('GET', `${A}/line/list`, { query: { projectId: pid } }))
    expect(lines.map((l) => `${l.lineCode}:${l.lineType}`).sort()).toEqual(['LLX:connecting', 'ZX:main'])
    const dus = ok(
      await admin.call<{ designUnitCode: string; containerName: string | null }[]>('GET', `${A}/designUnit/list`, {
        query: { projectId: pid },
      }),
    )
    expect(dus.map((d) => `${d.designUnitCode}:${d.containerName}`).sort()).toEqual(['DU1:汉江特大桥', 'DU2:第一标段'])
    const units = ok(
      await admin.call<{ unitType: string; contactPerson: string | null }[]>('GET', `${A}/projectUnit/list`, { query: { projectId: pid } }),
    )
    expect(units.map((u) => u.unitType).sort()).toEqual(['build', 'construction'])
  })

  it('answers bad input with 20001 on the field', async () => {
    const run = await start()
    const step = await post(admin, `${W}/save`, { runId: run.runId, step: 9 })
    expect(step.body.code).toBe(20001)
    expect((step.body.data as { field: string }[]).map((e) => e.field)).toEqual(['step'])
    const tpl = await post(admin, `${W}/save`, { runId: run.runId, step: 2, source: 'template', templateProjectId: 'not-an-id' })
    expect((tpl.body.data as { field: string }[]).map((e) => e.field)).toEqual(['templateProjectId'])
    const notExcel = await admin.call('POST', `${W}/upload`, {
      query: { runId: run.runId },
      raw: multipart({ name: 'init.xlsx', type: XLSX, bytes: Buffer.from('not a workbook') }),
      unsignedPayload: true,
      idempotencyKey: newKey(),
    })
    expect(notExcel.body.code).toBe(20001)
    expect((notExcel.body.data as { field: string }[]).map((e) => e.field)).toEqual(['file'])
    const bogus = await admin.call('GET', `${W}/run`, { query: { runId: 'nope' } })
    expect(bogus.body.code).toBe(20001)
    // the basic data are validated with the project form's schema, reported on their fields
    ok(
      await post(admin, `${W}/save`, {
        runId: run.runId,
        step: 2,
        source: 'workbook',
        basic: { projectName: '', projectCode: '坏 码', projectType: 'railway', organizationId: owner },
      }),
    )
    const reported = ok(await upload(run.runId, await initBook(goodSheets())))
    const basicFields = reported.report!.find((s) => s.sheet === 'basic')!.errors.map((e) => e.field)
    expect([...new Set(basicFields)].sort()).toEqual(['projectCode', 'projectName'])
    ok(await post(admin, `${W}/discard`, { runId: run.runId }))
    expect((await admin.call('GET', `${W}/run`, { query: { runId: run.runId } })).body.code).toBe(20002)
  })

  it('leaves nothing when the creation fails half way (a unit removed after validation)', async () => {
    const gone = uniqueName('将被删除的单位')
    const goneId = await addUnit(gone)
    const sheets = goodSheets()
    sheets['项目组织']!.push(['监理站', 'supervision', gone])
    const projectCode = code('HALF')
    const run = await start()
    ok(await post(admin, `${W}/save`, { runId: run.runId, step: 2, source: 'workbook', basic: basic(projectCode) }))
    expect(ok(await upload(run.runId, await initBook(sheets))).status).toBe('validated')
    // the unit goes away between validation and creation: the organisations come after the
    // project, its units, lines, containers and design units have been written
    ok(await admin.call('POST', `${ORG}/delete`, { form: { ids: goneId }, idempotencyKey: newKey() }))
    const failed = await finished(ok(await post<Run>(admin, `${W}/create`, { runId: run.runId })).runId)
    expect(failed.status).toBe('failed')
    expect(failed.error!.zh).toContain('未创建任何数据')
    expect(failed.error!.en).toContain('row 3')
    expect(await projectByCode(projectCode)).toEqual([])
    // the run stays to fix: validating again reports the missing unit
    const again = ok(await post<Run>(admin, `${W}/validate`, { runId: run.runId }))
    expect(again.report!.flatMap((s) => s.errors).map((e) => `${e.sheet}:${e.row}:${e.field}`)).toEqual(['projectOrg:3:organizationName'])
  })

  it('creates a large run (more than SYNC_INIT_ROWS rows) in a job: the create call answers it running, then every row is there once', async () => {
    const { runId, projectCode, lineCodes, containerCodes } = await validatedInitRun(admin, owner, 160, SYNC_INIT_ROWS - 150)
    const started = ok(await post<Run>(admin, `${W}/create`, { runId }))
    expect(started).toMatchObject({ status: 'running', step: 4, total: SYNC_INIT_ROWS + 10 })
    // one creation per run: a second call is refused while it runs and after
    expect((await post(admin, `${W}/create`, { runId })).body.code).toBe(20021)
    const done = await finished(runId)
    expect(done, JSON.stringify(done.error)).toMatchObject({ status: 'done', step: 5, processed: SYNC_INIT_ROWS + 10 })
    expect(await createdByInit(admin, projectCode)).toEqual({ projects: 1, lines: lineCodes, containers: containerCodes })
  })

  it('adds structure to an existing project (work-site initialisation): codes checked against what it has, new nodes under existing ones', async () => {
    const WS = `${A}/projectInit/workSiteInitialization`
    const pid = ok(await post<{ projectId: string }>(admin, `${A}/project/add`, basic(code('EX')))).projectId
    ok(await post(admin, `${A}/line/add`, { projectId: pid, lineCode: 'ZX', lineName: '正线', lineType: 'main' }))
    const root = ok(
      await post<Node>(admin, `${A}/container/add`, {
        projectId: pid,
        containerCode: 'OLD',
        containerName: '已有标段',
        containerType: 'section',
      }),
    )
    ok(
      await post(admin, `${A}/container/add`, {
        projectId: pid,
        parentId: root.containerId,
        containerCode: 'OLD-1',
        containerName: '已有桥',
        containerType: 'bridge',
      }),
    )
    const run = ok(await post<Run>(admin, `${WS}/start`, {}))
    expect(run.source).toBe('workbook') // the only source of this preset
    ok(await post(admin, `${WS}/save`, { runId: run.runId, step: 1, projectId: pid }))
    const upload = (bytes: Buffer) => uploadInit<Run>(admin, run.runId, bytes, WS)
    const sheets = (lineCode: string) => ({
      线路: [
        ['线路编码', '线路名称', '线路类型'],
        [lineCode, '联络线', 'connecting'],
      ],
      项目容器: [
        ['节点编码', '节点名称', '上级编码', '节点类型'],
        ['OLD-2', '新桥', 'OLD', 'bridge'],
        ['OLD-2-P', '新墩', 'OLD-2', 'pier'],
      ],
      设计单元: [
        ['设计单元编码', '设计单元名称', '线路编码', '起点里程', '终点里程', '所属容器编码'],
        ['DU-A', '新桥设计单元', 'ZX', 'DK5+000', 'DK6+000', 'OLD-2'],
      ],
      工点: [
        ['工点编码', '工点名称', '工点类型', '线路编码', '设计单元编码', '起点里程', '终点里程'],
        ['GD-1', '新桥工点', '桥梁', 'ZX', 'DU-A', 'DK5+100', 'DK5+300'],
      ],
    })
    // a line code the project has already
    const clash = ok(await upload(await initBook(sheets('zx'))))
    expect(clash.report!.flatMap((x) => x.errors).map((e) => `${e.sheet}:${e.row}:${e.field}`)).toEqual(['line:2:lineCode'])
    const fixed = ok(await upload(await initBook(sheets('LLX'))))
    expect(fixed.status).toBe('validated')
    const done = await (async () => {
      const started = ok(await post<Run>(admin, `${WS}/create`, { runId: run.runId }))
      for (let i = 0; i < 100; i++) {
        const r = ok(await admin.call<Run>('GET', `${WS}/run`, { query: { runId: started.runId } }))
        if (r.status !== 'running') return r
        await new Promise((res) => setTimeout(res, 100))
      }
      throw new Error('not done')
    })()
    expect(done.status, JSON.stringify(done.error)).toBe('done')
    expect(done.createdProjectId).toBe(pid) // the project the run wrote to
    const tree = ok(await admin.call<Node[]>('GET', `${A}/container/listTree`, { query: { projectId: pid } }))
    expect(tree.map((n) => n.containerCode)).toEqual(['OLD', 'OLD-1', 'OLD-2', 'OLD-2-P'])
    expect(tree.find((n) => n.containerCode === 'OLD-2')!.parentId).toBe(root.containerId)
    const sites = ok(
      await admin.call<{ records: { workSiteCode: string; siteType: string; designUnitId: string | null }[] }>(
        'GET',
        `${A}/workSite/listPage`,
        {
          query: { projectId: pid },
        },
      ),
    ).records
    expect(sites).toMatchObject([{ workSiteCode: 'GD-1', siteType: 'bridge' }])
    expect(sites[0]!.designUnitId).toBeTruthy()
    // the runs of one menu are not another's
    expect((await admin.call('GET', `${W}/run`, { query: { runId: run.runId } })).body.code).toBe(20002)
  })
})
