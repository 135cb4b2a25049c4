/**
 * Tabulation (表格管理, SPEC §7 "Tabulation (v2)"; issue 30) on both databases: groups and templates,
 * publish makes immutable versions and a content stays on the version it was added on; cell permission
 * rules enforced by the gateway (a refused cell is named with 20003, whatever the client sent; a range
 * the caller may not view appears in no answer — open, list, export, a conflict's current state);
 * patches checked cell by cell (a cell that is not a fill-in cell 20001, values by kind), a stale
 * version 20008, an idempotent replay applied once, submit; an acceptance-record workbook (检验批质量
 * 验收记录) built with exceljs imported, exported and imported again unchanged; bad workbooks 20001.
 */
import { randomBytes } from 'node:crypto'
import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { newKey, type Answer, type Client } from './client'
import { signedIn, uniqueName } from './helpers'
import { mustAdd, newUnit, PASSWORD } from './accounts-fixtures'
import { multipart } from './files-fixtures'
import { byAction, saveMenus, tree } from './roles-fixtures'
import { bomb, rowsXml, sheetXml, workbook } from './xlsx-fixtures'

const A = '/api/admin/v1'
const TG = `${A}/tabGroup`
const TPL = `${A}/tabulation`
const CP = `${A}/cellPermission`
const CT = `${A}/tabulationApi`
const MENU = '/admin/table-manage'

interface Template {
  tabTemplateId: string
  code: string
  status: string
  currentVersionId: string | null
  currentVersionNo: number
  version: number
}
interface Sheet {
  rows: number
  cols: number
  cells: Record<string, { v?: unknown; f?: string; s?: Record<string, unknown> }>
  merges: string[]
  colWidths: Record<string, number>
  rowHeights: Record<string, number>
  fillIns: Record<string, { kind: string; label: string; required: boolean }>
}
interface Content {
  tabContentId: string
  tabVersionId: string
  versionNo: number
  status: string
  cells: Record<string, unknown>
  version: number
}
interface Opened {
  content: Content
  sheet: Sheet
  editable: string[]
}
interface Page<T> {
  records: T[]
  total: number
}

const post = <T>(c: Client, path: string, json: unknown, key = newKey(), lang = 'zh'): Promise<Answer<T>> =>
  c.call<T>('POST', path, { json, idempotencyKey: key, headers: { 'accept-language': lang } })
const put = <T>(c: Client, path: string, json: unknown): Promise<Answer<T>> => c.call<T>('PUT', path, { json, idempotencyKey: newKey() })
const ok = <T>(r: Answer<T>): T => {
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}
const fieldsOf = (r: Answer<unknown>) => (r.body.data as { field: string }[]).map((e) => e.field).sort()

/** The acceptance-record layout: merged title, a bordered table, two fill-in cells (B4 number, D4 text) and a choice C6 nobody edits. */
const SHEET = {
  rows: 6,
  cols: 4,
  cells: {
    A1: { v: '检验批质量验收记录', s: { b: true, sz: 16, h: 'center' } },
    A4: { v: '实测值', s: { border: { t: 'thin', r: 'thin', b: 'thin', l: 'thin' } } },
    C4: { v: '监理意见' },
    A6: { v: '结论' },
  },
  merges: ['A1:D1'],
  colWidths: { A: 14, B: 12 },
  rowHeights: { '1': 30 },
  fillIns: {
    B4: { kind: 'number', precision: 1, required: true, label: '实测值' },
    D4: { kind: 'text', max: 100, required: true, label: '监理意见' },
    C6: { kind: 'choice', options: ['合格', '不合格'], label: '结论' },
  },
}

async function readBook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(bytes as unknown as ArrayBuffer)
  return wb
}

async function download(c: Client, path: string, query: Record<string, string>): Promise<{ status: number; type: string; bytes: Buffer }> {
  const signed = await c.signedRequest('GET', path, { query })
  const res = await fetch(signed.url, { headers: signed.headers })
  return { status: res.status, type: res.headers.get('content-type') ?? '', bytes: Buffer.from(await res.arrayBuffer()) }
}

