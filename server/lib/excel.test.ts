/** server/lib/excel on real xlsx buffers (written by exceljs, read back). */
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { name, sortCode } from '../../src/contract/rules'
import { rowsXml, sheetXml, workbook } from '../../tests/api/xlsx-fixtures'
import { buildReport, buildTemplate, buildWorkbook, ExcelError, readSheet, readWorkbook, validateRows, type ExcelColumn } from './excel'

const BOUNDS = { maxRows: 20_000, maxCells: 500_000, maxBytes: 50 * 1024 * 1024 }

const COLUMNS: ExcelColumn[] = [
  { field: 'roleName', title: { zh: '角色名称', en: 'Role name' }, required: true },
  {
    field: 'status',
    title: { zh: '状态', en: 'Status' },
    values: [
      { value: 1, label: { zh: '启用', en: 'Active' } },
      { value: 0, label: { zh: '停用', en: 'Stopped' } },
    ],
  },
  { field: 'sort', title: { zh: '排序', en: 'Sort' } },
  { field: 'memberCount', title: { zh: '成员数', en: 'Members' }, exportOnly: true },
]
const schema = z.object({
  roleName: name(30),
  status: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(1)]))
    .default(1),
  sort: sortCode().default(1),
})

async function sheet(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('S')
  rows.forEach((r) => ws.addRow(r))
  return Buffer.from(await wb.xlsx.writeBuffer())
}

async function cells(bytes: Buffer, sheetIndex = 0) {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(bytes as unknown as ArrayBuffer)
  return wb.worksheets[sheetIndex]!
}

describe('readSheet', () => {
  it('matches the header by zh or en titles (required marks ignored), maps labels to values, skips empty rows', async () => {
    const buf = await sheet([['*Role name', '状态', 'Sort', 'Whatever'], ['质检员', 'Active', 3, 'x'], [], ['  资料员 ', '停用', '', '']])
    const { rows, missing } = await readSheet(buf, COLUMNS, BOUNDS)
    expect(missing).toEqual([])
    expect(rows).toEqual([
      { row: 2, values: { roleName: '质检员', status: 1, sort: 3 }, raw: { roleName: '质检员', status: 'Active', sort: '3' } },
      { row: 4, values: { roleName: '资料员', status: 0 }, raw: { roleName: '资料员', status: '停用' } },
    ])
  })

  it('reports missing required columns and refuses files without a header or not xlsx', async () => {
    const { missing } = await readSheet(
      await sheet([
        ['状态', '排序'],
        ['启用', 1],
      ]),
      COLUMNS,
      BOUNDS,
    )
    expect(missing.map((c) => c.field)).toEqual(['roleName'])
    await expect(readSheet(await sheet([['a', 'b']]), COLUMNS, BOUNDS)).rejects.toBeInstanceOf(ExcelError)
    await expect(readSheet(Buffer.from('%PDF-1.4 not a workbook'), COLUMNS, BOUNDS)).rejects.toMatchObject({
      text: { zh: '无法读取该 Excel 文件，请使用 .xlsx 格式的导入模板' },
    })
  })
})

describe('import bounds', () => {
  const small = { maxRows: 3, maxCells: 8, maxBytes: 64 * 1024 }
  const roles = (n: number) => rowsXml([['角色名称', '排序'], ...Array.from({ length: n }, (_, i) => [`角色${i}`, i + 1])])
  const one = (xml: string, declaredSize?: number) => workbook([{ name: 'S', xml, declaredSize }])
  const refusal = (zh: string) => ({ text: { zh, en: expect.any(String) } })
  const ROWS = refusal('一次最多导入 3 行数据，请拆分后分批导入')
  const CELLS = refusal('一次最多导入 8 个单元格，请删除多余的行列或拆分后分批导入')

  it('reads a workbook at the bounds (the header row not counted)', async () => {
    const { rows } = await readSheet(one(sheetXml(roles(3), 'A1:B4')), COLUMNS, small)
    expect(rows.map((r) => r.values)).toEqual([0, 1, 2].map((i) => ({ roleName: `角色${i}`, sort: i + 1 })))
  })

  it('refuses a row more, counted as the sheet streams by or announced by its <dimension>', async () => {
    await expect(readSheet(one(sheetXml(roles(4))), COLUMNS, small)).rejects.toMatchObject(ROWS)
    await expect(readSheet(one(sheetXml(roles(1), 'A1:A5')), COLUMNS, small)).rejects.toMatchObject(ROWS)
    const two = workbook([
      { name: '甲', xml: sheetXml(roles(2)) },
      { name: '乙', xml: sheetXml(roles(2)) },
    ])
    const sheets = [{ key: 'a', name: { zh: '甲', en: 'A' }, columns: COLUMNS }]
    await expect(readWorkbook(two, sheets, small)).rejects.toMatchObject(ROWS)
    expect((await readWorkbook(two, sheets, { ...small, maxRows: 4, maxCells: 12 })).get('a')!.rows).toHaveLength(2)
  })

  it('refuses too many cells, counted or announced', async () => {
    await expect(
      readSheet(
        one(
          sheetXml(
            rowsXml([
              ['角色名称', 'a', 'b'],
              ['甲', 1, 2],
              ['乙', 1, 2],
            ]),
          ),
        ),
        COLUMNS,
        small,
      ),
    ).rejects.toMatchObject(CELLS)
    await expect(readSheet(one(sheetXml(roles(1), 'A1:C3')), COLUMNS, small)).rejects.toMatchObject(CELLS)
  })

  it('refuses a workbook that expands past the bound, or a part larger than it claims to be', async () => {
    const padded = sheetXml(roles(1) + `<!--${'x'.repeat(70 * 1024)}-->`)
    await expect(readSheet(one(padded), COLUMNS, small)).rejects.toMatchObject(refusal('文件解压后超过 64 KB，请拆分后分批导入'))
    await expect(readSheet(one(padded, 2000), COLUMNS, { ...small, maxBytes: 1 << 20 })).rejects.toMatchObject(
      refusal('无法读取该 Excel 文件，请使用 .xlsx 格式的导入模板'),
    )
  })
})

