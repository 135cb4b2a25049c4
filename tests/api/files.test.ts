/**
 * The file service (upload checked by content, listByIds with signed URLs, scope) and Excel
 * import/export on roles (template, import with good and bad rows → report, export of the filtered list).
 */
import { createHmac, randomBytes } from 'node:crypto'
import ExcelJS from 'exceljs'
import type { ImportStatus } from '../../src/contract/schemas/files'
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { Client, newKey, sha256, utcStamp } from './client'
import { EXE, HTML, JPG, LIST_BY_IDS, multipart, PDF, png, upload, UPLOAD, type FileInfo } from './files-fixtures'
import { DEMO_PASSWORD, ROLE, signedIn, sleep, uniqueName } from './helpers'

async function fetchUrl(base: string, url: string) {
  const res = await fetch(base + url)
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) }
}

async function xlsx(rows: unknown[][], sheet = '导入模板'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet(sheet)
  for (const r of rows) ws.addRow(r)
  return Buffer.from(await wb.xlsx.writeBuffer())
}

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(bytes as unknown as ArrayBuffer)
  const ws = wb.worksheets[0]!
  const out: string[][] = []
  ws.eachRow((row) => {
    const vals = (row.values as unknown[])
      .slice(1)
      .map((v) =>
        v === null || v === undefined
          ? ''
          : typeof v === 'object' && v && 'richText' in v
            ? (v as { richText: { text: string }[] }).richText.map((r) => r.text).join('')
            : String(v),
      )
    out.push(vals)
  })
  return out
}