/** 检验批质量验收记录 as a real workbook: merged bordered title, widths, heights, fills, a number format, a formula, two fill-in cells. */
async function acceptanceRecord(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('检验批验收')
  ws.getColumn(1).width = 16
  ws.getColumn(2).width = 12
  ws.getColumn(3).width = 12
  ws.getColumn(4).width = 14
  ws.getCell('A1').value = '检验批质量验收记录'
  ws.getCell('A1').font = { bold: true, size: 16 }
  ws.getCell('A1').alignment = { horizontal: 'center', vertical: 'middle' }
  ws.mergeCells('A1:D1')
  ws.getRow(1).height = 32
  const thin = { style: 'thin' as const }
  const rows = [
    ['项目', '设计值', '实测值', '偏差'],
    ['钢筋间距(mm)', 200, null, null],
    ['保护层厚度(mm)', 35, null, null],
  ]
  rows.forEach((r, i) => {
    const row = ws.getRow(i + 3)
    r.forEach((v, j) => {
      const cell = row.getCell(j + 1)
      if (v !== null) cell.value = v
      cell.border = { top: thin, left: thin, bottom: thin, right: thin }
    })
  })
  ws.getCell('A3').fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDEBF7' } }
  ws.getCell('D4').value = { formula: 'C4-B4' } as ExcelJS.CellFormulaValue
  ws.getCell('D4').numFmt = '0.0'
  ws.getCell('A7').value = '监理工程师签字'
  const defs = wb.addWorksheet('填写单元格', { state: 'hidden' })
  defs.addRow(['单元格', '设置'])
  defs.addRow(['C4', JSON.stringify({ kind: 'number', precision: 1, required: true, label: '钢筋间距实测值' })])
  defs.addRow(['B7', JSON.stringify({ kind: 'signature', required: false, label: '监理签字' })])
  return Buffer.from(await wb.xlsx.writeBuffer())
}

