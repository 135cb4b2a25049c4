/**
 * Imports are bounded and exports validate their query (issue 28, DESIGN §3 "Imports"), on both databases:
 *  - a ~0.1 MB workbook that expands to a million rows is refused (20001 on `file`, zh/en) before it is
 *    parsed, by every import endpoint (the resources', people, dictionaries, containers, the project
 *    initialisation wizard); so are one without `<dimension>` (rows counted as they stream), one too
 *    wide, one that expands past TRESTLE_IMPORT_MAX_BYTES and one whose parts lie about their size;
 *  - every export the gateway registers (server/modules/files/import-export.ts exportRoutes — a new one
 *    without an entry below fails) answers an unknown `sortBy` and a wrong-typed parameter with 20001
 *    on that field, and the file when the query is right.
 */
import path from 'node:path'
import { tmpdir } from 'node:os'
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import type { Db } from '../../server/db/client'
import { exportRoutes } from '../../server/modules/files/import-export'
import { newKey, type Answer, type Client } from './client'
import { newUnit } from './accounts-fixtures'
import { multipart } from './files-fixtures'
import { signedIn, uniqueName } from './helpers'
import { bomb, rowsXml, sheetXml, workbook } from './xlsx-fixtures'

const A = '/api/admin/v1'
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

async function registeredExports(): Promise<string[]> {
  const none = path.join(tmpdir(), 'trestle-imports-bounds-routes')
  const app = await buildApp(loadConfig({ TRESTLE_DATA_DIR: none, TRESTLE_SERVE_DIST: none }), {} as Db, { logger: false })
  await app.ready()
  const found = exportRoutes(app).map((r) => r.path)
  await app.close()
  return found
}
const EXPORTS = await registeredExports()

const MILLION = bomb(1_000_000)
const NO_DIMENSION = bomb(1_000_000, { dimension: false })
const WIDE = workbook([{ name: '导入模板', xml: sheetXml(('<row>' + '<c><v>1</v></c>'.repeat(16_384) + '</row>').repeat(40)) }])
const EXPANDS = workbook(
  [{ name: '导入模板', xml: sheetXml(rowsXml([['角色名称'], ['甲']])) }],
  [{ name: 'xl/sharedStrings.xml', data: '<sst/>', declaredSize: 60 << 20 }],
)
const LIAR = workbook([{ name: '导入模板', xml: sheetXml('<row><c><v>1</v></c></row>'.repeat(1_000_000)), declaredSize: 1000 }])

const ROWS = {
  zh: '一次最多导入 20000 行数据，请拆分后分批导入',
  en: 'At most 20000 rows per import; split the file and import the parts separately',
}