describe('validateRows', () => {
  it('splits valid rows from errors named by the column title, in the language asked', async () => {
    const { rows } = await readSheet(
      await sheet([
        ['角色名称', '状态', '排序'],
        ['甲', '启用', 2],
        ['', '启用', 1],
        ['#乙', '未知', -3],
      ]),
      COLUMNS,
      BOUNDS,
    )
    const zh = validateRows(rows, schema, 'zh', COLUMNS)
    expect(zh.valid.map((v) => v.data)).toEqual([{ roleName: '甲', status: 1, sort: 2 }])
    expect(zh.errors).toEqual([
      { row: 3, field: 'roleName', message: '请输入角色名称' },
      { row: 4, field: 'roleName', message: '名称内容不能以特殊字符开头' },
      { row: 4, field: 'status', message: '状态格式不正确' },
      { row: 4, field: 'sort', message: '排序码须为正整数' },
    ])
    expect(validateRows(rows, schema, 'en', COLUMNS).errors[0]!.message).toBe('Please enter Role name')
  })
})

describe('writing', () => {
  it('buildWorkbook writes a header and labels for values', async () => {
    const ws = await cells(await buildWorkbook(COLUMNS, [{ roleName: '甲', status: 0, sort: 2, memberCount: 4 }], 'zh'))
    expect(ws.getRow(1).values).toEqual([undefined, '角色名称', '状态', '排序', '成员数'])
    expect(ws.getRow(2).values).toEqual([undefined, '甲', '停用', 2, 4])
  })

  it('buildReport keeps the failed rows as typed, adds 错误原因 and marks the bad cells — and reads back like the template', async () => {
    const { rows } = await readSheet(
      await sheet([
        ['角色名称', '状态', '排序'],
        ['好', '启用', 1],
        ['', '停用', 'x'],
      ]),
      COLUMNS,
      BOUNDS,
    )
    const { errors } = validateRows(rows, schema, 'zh', COLUMNS)
    const bytes = await buildReport(
      COLUMNS,
      rows.filter((r) => r.row === 3),
      errors,
      'zh',
    )
    const ws = await cells(bytes)
    expect(ws.getRow(1).values).toEqual([undefined, '*角色名称', '状态', '排序', '错误原因'])
    expect(ws.getRow(2).getCell(2).value).toBe('停用')
    expect(ws.getRow(2).getCell(4).value).toBe('请输入角色名称；排序格式不正确')
    expect((ws.getRow(2).getCell(1).fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFFFC7CE')
    expect((ws.getRow(2).getCell(3).fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFFFC7CE')
    expect(
      ws.getRow(2).getCell(2).fill?.type === 'pattern' &&
        (ws.getRow(2).getCell(2).fill as ExcelJS.FillPattern).fgColor?.argb === 'FFFFC7CE',
    ).toBe(false)
    expect(ws.rowCount).toBe(2)
    const again = await readSheet(bytes, COLUMNS, BOUNDS)
    expect(again.rows[0]!.values).toEqual({ status: 0, sort: 'x' })
  })

  it('buildTemplate marks required columns, offers the allowed values, and explains the columns with an example', async () => {
    const bytes = await buildTemplate(COLUMNS, { roleName: '安全员', status: 1, sort: 5 }, 'en')
    const ws = await cells(bytes)
    expect(ws.getRow(1).values).toEqual([undefined, '*Role name', 'Status', 'Sort'])
    expect(ws.getCell('B2').dataValidation).toMatchObject({ type: 'list', formulae: ['"Active,Stopped"'] })
    expect((await readSheet(bytes, COLUMNS, BOUNDS)).rows).toEqual([])
    const help = await cells(bytes, 1)
    expect(help.name).toBe('Instructions')
    expect(help.getRow(2).values).toEqual([undefined, '*Role name', 'Yes', '', '', '安全员'])
    expect(help.getRow(3).values).toEqual([undefined, 'Status', 'No', 'Active / Stopped', '', 'Active'])
  })
})