describe.each(provided('targets'))('tabulation on $name', (t) => {
  let admin: Client
  /** 施工员: edits B4. */
  let builder: Client
  /** 监理: edits D4 and views B4. */
  let supervisor: Client
  let builderRole: string
  let builderId: string
  let supervisorId: string
  let applicationId: string
  let unitId: string
  let supervisorRole: string
  let projectId: string
  let groupId: string

  const importFile = (c: Client, bytes: Buffer, query: Record<string, string>) =>
    c.call<Template>('POST', `${TPL}/import`, {
      query,
      raw: multipart({ name: 'record.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes }),
      unsignedPayload: true,
      idempotencyKey: newKey(),
    })
  const addTemplate = async (sheet: unknown = SHEET) =>
    ok(await post<Template>(admin, `${TPL}/add`, { tabGroupId: groupId, name: '检验批质量验收记录', code: uniqueName('JYP'), sheet }))
  const publish = async (tpl: { tabTemplateId: string; version: number }) =>
    ok(await post<{ template: Template; published: { versionNo: number; tabVersionId: string } }>(admin, `${TPL}/publish`, tpl))
  const open = async (c: Client, id: string) => ok(await c.call<Opened>('GET', `${CT}/open`, { query: { tabContentId: id } }))
  const addContent = async (c: Client, tabTemplateId: string) =>
    ok(await post<Opened>(c, `${CT}/add`, { tabTemplateId, projectId, contentDate: '2026-11-20' })).content
  const save = (
    c: Client,
    content: { tabContentId: string; version: number },
    cells: Record<string, unknown>,
    key = newKey(),
    lang = 'zh',
  ) => post<Content>(c, `${CT}/save`, { tabContentId: content.tabContentId, version: content.version, cells }, key, lang)

  beforeAll(async () => {
    admin = await signedIn(t)
    const unit = await newUnit(admin, '表格测试单位')
    unitId = unit
    projectId = ok(
      await post<{ projectId: string }>(admin, `${A}/project/add`, {
        projectName: uniqueName('表格测试项目'),
        projectCode: uniqueName('TB').replace(/[^A-Za-z0-9]/g, ''),
        projectType: 'railway',
        organizationId: unit,
      }),
    ).projectId
    const makeRole = async (name: string) => {
      const role = ok(await post<{ roleId: string }>(admin, `${A}/role/add`, { roleName: uniqueName(name), sort: 1, dataScope: 'own' }))
      const grants = await tree(admin, role.roleId)
      applicationId = grants.applicationId
      // 表格管理 with fill and submit, and 流程查询 (a task of a sheet's workflow is approved there)
      const pages = [byAction(grants, MENU), byAction(grants, '/admin/workflow-query')]
      const menus = pages.flatMap((page) => [
        grants.menus.find((g) => g.children.some((c) => c.applicationMenuId === page.applicationMenuId))!.applicationMenuId,
        page.applicationMenuId,
      ])
      const fns = pages[0]!.functions.filter((f) => ['fill', 'submit'].includes(f.functionAction)).map((f) => f.applicationMenuFunctionId)
      expect((await saveMenus(admin, role.roleId, grants.applicationId, [...new Set(menus)], fns)).body.code).toBe(10000)
      return role.roleId
    }
    builderRole = await makeRole('施工员')
    supervisorRole = await makeRole('监理')
    const a1 = await mustAdd(admin, unit, { roleIds: [builderRole] })
    const a2 = await mustAdd(admin, unit, { roleIds: [supervisorRole] })
    builderId = a1.accountId
    supervisorId = a2.accountId
    builder = await signedIn(t, a1.accountName, PASSWORD)
    supervisor = await signedIn(t, a2.accountName, PASSWORD)
    groupId = ok(await post<{ tabGroupId: string }>(admin, `${TG}/add`, { groupName: uniqueName('质量验收') })).tabGroupId
  }, 120_000)

  it.runIf(t.demo)('seeds a published acceptance record with rules for two roles (demo data)', async () => {
    const found = ok(await admin.call<Page<Template>>('GET', `${TPL}/listPage`, { query: { keyword: 'JYP-001' } }))
    expect(found.records).toHaveLength(1)
    expect(found.records[0]).toMatchObject({ status: 'published', currentVersionNo: 1 })
    const rules = ok(
      await admin.call<{ subjectKind: string; subjectId: string; access: string }[]>('GET', `${CP}/list`, {
        query: { tabTemplateId: found.records[0]!.tabTemplateId },
      }),
    )
    expect(new Set(rules.map((r) => r.subjectId)).size).toBe(2)
    expect(rules.every((r) => r.subjectKind === 'role')).toBe(true)
  })

  it('keeps groups as a tree and refuses to delete one that holds templates', async () => {
    const child = ok(
      await post<{ tabGroupId: string; version: number; parentId: string }>(admin, `${TG}/add`, { groupName: '桥梁', parentId: groupId }),
    )
    expect(child.parentId).toBe(groupId)
    const tree = ok(await admin.call<{ tabGroupId: string; parentId: string | null }[]>('GET', `${TG}/listTree`))
    expect(tree.find((g) => g.tabGroupId === child.tabGroupId)?.parentId).toBe(groupId)
    const cycle = await put(admin, `${TG}/update`, { tabGroupId: groupId, version: 0, groupName: '质量验收', parentId: child.tabGroupId })
    expect(cycle.body.code).toBe(20021)
    const renamed = ok(await put<{ groupName: string; version: number }>(admin, `${TG}/update`, { ...child, groupName: '桥梁工程' }))
    expect(renamed.groupName).toBe('桥梁工程')
    expect((await put(admin, `${TG}/update`, { ...child, groupName: '旧名' })).body.code).toBe(20008)
    await post(admin, `${TPL}/add`, { tabGroupId: child.tabGroupId, name: '桥梁记录', code: uniqueName('QL') })
    expect((await post(admin, `${TG}/delete`, { ids: [groupId] })).body.code).toBe(20021)
    const inGroup = ok(await admin.call<Page<Template>>('GET', `${TPL}/listPage`, { query: { tabGroupId: groupId } }))
    expect(inGroup.total).toBeGreaterThanOrEqual(1)
  })

  it('publishes immutable versions; a content stays on its version; codes are unique; a fill-in cell needs a valid kind', async () => {
    const tpl = await addTemplate()
    expect(tpl).toMatchObject({ status: 'draft', currentVersionNo: 0 })
    expect((await post(admin, `${TPL}/add`, { tabGroupId: groupId, name: '重复', code: tpl.code.toLowerCase() })).body.code).toBe(20006)
    const badKind = await post(admin, `${TPL}/add`, {
      tabGroupId: groupId,
      name: '坏模板',
      code: uniqueName('BAD'),
      sheet: { ...SHEET, fillIns: { B4: { kind: 'number', label: '缺精度' } } },
    })
    expect(badKind.body.code).toBe(20001)
    expect(fieldsOf(badKind)).toEqual(['sheet.fillIns.B4.precision'])
    // cells and merges outside the sheet
    const outside = await post(admin, `${TPL}/add`, {
      tabGroupId: groupId,
      name: '坏模板',
      code: uniqueName('BAD'),
      sheet: { ...SHEET, fillIns: { Z99: { kind: 'text', label: '表外' } }, merges: ['A1:Z1'] },
    })
    expect(outside.body.code).toBe(20001)
    expect(fieldsOf(outside)).toEqual(['sheet.fillIns.Z99', 'sheet.merges.0'])

    // no content before a version exists
    expect((await post(builder, `${CT}/add`, { tabTemplateId: tpl.tabTemplateId, projectId, contentDate: '2026-11-20' })).body.code).toBe(
      20021,
    )
    const v1 = await publish(tpl)
    expect(v1.published.versionNo).toBe(1)
    expect(v1.template).toMatchObject({ status: 'published', currentVersionNo: 1 })
    expect((await post(admin, `${TPL}/publish`, tpl)).body.code).toBe(20008)
    const first = await addContent(builder, tpl.tabTemplateId)
    expect(first.versionNo).toBe(1)

    // a new draft, published as v2: the first content stays on v1, a new one is on v2
    const detail = ok(
      await admin.call<Template & { sheet: Sheet }>('GET', `${TPL}/detail`, { query: { tabTemplateId: tpl.tabTemplateId } }),
    )
    const changed = ok(
      await put<Template>(admin, `${TPL}/update`, {
        ...detail,
        sheet: { ...detail.sheet, rows: 8, fillIns: { ...detail.sheet.fillIns, B8: { kind: 'date', label: '检查日期' } } },
      }),
    )
    expect(changed.status).toBe('draft')
    const v2 = await publish(changed)
    expect(v2.published.versionNo).toBe(2)
    const versions = ok(
      await admin.call<{ versionNo: number; fillInCount: number }[]>('GET', `${TPL}/versionList`, {
        query: { tabTemplateId: tpl.tabTemplateId },
      }),
    )
    expect(versions.map((v) => [v.versionNo, v.fillInCount])).toEqual([
      [2, 4],
      [1, 3],
    ])
    const again = await open(builder, first.tabContentId)
    expect(again.content.versionNo).toBe(1)
    expect(Object.keys(again.sheet.fillIns)).not.toContain('B8')
    const second = await addContent(builder, tpl.tabTemplateId)
    expect(second.versionNo).toBe(2)
    // a cell of v2 only is not a fill-in cell of the v1 content
    const notThere = await save(builder, first, { B8: '2026-11-20' })
    expect(notThere.body.code).toBe(20001)
    expect(fieldsOf(notThere)).toEqual(['cells.B8'])
    // a large draft (above the gateway's usual 1 MiB body) is saved; more fill-in cells than a sheet may hold are refused
    const current = ok(
      await admin.call<Template & { sheet: Sheet }>('GET', `${TPL}/detail`, { query: { tabTemplateId: tpl.tabTemplateId } }),
    )
    const cells: Record<string, { v: string }> = {}
    const fillIns: Record<string, { kind: string; label: string }> = {}
    for (let r = 1; r <= 200; r++)
      for (let c = 0; c < 100; c++) {
        const a = `${String.fromCharCode(65 + Math.floor(c / 26)) + String.fromCharCode(65 + (c % 26))}${r}`
        cells[a] = { v: `检验批第${r}行第${c}列的说明文字，用来把请求体撑到一兆字节以上` }
        if (c % 10 === 0) fillIns[a] = { kind: 'text', label: `填写${r}-${c}` }
      }
    const large = { ...current, sheet: { rows: 200, cols: 200, cells, fillIns, merges: [], colWidths: {}, rowHeights: {} } }
    expect(Buffer.byteLength(JSON.stringify(large))).toBeGreaterThan(1024 * 1024)
    const savedLarge = ok(await put<Template>(admin, `${TPL}/update`, large))
    expect(savedLarge.version).toBeGreaterThan(current.version)
    const tooMany: Record<string, { kind: string; label: string }> = {}
    for (let r = 1; r <= 101; r++)
      for (let c = 1; c <= 200; c++)
        tooMany[
          `${c <= 26 ? String.fromCharCode(64 + c) : String.fromCharCode(64 + Math.floor((c - 1) / 26)) + String.fromCharCode(65 + ((c - 1) % 26))}${r}`
        ] = { kind: 'date', label: '日' }
    const refusedMany = await put(admin, `${TPL}/update`, {
      ...savedLarge,
      ...current,
      version: savedLarge.version,
      sheet: { rows: 101, cols: 200, fillIns: tooMany },
    })
    expect(refusedMany.body.code).toBe(20001)
    expect(fieldsOf(refusedMany)).toEqual(['sheet.fillIns'])
    // a template with contents is not deleted
    expect((await post(admin, `${TPL}/delete`, { ids: [tpl.tabTemplateId] })).body.code).toBe(20021)
  })

  it('enforces the cell rules: refused cells are named, hidden ranges appear in no answer', async () => {
    const tpl = await addTemplate()
    ok(
      await post(admin, `${CP}/save`, {
        tabTemplateId: tpl.tabTemplateId,
        rules: [
          { subjectKind: 'role', subjectId: builderRole, range: 'B4', access: 'edit' },
          { subjectKind: 'role', subjectId: supervisorRole, range: 'B4:B4', access: 'view' },
          { subjectKind: 'role', subjectId: supervisorRole, range: 'D4', access: 'edit' },
        ],
      }),
    )
    const rules = ok(await admin.call<{ range: string }[]>('GET', `${CP}/list`, { query: { tabTemplateId: tpl.tabTemplateId } }))
    expect(rules.map((r) => r.range)).toEqual(['B4', 'B4:B4', 'D4'])
    // a range beyond the template's 6 rows × 4 columns is refused and named; the rules stay as they were
    const beyond = await post(admin, `${CP}/save`, {
      tabTemplateId: tpl.tabTemplateId,
      rules: [
        { subjectKind: 'role', subjectId: builderRole, range: 'B4', access: 'edit' },
        { subjectKind: 'role', subjectId: builderRole, range: 'A1:E7', access: 'view' },
      ],
    })
    expect(beyond.body.code).toBe(20001)
    expect(fieldsOf(beyond)).toEqual(['rules.1.range'])
    expect(beyond.body.message).toContain('A1:E7')
    // a subject that does not exist is refused and named
    const nobody = await post(admin, `${CP}/save`, {
      tabTemplateId: tpl.tabTemplateId,
      rules: [
        { subjectKind: 'role', subjectId: builderRole, range: 'B4', access: 'edit' },
        { subjectKind: 'department', subjectId: '0190b7c4-0000-7000-8000-000000000000', range: 'B4', access: 'view' },
        { subjectKind: 'workflowRole', subjectId: '0190b7c4-0000-7000-8000-000000000001', range: 'B4', access: 'view' },
      ],
    })
    expect(nobody.body.code).toBe(20001)
    expect(fieldsOf(nobody)).toEqual(['rules.1.subjectId', 'rules.2.subjectId'])
    expect(ok(await admin.call<unknown[]>('GET', `${CP}/list`, { query: { tabTemplateId: tpl.tabTemplateId } }))).toHaveLength(3)
    const { template } = await publish(
      (await admin.call<Template>('GET', `${TPL}/detail`, { query: { tabTemplateId: tpl.tabTemplateId } })).body.data,
    )
    expect(template.currentVersionNo).toBe(1)

    let c = await addContent(builder, tpl.tabTemplateId)
    // the builder: B4 only; D4 (the supervisor's) and C6 (nobody's) are refused and named, whatever else the patch holds
    const refused = await save(builder, c, { B4: 200.5, D4: '越权', C6: '合格' })
    expect(refused.body.code).toBe(20003)
    expect(fieldsOf(refused)).toEqual(['cells.C6', 'cells.D4'])
    expect(refused.body.message).toContain('C6')
    expect(refused.body.message).toContain('D4')
    const unknown = await save(builder, c, { Z9: 1 })
    expect(unknown.body.code).toBe(20001)
    expect(fieldsOf(unknown)).toEqual(['cells.Z9'])
    const precision = await save(builder, c, { B4: 200.55 })
    expect(precision.body.code).toBe(20001)
    expect(fieldsOf(precision)).toEqual(['cells.B4'])
    expect((await save(builder, c, { B4: '二百' })).body.code).toBe(20001)
    const answer = await save(builder, c, { B4: 200.5 })
    const saved = ok(answer)
    expect(saved.cells).toEqual({ B4: 200.5 })
    // the content saved, not its layout again
    expect(answer.text).not.toContain('fillIns')
    // its version and times as the database wrote them: what an opening reads back
    expect(saved.version).toBe(c.version + 1)
    const reread = (await open(builder, c.tabContentId)).content
    expect(saved).toEqual(reread)
    c = saved

    // the supervisor writes D4 and sees B4
    const bySupervisor = ok(await save(supervisor, c, { D4: '监理意见：符合设计要求' }))
    expect(bySupervisor.cells).toEqual({ B4: 200.5, D4: '监理意见：符合设计要求' })
    expect((await open(supervisor, c.tabContentId)).editable).toEqual(['D4'])
    c = bySupervisor

    // the builder never sees D4: not in open, the list, the export, nor a conflict's current state
    const seen = await open(builder, c.tabContentId)
    expect(seen.content.cells).toEqual({ B4: 200.5 })
    expect(Object.keys(seen.sheet.fillIns).sort()).toEqual(['B4', 'C6'])
    const list = await builder.call<Page<Content>>('GET', `${CT}/listPage`, { query: { tabTemplateId: tpl.tabTemplateId } })
    expect(ok(list).records.map((r) => r.cells)).toEqual([{ B4: 200.5 }])
    expect(list.text).not.toContain('符合设计要求')
    const stale = await save(builder, { tabContentId: c.tabContentId, version: 0 }, { B4: 201 })
    expect(stale.body.code).toBe(20008)
    expect(stale.text).not.toContain('符合设计要求')
    expect((stale.body.data as unknown as Content).cells).toEqual({ B4: 200.5 })
    const exported = await download(builder, `${CT}/export`, { tabContentId: c.tabContentId })
    expect(exported.status).toBe(200)
    const book = await readBook(exported.bytes)
    expect(book.worksheets[0]!.getCell('B4').value).toBe(200.5)
    expect(book.worksheets[0]!.getCell('D4').value).toBeNull()
    expect(book.worksheets[0]!.getCell('C4').value).toBe('监理意见')
    // the supervisor's export has it
    const theirs = await readBook((await download(supervisor, `${CT}/export`, { tabContentId: c.tabContentId })).bytes)
    expect(theirs.worksheets[0]!.getCell('D4').value).toBe('监理意见：符合设计要求')

    // a replay with the same Idempotency-Key is applied once
    const key = newKey()
    const once = ok(await save(builder, c, { B4: 199.5 }, key))
    const replay = ok(await save(builder, c, { B4: 199.5 }, key))
    expect(replay.version).toBe(once.version)
    expect((await open(builder, c.tabContentId)).content.version).toBe(once.version)
    c = once

    // per-cell merge: a patch on an older version goes through when its cells still hold the values read
    // (base) — someone else saved other cells meanwhile; a cell changed by both sides is a conflict
    const read = c
    c = ok(await save(supervisor, c, { D4: '监理意见：复核合格' }))
    const merged = await post<Content>(builder, `${CT}/save`, {
      tabContentId: read.tabContentId,
      version: read.version,
      cells: { B4: 200 },
      base: { B4: 199.5 },
    })
    expect(ok(merged).cells).toEqual({ B4: 200 })
    expect(merged.body.data.version).toBeGreaterThan(c.version)
    expect((await open(supervisor, c.tabContentId)).content.cells).toEqual({ B4: 200, D4: '监理意见：复核合格' })
    const both = await post(builder, `${CT}/save`, {
      tabContentId: read.tabContentId,
      version: read.version,
      cells: { B4: 201 },
      base: { B4: 199.5 },
    })
    expect(both.body.code).toBe(20008)
    // the conflict's answer carries the cells the caller may view by their addresses too
    expect(both.body.data).toMatchObject({ B4: 200, cells: { B4: 200 } })
    expect(both.text).not.toContain('复核合格')
    const noBase = await post(builder, `${CT}/save`, { tabContentId: read.tabContentId, version: read.version, cells: { B4: 201 } })
    expect(noBase.body.code).toBe(20008)
    c = ok(merged)

    // submit: then no more patches
    const submitted = ok(await post<Opened>(builder, `${CT}/submit`, { tabContentId: c.tabContentId, version: c.version }))
    expect(submitted.content.status).toBe('submitted')
    expect(submitted.editable).toEqual([])
    expect((await save(builder, submitted.content, { B4: 1 })).body.code).toBe(20021)
  })

  it('starts the template’s workflow model on submit; an edit rule at a node writes while the instance waits there', async () => {
    const NS = 'xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"'
    const bpmnXml = `<?xml version="1.0" encoding="UTF-8"?><definitions ${NS} id="d" targetNamespace="http://trestle.test"><process id="p" isExecutable="true">
      <startEvent id="s"/><sequenceFlow id="f1" sourceRef="s" targetRef="check"/><userTask id="check" name="监理复核"/>
      <sequenceFlow id="f2" sourceRef="check" targetRef="e"/><endEvent id="e"/></process></definitions>`
    const modelKey = uniqueName('tabwf_')
    const model = ok(
      await post<{ modelId: string }>(admin, `${A}/actReModel/add`, {
        model: { applicationId, category: '表格', modelKey, name: '检验批复核', bpmnXml },
        executorList: [{ nodeId: 'check', settingMode: 'user', ids: [supervisorId] }],
      }),
    )
    // a model without a published version is not bound
    const unpublished = await post(admin, `${TPL}/add`, {
      tabGroupId: groupId,
      name: '复核记录',
      code: uniqueName('WF'),
      wfModelKey: modelKey,
    })
    expect(unpublished.body.code).toBe(20001)
    expect(fieldsOf(unpublished)).toEqual(['wfModelKey'])
    ok(await post(admin, `${A}/actReModel/deploymentModel`, { modelId: model.modelId }))
    const sheet = { ...SHEET, fillIns: { ...SHEET.fillIns, D4: { ...SHEET.fillIns.D4, required: false } } }
    const tpl = ok(
      await post<Template & { wfModelKey: string | null }>(admin, `${TPL}/add`, {
        tabGroupId: groupId,
        name: '复核记录',
        code: uniqueName('WF'),
        wfModelKey: modelKey,
        sheet,
      }),
    )
    expect(tpl.wfModelKey).toBe(modelKey)
    ok(
      await post(admin, `${CP}/save`, {
        tabTemplateId: tpl.tabTemplateId,
        rules: [
          { subjectKind: 'role', subjectId: builderRole, range: 'B4', access: 'edit' },
          { subjectKind: 'role', subjectId: supervisorRole, range: 'B4', access: 'view' },
          { subjectKind: 'role', subjectId: supervisorRole, range: 'D4', access: 'edit', nodeId: 'check' },
        ],
      }),
    )
    await publish(tpl)
    let c = await addContent(builder, tpl.tabTemplateId)
    c = ok(await save(builder, c, { B4: 200.5 }))
    // before the submit the node's rule does not apply
    expect((await open(supervisor, c.tabContentId)).editable).toEqual([])
    const submitted = ok(await post<Opened>(builder, `${CT}/submit`, { tabContentId: c.tabContentId, version: c.version }))
    const instanceId = (submitted.content as Content & { workflowInstanceId: string | null }).workflowInstanceId
    expect(instanceId).toBeTruthy()
    expect((await save(builder, submitted.content, { B4: 201 })).body.code).toBe(20021)
    // waiting at 监理复核: the supervisor writes D4, and only D4
    const atCheck = await open(supervisor, c.tabContentId)
    expect(atCheck.editable).toEqual(['D4'])
    const reviewed = ok(await save(supervisor, atCheck.content, { D4: '复核合格' }))
    expect(reviewed.cells).toEqual({ B4: 200.5, D4: '复核合格' })
    expect((await save(supervisor, reviewed, { B4: 1 })).body.code).toBe(20003)
    // approved: the instance ends, nothing is written any more
    const todo = ok(
      await supervisor.call<{ records: { taskId: string; instanceId: string }[] }>('GET', `${A}/wfTask/todoPage`, {
        query: { pageSize: 100 },
      }),
    )
    const task = todo.records.find((r) => r.instanceId === instanceId)!
    ok(await post(supervisor, `${A}/wfTask/approve`, { taskId: task.taskId }))
    expect((await open(supervisor, c.tabContentId)).editable).toEqual([])
    expect((await save(supervisor, reviewed, { D4: '改' })).body.code).toBe(20021)
  })

  it('names subjects by account, unit and workflow role too; a choice of work sites takes the project’s sites only', async () => {
    const site = ok(
      await post<{ workSiteId: string }>(admin, `${A}/workSite/add`, {
        projectId,
        workSiteCode: uniqueName('GD'),
        workSiteName: '一号桥工点',
        siteType: 'bridge',
        status: 'building',
      }),
    ).workSiteId
    const wfRole = ok(await post<{ wfRoleId: string }>(admin, `${A}/wfRole/add`, { roleName: uniqueName('质检') })).wfRoleId
    expect((await post(admin, `${A}/wfRoleAccount/add`, { wfRoleId: wfRole, accountIds: [builderId] })).body.code).toBe(10000)
    const tpl = await addTemplate({
      ...SHEET,
      fillIns: { ...SHEET.fillIns, C6: { kind: 'choice', source: 'workSite', label: '工点' }, A5: { kind: 'date', label: '日期' } },
    })
    ok(
      await post(admin, `${CP}/save`, {
        tabTemplateId: tpl.tabTemplateId,
        rules: [
          { subjectKind: 'account', subjectId: builderId, range: 'C6', access: 'edit' },
          { subjectKind: 'workflowRole', subjectId: wfRole, range: 'A5', access: 'edit' },
          { subjectKind: 'organization', subjectId: unitId, range: 'B4', access: 'edit' },
          // only at a workflow node the content is not at: neither seen nor written now
          { subjectKind: 'role', subjectId: builderRole, range: 'D4', access: 'edit', nodeId: 'review' },
        ],
      }),
    )
    await publish((await admin.call<Template>('GET', `${TPL}/detail`, { query: { tabTemplateId: tpl.tabTemplateId } })).body.data)
    const c = await addContent(builder, tpl.tabTemplateId)
    const opened = await open(builder, c.tabContentId)
    expect(opened.editable.sort()).toEqual(['A5', 'B4', 'C6'])
    expect(Object.keys(opened.sheet.fillIns)).not.toContain('D4')
    const elsewhere = await save(builder, c, { C6: '0190b7c4-0000-7000-8000-000000000000' })
    expect(elsewhere.body.code).toBe(20001)
    expect(fieldsOf(elsewhere)).toEqual(['cells.C6'])
    expect((await save(builder, c, { A5: '2026-13-40' })).body.code).toBe(20001)
    const filled = ok(await save(builder, c, { C6: site, A5: '2026-11-20', B4: 3 }))
    expect(filled.cells).toEqual({ C6: site, A5: '2026-11-20', B4: 3 })
    // the supervisor is in the unit too: B4 is theirs to write; C6 and A5 are not theirs to see
    const theirs = await open(supervisor, c.tabContentId)
    expect(theirs.content.cells).toEqual({ B4: 3 })
    expect(theirs.editable).toEqual(['B4'])
  })

  it('refuses to submit with required cells empty, naming them', async () => {
    const tpl = await addTemplate()
    await publish(tpl)
    const c = await addContent(builder, tpl.tabTemplateId)
    const r = await post(builder, `${CT}/submit`, { tabContentId: c.tabContentId, version: c.version })
    expect(r.body.code).toBe(20001)
    expect(fieldsOf(r)).toEqual(['cells.B4', 'cells.D4'])
  })

  it('imports an acceptance-record workbook, exports it and imports the export unchanged', async () => {
    const imported = ok(
      await importFile(admin, await acceptanceRecord(), { tabGroupId: groupId, name: '检验批质量验收记录', code: uniqueName('IMP') }),
    )
    const detail = ok(await admin.call<{ sheet: Sheet }>('GET', `${TPL}/detail`, { query: { tabTemplateId: imported.tabTemplateId } }))
    const s = detail.sheet
    expect(s.merges).toEqual(['A1:D1'])
    expect(s.cols).toBe(4)
    expect(s.rows).toBe(7)
    expect(s.colWidths).toMatchObject({ A: 16, B: 12, D: 14 })
    expect(s.rowHeights).toMatchObject({ '1': 32 })
    expect(s.cells.A1).toMatchObject({ v: '检验批质量验收记录', s: { b: true, sz: 16, h: 'center', v: 'middle' } })
    expect(s.cells.B4).toMatchObject({ v: 200, s: { border: { t: 'thin', r: 'thin', b: 'thin', l: 'thin' } } })
    expect(s.cells.A3?.s).toMatchObject({ fill: '#DDEBF7' })
    expect(s.cells.D4).toMatchObject({ f: 'C4-B4', s: { numFmt: '0.0' } })
    expect(Object.keys(s.fillIns).sort()).toEqual(['B7', 'C4'])
    expect(s.fillIns.C4).toMatchObject({ kind: 'number', precision: 1, required: true })

    const exported = await download(admin, `${TPL}/export`, { tabTemplateId: imported.tabTemplateId })
    expect(exported.status).toBe(200)
    expect(exported.type).toContain('spreadsheetml')
    const book = await readBook(exported.bytes)
    const ws = book.worksheets[0]!
    expect(ws.getCell('A1').value).toBe('检验批质量验收记录')
    expect(ws.getCell('A1').isMerged && ws.getCell('D1').master.address).toBe('A1')
    expect(ws.getCell('B4').border?.top?.style).toBe('thin')
    expect(ws.getCell('D4').formula).toBe('C4-B4')
    expect(ws.getColumn(1).width).toBe(16)

    const again = ok(await importFile(admin, exported.bytes, { tabGroupId: groupId, name: '再导入', code: uniqueName('IMP') }))
    const round = ok(await admin.call<{ sheet: Sheet }>('GET', `${TPL}/detail`, { query: { tabTemplateId: again.tabTemplateId } }))
    expect(round.sheet).toEqual(s)
  })

  it('refuses bad workbooks with 20001, never a fault', async () => {
    const q = () => ({ tabGroupId: groupId, name: '坏文件', code: uniqueName('BAD') })
    const refused = async (bytes: Buffer, words: string) => {
      const r = await importFile(admin, bytes, q())
      expect(r.status).toBeLessThan(500)
      expect(r.body.code, r.text).toBe(20001)
      expect(fieldsOf(r)).toEqual(['file'])
      expect(r.body.message).toContain(words)
    }
    // not a workbook at all (the upload's own check names it)
    const notXlsx = await importFile(admin, Buffer.from('这不是一个工作簿'), q())
    expect(notXlsx.body.code).toBe(20001)
    // a zip bomb: a million rows in ~0.1 MB
    await refused(bomb(1_000_000), '行')
    // formulas to another sheet or workbook
    const other = new ExcelJS.Workbook()
    const ws = other.addWorksheet('记录')
    ws.getCell('A1').value = '引用'
    ws.getCell('B2').value = { formula: "'参数'!A1" } as ExcelJS.CellFormulaValue
    other.addWorksheet('参数').getCell('A1').value = 1
    await refused(Buffer.from(await other.xlsx.writeBuffer()), 'B2')
    const external = new ExcelJS.Workbook()
    external.addWorksheet('记录').getCell('C3').value = { formula: '[1]Sheet1!A1' } as ExcelJS.CellFormulaValue
    await refused(Buffer.from(await external.xlsx.writeBuffer()), 'C3')
    // too many columns
    const wide = new ExcelJS.Workbook()
    wide.addWorksheet('宽').getCell(1, 201).value = 'x'
    await refused(Buffer.from(await wide.xlsx.writeBuffer()), '200')
    // larger than the import takes (a valid workbook carrying 6 MB that does not compress)
    const big = workbook([{ name: '记录', xml: sheetXml(rowsXml([['表']])) }], [{ name: 'xl/media/big.bin', data: randomBytes(6 << 20) }])
    const tooBig = await importFile(admin, big, q())
    expect(tooBig.status).toBeLessThan(500)
    expect(tooBig.body.code, tooBig.text).toBe(20001)
    expect(fieldsOf(tooBig)).toEqual(['file'])
    // a fill-in definition that is not one
    const badDef = new ExcelJS.Workbook()
    badDef.addWorksheet('记录').getCell('A1').value = '表'
    const defs = badDef.addWorksheet('填写单元格')
    defs.addRow(['单元格', '设置'])
    defs.addRow(['A2', '{"kind":"rocket"}'])
    await refused(Buffer.from(await badDef.xlsx.writeBuffer()), '第 2 行')
  })
})
