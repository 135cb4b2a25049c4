/**
 * Installer packages (issue 33): purpose `package` — APK / IPA / ZIP / EXE / MSI… decided by the bytes
 * (and the name's extension among the ZIP-based kinds), up to TRESTLE_PACKAGE_MAX_MB (3 MB on the test
 * gateways), streamed into the store with its SHA-256 and streamed back with Content-Length and the
 * checksum; an application version's attachment is its package — on both databases, and through the
 * second gateway of the PostgreSQL pair.
 */
import { createHash } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { Client, newKey, type Answer } from './client'
import { JPG, LIST_BY_IDS, PACKAGE_MAX_MB, packageBytes, PDF, upload, type FileInfo } from './files-fixtures'
import { signedIn, uniqueName } from './helpers'

const MB = 1024 * 1024
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex')

async function download(base: string, url: string) {
  const res = await fetch(base + url)
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) }
}

const uploadPackage = (c: Client, name: string, bytes: Buffer): Promise<Answer<FileInfo>> =>
  upload(c, 'package', name, 'application/octet-stream', bytes)

describe.each(provided('targets'))('installer packages on $name', (t) => {
  let admin: Client
  beforeAll(async () => {
    admin = await signedIn(t)
  })

  it('stores a package of several pieces with its SHA-256 and serves the same bytes with length and checksum', async () => {
    // 2.5 MB: more than one statement of 256 KiB pieces in the database store
    const bytes = packageBytes(Math.round(2.5 * MB))
    const r = await uploadPackage(admin, '巡检App-1.2.0.apk', bytes)
    expect(r.body.code, r.text).toBe(10000)
    expect(r.body.data).toMatchObject({
      purpose: 'package',
      originalName: '巡检App-1.2.0.apk',
      mime: 'application/vnd.android.package-archive',
      size: bytes.length,
      sha256: sha256(bytes),
    })
    const got = await download(t.url, r.body.data.url)
    expect(got.status).toBe(200)
    expect(got.headers.get('content-length')).toBe(String(bytes.length))
    expect(got.headers.get('x-checksum-sha256')).toBe(sha256(bytes))
    expect(got.headers.get('repr-digest')).toBe(`sha-256=:${createHash('sha256').update(bytes).digest('base64')}:`)
    expect(got.headers.get('content-disposition')).toContain('attachment')
    expect(sha256(got.bytes)).toBe(sha256(bytes))

    // listByIds tells the checksum too
    const list = await admin.call<FileInfo[]>('GET', LIST_BY_IDS, { query: { fileIds: r.body.data.fileId } })
    expect(list.body.data[0]).toMatchObject({ fileId: r.body.data.fileId, sha256: sha256(bytes), size: bytes.length })
  })

  it('tells the kinds apart: the ZIP-based by the extension, EXE by MZ, MSI by the OLE signature', async () => {
    const cases: [string, Buffer, string][] = [
      ['client.ipa', packageBytes(2048), 'application/x-ios-app'],
      ['bundle.zip', packageBytes(2048), 'application/zip'],
      ['setup.exe', packageBytes(2048, 'exe'), 'application/vnd.microsoft.portable-executable'],
      ['setup.msi', packageBytes(2048, 'msi'), 'application/x-msi'],
      // the name says msi, the bytes say a ZIP of no package extension: a zip, stored under .zip
      ['renamed.msi', packageBytes(2048), 'application/zip'],
    ]
    for (const [name, bytes, mime] of cases) {
      const r = await uploadPackage(admin, name, bytes)
      expect(r.body.code, `${name}: ${r.text}`).toBe(10000)
      expect(r.body.data.mime, name).toBe(mime)
    }
    const renamed = await uploadPackage(admin, 'renamed.msi', packageBytes(100))
    expect(renamed.body.data.originalName).toBe('renamed.zip')
  })

  it("says each purpose's largest file, the package's as configured (userCommonFile/limits)", async () => {
    const r = await admin.call<Record<string, number>>('GET', '/api/portal/v1/userCommonFile/limits')
    expect(r.body.code).toBe(10000)
    expect(r.body.data).toMatchObject({ package: PACKAGE_MAX_MB * MB, avatar: 2 * MB, photo: 10 * MB })
  })

  it('refuses what is not a package, an empty file and one over TRESTLE_PACKAGE_MAX_MB — and keeps nothing', async () => {
    const pdf = await uploadPackage(admin, 'app.apk', PDF)
    expect(pdf.body.code).toBe(20001)
    expect(pdf.body.message).toBe('仅支持 APK / AAB / HAP / IPA / ZIP / EXE / MSI / DEB / RPM 格式的文件')
    expect((await uploadPackage(admin, 'photo.apk', JPG)).body.code).toBe(20001)

    const empty = await uploadPackage(admin, 'app.apk', Buffer.alloc(0))
    expect(empty.body.code).toBe(20001)
    expect(empty.body.message).toBe('文件为空')

    const tooBig = await uploadPackage(admin, 'big.apk', packageBytes(PACKAGE_MAX_MB * MB + 1))
    expect(tooBig.body.code, tooBig.text).toBe(20001)
    expect(tooBig.body.message).toBe(`文件大小不能超过 ${PACKAGE_MAX_MB} MB`)
    expect(tooBig.body.data).toEqual([{ field: 'file', key: 'v.invalid', message: `文件大小不能超过 ${PACKAGE_MAX_MB} MB` }])

    // far over it: cut off at the limit, the client still gets the answer (not a broken connection)
    const wayTooBig = await uploadPackage(admin, 'huge.apk', packageBytes(3 * PACKAGE_MAX_MB * MB))
    expect(wayTooBig.body.code, wayTooBig.text).toBe(20001)

    // exactly the limit is accepted
    const atLimit = packageBytes(PACKAGE_MAX_MB * MB)
    const ok = await uploadPackage(admin, 'edge.apk', atLimit)
    expect(ok.body.code, ok.text).toBe(10000)
    expect(ok.body.data.sha256).toBe(sha256(atLimit))

    // other purposes keep their kinds: a package is no scan
    expect((await upload(admin, 'scan', 'setup.exe', 'application/octet-stream', packageBytes(100, 'exe'))).body.code).toBe(20001)
  })

  it('an application version’s attachment is its package: name, size and checksum in the list, the bytes behind the link', async () => {
    const code = uniqueName('pkg-').replace(/[^A-Za-z0-9_-]/g, '')
    const post = <D>(path: string, json: unknown) => admin.call<D>('POST', path, { json, idempotencyKey: newKey() })
    const app = await post<{ applicationId: string }>('/api/admin/v1/application/add', {
      name: uniqueName('安装包App'),
      shortName: '包',
      code,
      type: 'app',
      url: 'https://pkg.example.cn',
    })
    expect(app.body.code, app.text).toBe(10000)
    const bytes = packageBytes(300 * 1024)
    const pkg = await uploadPackage(admin, 'inspect-2.0.0.apk', bytes)
    const v = await post<{ applicationVersionId: string }>('/api/admin/v1/applicationVersion/add', {
      applicationId: app.body.data.applicationId,
      major: 2,
      minor: 0,
      revision: 0,
      attachmentFileId: pkg.body.data.fileId,
    })
    expect(v.body.code, v.text).toBe(10000)
    const list = await admin.call<Record<string, unknown>[]>('GET', '/api/admin/v1/applicationVersion/list', {
      query: { applicationId: app.body.data.applicationId },
    })
    const row = list.body.data.find((x) => x.applicationVersionId === v.body.data.applicationVersionId)!
    expect(row.attachmentFile).toMatchObject({ originalName: 'inspect-2.0.0.apk', size: bytes.length, sha256: sha256(bytes) })
    const got = await download(t.url, row.attachmentUrl as string)
    expect(sha256(got.bytes)).toBe(sha256(bytes))

    // a PDF is no package: refused as the attachment
    const doc = await upload(admin, 'scan', 'notes.pdf', 'application/pdf', PDF)
    const refused = await post('/api/admin/v1/applicationVersion/add', {
      applicationId: app.body.data.applicationId,
      major: 2,
      minor: 0,
      revision: 1,
      attachmentFileId: doc.body.data.fileId,
    })
    expect(refused.body.code).toBe(20001)
    expect(JSON.stringify(refused.body.data)).toContain('attachmentFileId')
  })
})