describe.each(provided('targets'))('import bounds and export parameters on $name', (t) => {
  let admin: Client
  let projectId: string

  const ok = <T>(r: Answer<T>): T => {
    expect(r.body.code, r.text).toBe(10000)
    return r.body.data
  }
  const importFile = (p: string, bytes: Buffer, query: Record<string, string> = {}, lang = 'zh') =>
    admin.call('POST', p, {
      query,
      raw: multipart({ name: 'bomb.xlsx', type: XLSX, bytes }),
      unsignedPayload: true,
      headers: { 'accept-language': lang },
      idempotencyKey: newKey(),
    })
  const refusedOnFile = (r: Answer, message: string) =>
    expect(r.body, r.text.slice(0, 300)).toEqual({ code: 20001, message, data: [{ field: 'file', key: 'v.invalid', message }] })

  beforeAll(async () => {
    admin = await signedIn(t)
    const organizationId = await newUnit(admin, '导入边界单位')
    const project = await admin.call<{ projectId: string }>('POST', `${A}/project/add`, {
      json: { projectName: uniqueName('导入边界项目'), projectCode: uniqueName('IMPB-'), projectType: 'railway', organizationId },
      idempotencyKey: newKey(),
    })
    projectId = ok(project).projectId
  })

  it('every import endpoint refuses a small workbook of a million rows before parsing it (20001 on file)', async () => {
    const endpoints: [string, Record<string, string>][] = [
      [`${A}/role/import`, {}],
      [`${A}/resourcePool/import`, {}],
      [`${A}/org/import`, {}],
      [`${A}/user/import`, {}],
      [`${A}/ebs/import`, {}],
      [`${A}/container/import`, { projectId }],
      [`${A}/boqItem/import`, { projectId }],
    ]
    expect(MILLION.length).toBeLessThan(200 * 1024)
    for (const [p, query] of endpoints) refusedOnFile(await importFile(p, MILLION, query), ROWS.zh)
    refusedOnFile(await importFile(`${A}/role/import`, MILLION, {}, 'en'), ROWS.en)

    const W = `${A}/projectInit/projectInitialization`
    const run = ok(await admin.call<{ runId: string }>('POST', `${W}/start`, { json: {}, idempotencyKey: newKey() }))
    refusedOnFile(await importFile(`${W}/upload`, bomb(50_000, { sheet: '容器' }), { runId: run.runId }), ROWS.zh)
  })

  it('counts rows as they stream when the sheet does not say, and bounds cells and the expanded size', async () => {
    refusedOnFile(await importFile(`${A}/role/import`, NO_DIMENSION), ROWS.zh)
    refusedOnFile(await importFile(`${A}/role/import`, WIDE), '一次最多导入 500000 个单元格，请删除多余的行列或拆分后分批导入')
    refusedOnFile(await importFile(`${A}/role/import`, EXPANDS), '文件解压后超过 50 MB，请拆分后分批导入')
    refusedOnFile(await importFile(`${A}/role/import`, LIAR), '无法读取该 Excel 文件，请使用 .xlsx 格式的导入模板')
    // within the bounds, the same kind of workbook imports
    const tag = uniqueName('边界')
    const fine = workbook([
      {
        name: '导入模板',
        xml: sheetXml(
          rowsXml([
            ['角色名称', '排序'],
            [`${tag}甲`, 1],
          ]),
          'A1:B2',
        ),
      },
    ])
    expect(ok(await importFile(`${A}/role/import`, fine))).toMatchObject({ total: 1, succeeded: 1, done: true })
  })

  describe('exports validate their query as their lists do', () => {
    /** Per export: a query it answers, and a parameter of its list given the wrong type. */
    const cases = (): Record<string, { query: Record<string, string>; wrong: string; field: string }> => ({
      [`${A}/role/export`]: { query: {}, wrong: 'status=abc', field: 'status' },
      [`${A}/resourcePool/export`]: { query: {}, wrong: 'pageIndex=abc', field: 'pageIndex' },
      [`${A}/org/export`]: { query: {}, wrong: 'parentId=42', field: 'parentId' },
      [`${A}/user/export`]: { query: {}, wrong: 'organizationId=42', field: 'organizationId' },
      [`${A}/boqItem/export`]: { query: { projectId }, wrong: `projectId=${projectId}&desc=maybe`, field: 'desc' },
      [`${A}/container/export`]: { query: { projectId }, wrong: 'projectId=42', field: 'projectId' },
      [`${A}/ebs/export`]: { query: {}, wrong: 'keyword=a&keyword=b', field: 'keyword' },
      [`${A}/wbs/export`]: { query: {}, wrong: 'keyword=a&keyword=b', field: 'keyword' },
      [`${A}/quantity/export`]: { query: {}, wrong: 'keyword=a&keyword=b', field: 'keyword' },
      [`${A}/loginLog/export`]: { query: {}, wrong: 'from=yesterday', field: 'from' },
      [`${A}/operateLog/export`]: { query: { format: 'xlsx' }, wrong: 'pageSize=-1', field: 'pageSize' },
      [`${A}/systemLog/export`]: { query: {}, wrong: 'to=soon', field: 'to' },
    })

    it('knows every export the gateway registers', () => {
      expect(EXPORTS.length).toBeGreaterThan(0)
      expect(EXPORTS.filter((p) => !(p in cases()))).toEqual([])
    })

    it('20001 on sortBy and on the wrong-typed field, the file when the query is right', async () => {
      const fieldsOf = (r: Answer) => (r.body.data as { field: string }[] | null)?.map((e) => e.field)
      for (const [p, c] of Object.entries(cases())) {
        const good = await admin.call('GET', p, { query: c.query })
        expect(good.status, `${p}: ${good.text.slice(0, 200)}`).toBe(200)
        expect(good.headers.get('content-disposition'), p).toMatch(/^attachment;/)
        const unknownSort = await admin.call('GET', p, { query: { ...c.query, sortBy: 'noSuchColumn' } })
        expect([unknownSort.body.code, fieldsOf(unknownSort)], p).toEqual([20001, ['sortBy']])
        const wrong = await admin.call('GET', p, { query: c.wrong })
        expect([wrong.body.code, fieldsOf(wrong)], p).toEqual([20001, [c.field]])
        expect(wrong.headers.get('content-type'), p).toMatch(/^application\/json/)
      }
    })
  })
})