describe.each(provided('targets'))('files on $name', (t) => {
  let admin: Client
  beforeAll(async () => {
    admin = await signedIn(t)
  })

  it('stores a JPG, a PNG and a PDF and serves them through signed URLs', async () => {
    const image = png()
    const uploads = [
      await upload(admin, 'photo', '现场照片.jpg', 'image/jpeg', JPG),
      await upload(admin, 'photo', 'site.png', 'image/png', image),
      await upload(admin, 'scan', '资质证书.pdf', 'application/pdf', PDF),
    ]
    for (const u of uploads) expect(u.body.code, u.text).toBe(10000)
    const [jpg, pngFile, pdf] = uploads.map((u) => u.body.data) as [FileInfo, FileInfo, FileInfo]
    expect(jpg).toMatchObject({ mime: 'image/jpeg', size: JPG.length, originalName: '现场照片.jpg', purpose: 'photo' })
    expect(pngFile.mime).toBe('image/png')
    expect(pdf).toMatchObject({ mime: 'application/pdf', purpose: 'scan' })

    const list = await admin.call<FileInfo[]>('GET', LIST_BY_IDS, {
      query: { fileIds: [pdf.fileId, jpg.fileId, pngFile.fileId].join(',') },
    })
    expect(list.body.code).toBe(10000)
    expect(list.body.data.map((f) => f.fileId)).toEqual([pdf.fileId, jpg.fileId, pngFile.fileId])

    const got = await fetchUrl(t.url, list.body.data[1]!.url)
    expect(got.status).toBe(200)
    expect(got.headers.get('content-type')).toBe('image/jpeg')
    expect(got.headers.get('x-content-type-options')).toBe('nosniff')
    expect(got.headers.get('content-disposition')).toMatch(/^inline;/)
    expect(got.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/)
    expect(got.bytes.equals(JPG)).toBe(true)
    const gotPdf = await fetchUrl(t.url, list.body.data[0]!.url)
    expect(gotPdf.headers.get('content-type')).toBe('application/pdf')
    // only images checked to their end are shown inline; a PDF is downloaded
    expect(gotPdf.headers.get('content-disposition')).toMatch(/^attachment; filename="____\.pdf"/)
    expect(gotPdf.headers.get('content-security-policy')).toMatch(/; sandbox$/)
    expect(gotPdf.bytes.equals(PDF)).toBe(true)
  })

  it('reads an image to its end: a PNG or PDF signature followed by HTML is refused, a real PNG named .html is stored as .png', async () => {
    const refused = [
      await upload(admin, 'photo', 'x.html', 'text/html', Buffer.concat([png().subarray(0, 8), HTML])),
      await upload(admin, 'photo', 'x.html', 'image/png', Buffer.concat([png(), HTML])),
      await upload(admin, 'scan', 'x.html', 'application/pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), HTML])),
    ]
    expect(refused.map((r) => r.body)).toEqual([
      { code: 20001, message: '文件内容不是完整有效的 PNG 图片', data: [expect.objectContaining({ field: 'file' })] },
      { code: 20001, message: '文件内容不是完整有效的 PNG 图片', data: [expect.objectContaining({ field: 'file' })] },
      { code: 20001, message: '文件内容不是完整有效的 PDF', data: [expect.objectContaining({ field: 'file' })] },
    ])
    const renamed = await upload(admin, 'photo', 'x.html', 'text/html', png())
    expect(renamed.body.data).toMatchObject({ originalName: 'x.png', mime: 'image/png' })
    const got = await fetchUrl(t.url, renamed.body.data.url)
    expect(got.headers.get('content-type')).toBe('image/png')
    expect(got.headers.get('content-disposition')).toBe(`inline; filename="x.png"; filename*=UTF-8''x.png`)
    expect(got.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('refuses a PDF with a script action (20001 on file)', async () => {
    const scripted = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R/OpenAction 4 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
        '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/AA<</O 4 0 R>>>>endobj\n4 0 obj<</S/JavaScript/JS(app.alert(1))>>endobj\n' +
        'trailer<</Root 1 0 R>>\n%%EOF\n',
    )
    const r = await admin.call('POST', UPLOAD, {
      query: { purpose: 'scan' },
      raw: multipart({ name: '证书.pdf', type: 'application/pdf', bytes: scripted }),
      unsignedPayload: true,
      headers: { 'accept-language': 'en' },
      idempotencyKey: newKey(),
    })
    expect(r.body).toEqual({
      code: 20001,
      message: 'PDF files with scripts (JavaScript) or launch actions are not accepted',
      data: [{ field: 'file', key: 'v.invalid', message: 'PDF files with scripts (JavaScript) or launch actions are not accepted' }],
    })
  })

  it('refuses by content: an avatar over 2 MB, a PNG named .jpg as avatar, HTML or an executable named .png', async () => {
    const big = Buffer.concat([JPG, Buffer.alloc(2 * 1024 * 1024 + 10)])
    const tooBig = await upload(admin, 'avatar', 'me.jpg', 'image/jpeg', big)
    expect(tooBig.body.code).toBe(20001)
    expect(tooBig.body.message).toBe('文件大小不能超过 2 MB')

    const pngAsJpg = await upload(admin, 'avatar', 'me.jpg', 'image/jpeg', png())
    expect(pngAsJpg.body.code).toBe(20001)
    expect(pngAsJpg.body.message).toBe('仅支持 JPG 格式的文件')

    const en = await admin.call('POST', UPLOAD, {
      query: { purpose: 'avatar' },
      raw: multipart({ name: 'me.jpg', type: 'image/jpeg', bytes: png() }),
      unsignedPayload: true,
      headers: { 'accept-language': 'en' },
      idempotencyKey: newKey(),
    })
    expect(en.body.message).toBe('Only JPG files are accepted')

    for (const bytes of [HTML, EXE]) {
      const r = await upload(admin, 'photo', 'innocent.png', 'image/png', bytes)
      expect(r.body.code).toBe(20001)
      expect(r.body.message).toBe('仅支持 JPG / PNG 格式的文件')
    }
    const noFile = await admin.call('POST', UPLOAD, {
      query: { purpose: 'photo' },
      raw: multipart(null, { note: 'x' }),
      unsignedPayload: true,
      idempotencyKey: newKey(),
    })
    expect(noFile.body.code).toBe(20001)
    expect(noFile.body.message).toBe('请选择要上传的文件')
    const badPurpose = await upload(admin, 'report', 'r.xlsx', 'application/octet-stream', await xlsx([['a']]))
    expect(badPurpose.body.code).toBe(20001)
  })

  it('a multipart upload signed over the body hash instead of UNSIGNED-PAYLOAD is refused (20005)', async () => {
    const r = await admin.call('POST', UPLOAD, {
      query: { purpose: 'photo' },
      raw: multipart({ name: 'a.jpg', type: 'image/jpeg', bytes: JPG }),
      idempotencyKey: newKey(),
    })
    expect(r.body.code).toBe(20005)
  })

  it('a tampered or foreign signature gets 403 with the envelope', async () => {
    const f = (await upload(admin, 'photo', 'a.jpg', 'image/jpeg', JPG)).body.data
    const url = new URL(f.url, t.url)
    const sig = url.searchParams.get('sig')!
    url.searchParams.set('sig', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1))
    const tampered = await fetchUrl(t.url, url.pathname + url.search)
    expect(tampered.status).toBe(403)
    expect(JSON.parse(tampered.bytes.toString())).toMatchObject({ code: 20003, message: '文件链接无效' })
    const longer = new URL(f.url, t.url)
    longer.searchParams.set('exp', String(Number(longer.searchParams.get('exp')) + 3600))
    expect((await fetchUrl(t.url, longer.pathname + longer.search)).status).toBe(403)
    expect((await fetchUrl(t.url, `/files/${f.fileId}`)).status).toBe(403)
  })

  it.runIf(t.demo)("lists only files in the caller's data scope", async () => {
    const orgadmin = await new Client(t.url).signIn('orgadmin', DEMO_PASSWORD)
    const mine = (await upload(orgadmin, 'photo', 'contractor.jpg', 'image/jpeg', JPG)).body.data
    const adminFile = (await upload(admin, 'photo', 'owner.jpg', 'image/jpeg', JPG)).body.data
    // orgadmin (contractor and its subsidiaries) does not see the owner's file; admin (all) sees both.
    const asOrgadmin = await orgadmin.call<FileInfo[]>('GET', LIST_BY_IDS, { query: { fileIds: `${adminFile.fileId},${mine.fileId}` } })
    expect(asOrgadmin.body.data.map((f) => f.fileId)).toEqual([mine.fileId])
    const single = await orgadmin.call<FileInfo[]>('GET', LIST_BY_IDS, { query: { fileIds: adminFile.fileId } })
    expect(single.body).toMatchObject({ code: 10000, data: [] })
    const asAdmin = await admin.call<FileInfo[]>('GET', LIST_BY_IDS, { query: { fileIds: `${adminFile.fileId},${mine.fileId}` } })
    expect(asAdmin.body.data).toHaveLength(2)
  })

  it('rejects malformed listByIds queries (20001)', async () => {
    expect((await admin.call('GET', LIST_BY_IDS, { query: { fileIds: 'not-an-id' } })).body.code).toBe(20001)
    expect((await admin.call('GET', LIST_BY_IDS)).body.code).toBe(20001)
  })

  // ---- Excel import / export on roles ------------------------------------------------

  it('downloads the role import template', async () => {
    const r = await fetchSigned(admin, 'GET', `${ROLE}/importTemplate`)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(r.headers.get('content-disposition')).toContain(encodeURIComponent('角色_导入模板.xlsx'))
    const rows = await readXlsx(r.bytes)
    expect(rows[0]).toEqual(['*角色名称', '数据权限', '状态', '排序', '备注'])
  })

  it('imports good rows, reports exactly the bad ones, and the fixed report imports', async () => {
    const tag = uniqueName('导入')
    const existing = uniqueName('已有角色')
    expect(
      (await admin.call('POST', `${ROLE}/add`, { json: { roleName: existing, sort: 1, dataScope: 'own' }, idempotencyKey: newKey() })).body
        .code,
    ).toBe(10000)
    const file = await xlsx([
      ['*角色名称', '数据权限', '状态', '排序', '备注'],
      [`${tag}甲`, '本单位', '启用', 3, '第一行'],
      ['', '本单位', '启用', 1, '缺名称'],
      [`${tag}乙`, 'Own and subordinate', 'Stopped', 2, ''],
      [`${tag}丙`, '不存在的范围', '启用', -1, '范围与排序错误'],
      [existing, '本单位', '启用', 1, '重名'],
    ])
    const r = await admin.call<ImportStatus>('POST', `${ROLE}/import`, {
      raw: multipart({ name: 'roles.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes: file }),
      unsignedPayload: true,
      idempotencyKey: newKey(),
    })
    expect(r.body.code, r.text).toBe(10000)
    expect(r.body.data).toMatchObject({ total: 5, processed: 5, succeeded: 2, failed: 3, done: true, error: null })
    const status = await admin.call<ImportStatus>('GET', `${ROLE}/importStatus`, { query: { jobId: r.body.data.jobId } })
    expect(status.body.data).toMatchObject({ succeeded: 2, failed: 3, done: true })

    const page = await admin.call<{ records: { roleName: string; status: number; dataScope: string; sort: number }[] }>(
      'GET',
      `${ROLE}/listPage`,
      {
        query: { pageIndex: 1, pageSize: 10, roleName: tag, sortBy: 'roleName' },
      },
    )
    expect(page.body.data.records.map((x) => [x.roleName, x.dataScope, x.status, x.sort])).toEqual([
      [`${tag}乙`, 'children', 0, 2],
      [`${tag}甲`, 'own', 1, 3],
    ])

    const info = await admin.call<FileInfo[]>('GET', LIST_BY_IDS, { query: { fileIds: r.body.data.reportFileId! } })
    const report = await fetchUrl(t.url, info.body.data[0]!.url)
    expect(report.headers.get('content-disposition')).toMatch(/^attachment;/)
    const rows = await readXlsx(report.bytes)
    expect(rows[0]).toEqual(['*角色名称', '数据权限', '状态', '排序', '备注', '错误原因'])
    expect(rows.slice(1).map((x) => x[4])).toEqual(['缺名称', '范围与排序错误', '重名'])
    expect(rows[1]![5]).toBe('请输入角色名称')
    expect(rows[2]![5]).toContain('数据权限格式不正确')
    expect(rows[2]![5]).toContain('排序码须为正整数')
    expect(rows[3]![5]).toBe('角色名称已存在')

    // Fix the report (names, scope, sort) and upload it again: the 错误原因 column is ignored.
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(report.bytes as unknown as ArrayBuffer)
    const ws = wb.worksheets[0]!
    ws.getCell('A2').value = `${tag}丁`
    ws.getCell('B3').value = '全部'
    ws.getCell('D3').value = 5
    ws.getCell('A4').value = `${tag}戊`
    const again = await admin.call<ImportStatus>('POST', `${ROLE}/import`, {
      raw: multipart({ name: 'report.xlsx', type: 'application/octet-stream', bytes: Buffer.from(await wb.xlsx.writeBuffer()) }),
      unsignedPayload: true,
      idempotencyKey: newKey(),
    })
    expect(again.body.data).toMatchObject({ total: 3, succeeded: 3, failed: 0, reportFileId: null })
  })

  it('refuses an import that is not the template or not xlsx', async () => {
    const wrong = await admin.call('POST', `${ROLE}/import`, {
      raw: multipart({
        name: 'x.xlsx',
        type: 'application/octet-stream',
        bytes: await xlsx([
          ['姓名', '电话'],
          ['张三', '1'],
        ]),
      }),
      unsignedPayload: true,
      idempotencyKey: newKey(),
    })
    expect(wrong.body.code).toBe(20001)
    expect(wrong.body.message).toBe('未找到表头，请使用导入模板')
    const pdf = await admin.call('POST', `${ROLE}/import`, {
      raw: multipart({ name: 'x.xlsx', type: 'application/pdf', bytes: PDF }),
      unsignedPayload: true,
      idempotencyKey: newKey(),
    })
    expect(pdf.body.message).toBe('仅支持 XLSX 格式的文件')
  })

  it('exports the filtered list', async () => {
    const tag = uniqueName('导出')
    for (const n of ['一', '二'])
      expect(
        (await admin.call('POST', `${ROLE}/add`, { json: { roleName: `${tag}${n}`, sort: 1, dataScope: 'own' }, idempotencyKey: newKey() }))
          .body.code,
      ).toBe(10000)
    const r = await fetchSigned(admin, 'GET', `${ROLE}/export`, `roleName=${encodeURIComponent(tag)}&sortBy=roleName`)
    expect(r.status).toBe(200)
    const rows = await readXlsx(r.bytes)
    expect(rows[0]).toEqual(['角色名称', '数据权限', '状态', '排序', '备注', '所属单位', '成员数'])
    expect(rows.slice(1).map((x) => x[0])).toEqual([`${tag}一`, `${tag}二`])
    expect(rows[1]![2]).toBe('启用')
  })

  it.runIf(t.demo)('import and export need their functions (tourist: 20003)', async () => {
    const tourist = await new Client(t.url).signIn('tourist', DEMO_PASSWORD)
    expect((await tourist.call('GET', `${ROLE}/importTemplate`)).body.code).toBe(20003)
    expect((await tourist.call('GET', `${ROLE}/export`)).body.code).toBe(20003)
    expect((await upload(tourist, 'photo', 'a.jpg', 'image/jpeg', JPG)).body.code).toBe(20003)
  })
})

describe('signed file URLs expire', () => {
  const short = provided('short')
  it('works, then answers 403 after TRESTLE_FILE_URL_TTL', async () => {
    const c = await new Client(short.url).signIn('admin', DEMO_PASSWORD)
    const f = (await upload(c, 'photo', 'a.jpg', 'image/jpeg', JPG)).body.data
    expect((await fetchUrl(short.url, f.url)).status).toBe(200)
    await sleep(3100)
    const late = await fetchUrl(short.url, f.url)
    expect(late.status).toBe(403)
    expect(JSON.parse(late.bytes.toString()).message).toBe('文件链接已过期，请刷新页面后重试')
  })
})

/** A signed call whose answer may be binary (xlsx). */
async function fetchSigned(c: Client, method: string, path: string, query = '') {
  const timestamp = utcStamp()
  const nonce = randomBytes(12).toString('hex')
  const toSign = [timestamp, nonce, method, path, query, sha256('')].join('\n')
  const signature = createHmac('sha256', c.privateKey ?? '')
    .update(toSign)
    .digest('hex')
  const res = await fetch(c.base + path + (query ? `?${query}` : ''), {
    method,
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
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) }
}