const pair = provided('pgPair')

describe.runIf(pair)('installer packages through two gateways on one PostgreSQL', () => {
  it('a package uploaded through A downloads whole through B', async () => {
    const [a, b] = pair!
    const onA = await new Client(a!.url).signIn('admin', a!.adminPassword)
    const bytes = packageBytes(MB + 12345, 'msi')
    const r = await uploadPackage(onA, 'setup.msi', bytes)
    expect(r.body.code, r.text).toBe(10000)
    const got = await download(b!.url, r.body.data.url)
    expect(got.status).toBe(200)
    expect(got.headers.get('x-checksum-sha256')).toBe(sha256(bytes))
    expect(got.bytes.equals(bytes)).toBe(true)
  })
})

const pgUrl = provided('pgUrl')

describe.runIf(pgUrl && pair)('a version attachment of before attachments were packages', () => {
  const db = new pg.Pool({ connectionString: pgUrl ?? undefined, max: 1 })
  afterAll(() => db.end())

  it('is kept when the version is saved again, and only a package replaces it', async () => {
    const onA = await new Client(pair![0]!.url).signIn('admin', pair![0]!.adminPassword)
    const post = <D>(method: 'POST' | 'PUT', path: string, json: unknown) => onA.call<D>(method, path, { json, idempotencyKey: newKey() })
    const app = await post<{ applicationId: string }>('POST', '/api/admin/v1/application/add', {
      name: uniqueName('旧附件App'),
      shortName: '旧',
      code: uniqueName('old-').replace(/[^A-Za-z0-9_-]/g, ''),
      type: 'app',
      url: 'https://old.example.cn',
    })
    expect(app.body.code, app.text).toBe(10000)
    const v = await post<{ applicationVersionId: string; version: number }>('POST', '/api/admin/v1/applicationVersion/add', {
      applicationId: app.body.data.applicationId,
      major: 1,
      minor: 0,
      revision: 0,
    })
    expect(v.body.code, v.text).toBe(10000)
    // a PDF attached when any scan was accepted (written as an older gateway did)
    const doc = await upload(onA, 'scan', 'manual.pdf', 'application/pdf', PDF)
    const written = await db.query<{ version: number }>(
      'update application_version set attachment_file_id = $1 where application_version_id = $2 returning version',
      [doc.body.data.fileId, v.body.data.applicationVersionId],
    )
    const saved = {
      ...v.body.data,
      version: written.rows[0]!.version,
      applicationId: app.body.data.applicationId,
      major: 1,
      minor: 0,
      revision: 0,
    }
    const kept = await post('PUT', '/api/admin/v1/applicationVersion/update', {
      ...saved,
      attachmentFileId: doc.body.data.fileId,
      releaseNote: '再次保存',
    })
    expect(kept.body.code, kept.text).toBe(10000)
    // another non-package is still refused
    const other = await upload(onA, 'scan', 'other.pdf', 'application/pdf', PDF)
    const refused = await post('PUT', '/api/admin/v1/applicationVersion/update', {
      ...saved,
      version: (kept.body.data as { version: number }).version,
      attachmentFileId: other.body.data.fileId,
    })
    expect(refused.body.code, refused.text).toBe(20001)
  })
})
