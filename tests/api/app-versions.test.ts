/**
 * Applications (issue 14): the full record with an icon; updateKey shows a new key once and the old
 * one is refused at once; versions main.sub.revision with an uploaded attachment and a release
 * note — add, publish (then fixed), enable/disable, and `latest publish` for clients by code and
 * key; per-application authorisation of units and roles — on both databases.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { newKey, type Client } from './client'
import { packageBytes, png, upload } from './files-fixtures'
import { signedIn, uniqueName } from './helpers'

const A = '/api/admin/v1/application'
const V = '/api/admin/v1/applicationVersion'
const LATEST = '/api/auth/v1/application/latestPublish'

interface Version {
  applicationVersionId: string
  major: number
  minor: number
  revision: number
  published: boolean
  isUsed: boolean
  publisher: string | null
  publishTime: string | null
  attachmentFileId: string | null
  attachmentUrl: string | null
  version: number
}

const post = <D = unknown>(c: Client, path: string, json: unknown) => c.call<D>('POST', path, { json, idempotencyKey: newKey() })

describe.each(provided('targets'))('application versions and keys on $name', (t) => {
  let admin: Client
  let appId: string
  let code: string

  const latest = (appKey: string) =>
    fetch(t.url + LATEST, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ appCode: code, appKey }),
    }).then(async (r) => (await r.json()) as { code: number; data: { version: string; releaseNote: string | null } | null })

  beforeAll(async () => {
    admin = await signedIn(t)
    code = uniqueName('app-').replace(/[^A-Za-z0-9_-]/g, '')
    const icon = await upload(admin, 'photo', 'icon.png', 'image/png', png())
    expect(icon.body.code, icon.text).toBe(10000)
    const r = await post<{ applicationId: string; iconFileId: string; iconUrl: string | null; type: string }>(admin, `${A}/add`, {
      name: uniqueName('巡检App'),
      shortName: '巡检',
      code,
      type: 'app',
      url: 'https://inspect.example.cn',
      sort: 3,
      principal: '陈工',
      principalPhone: '13912345678',
      industry: '轨道交通',
      major: '土建',
      iconFileId: icon.body.data.fileId,
    })
    expect(r.body.code, r.text).toBe(10000)
    expect(r.body.data.iconFileId).toBe(icon.body.data.fileId)
    expect(r.body.data.iconUrl).toBeTruthy()
    appId = r.body.data.applicationId
  })

  it('updateKey answers a new key once; the old key is refused at once', async () => {
    // no key yet: clients are refused
    expect((await latest('anything')).code).toBe(20003)
    const first = await post<{ appKey: string; rotatedAt: string }>(admin, `${A}/updateKey`, { applicationId: appId })
    expect(first.body.code, first.text).toBe(10000)
    expect(first.body.data.appKey).toMatch(/^tk_[A-Za-z0-9_-]{40,}$/)
    expect((await latest(first.body.data.appKey)).code).toBe(10000)
    // the key is never shown again: not in the application's record
    const listed = await admin.call('GET', `${A}/listPage`, { query: { name: '巡检App', pageSize: 100 } })
    expect(listed.text).not.toContain(first.body.data.appKey)

    const second = await post<{ appKey: string }>(admin, `${A}/updateKey`, { applicationId: appId })
    expect(second.body.data.appKey).not.toBe(first.body.data.appKey)
    expect((await latest(first.body.data.appKey)).code).toBe(20003)
    expect((await latest(second.body.data.appKey)).code).toBe(10000)
    // the operation log keeps no key
    const ops = await admin.call<{ records: { operateLogId: string }[] }>('GET', '/api/admin/v1/operateLog/listPage', {
      query: { uri: `${A}/updateKey`, pageSize: 1 },
    })
    const detail = await admin.call('GET', '/api/admin/v1/operateLog/detail', { query: { id: ops.body.data.records[0]!.operateLogId } })
    expect(detail.text).not.toContain(second.body.data.appKey)
    expect(detail.text).toContain('\\"appKey\\":\\"***\\"')
  })

  it('version lifecycle: add with attachment and note, publish, enable, latest publish', async () => {
    const key = (await post<{ appKey: string }>(admin, `${A}/updateKey`, { applicationId: appId })).body.data.appKey
    expect((await latest(key)).data).toBeNull()
    const doc = await upload(admin, 'package', 'release.apk', 'application/vnd.android.package-archive', packageBytes(4096))
    expect(doc.body.code, doc.text).toBe(10000)

    const add = (major: number, minor: number, revision: number, extra: Record<string, unknown> = {}) =>
      post<Version>(admin, `${V}/add`, {
        applicationId: appId,
        major,
        minor,
        revision,
        releaseNote: `版本 ${major}.${minor}.${revision}`,
        ...extra,
      })
    const v1 = await add(1, 0, 0, { attachmentFileId: doc.body.data.fileId })
    expect(v1.body.code, v1.text).toBe(10000)
    expect(v1.body.data).toMatchObject({ published: false, isUsed: false, attachmentFileId: doc.body.data.fileId })
    expect(v1.body.data.attachmentUrl).toBeTruthy()
    // the same number again: 20006; a part that is not a number: 20001 on it
    expect((await add(1, 0, 0)).body.code).toBe(20006)
    const bad = await add(1, -1, 0)
    expect(bad.body.code).toBe(20001)
    expect(JSON.stringify(bad.body.data)).toContain('"field":"minor"')
    // an attachment that is not a file of an accepted kind: 20001 on it
    const img = await upload(admin, 'avatar', 'a.jpg', 'image/jpeg', (await import('./files-fixtures')).JPG)
    const wrong = await add(1, 0, 9, { attachmentFileId: img.body.data.fileId })
    expect(wrong.body.code).toBe(20001)
    expect(JSON.stringify(wrong.body.data)).toContain('attachmentFileId')

    const v12 = await add(1, 2, 0)
    const v110 = await add(1, 10, 0)
    expect(v12.body.code).toBe(10000)

    // enabling what is not published: 20021; publishing: published, used, by whom and when
    expect(
      (
        await post(admin, `${V}/enable`, {
          applicationVersionId: v1.body.data.applicationVersionId,
          version: v1.body.data.version,
          isUsed: true,
        })
      ).body.code,
    ).toBe(20021)
    const p1 = await post<Version>(admin, `${V}/publish`, {
      applicationVersionId: v1.body.data.applicationVersionId,
      version: v1.body.data.version,
    })
    expect(p1.body.code, p1.text).toBe(10000)
    expect(p1.body.data).toMatchObject({ published: true, isUsed: true, publisher: 'admin' })
    expect(p1.body.data.publishTime).toBeTruthy()
    expect((await latest(key)).data).toMatchObject({ version: '1.0.0', releaseNote: '版本 1.0.0' })
    // published twice: 20021; a stale version: 20008; a published version cannot be edited or deleted: 20021
    expect(
      (await post(admin, `${V}/publish`, { applicationVersionId: v1.body.data.applicationVersionId, version: p1.body.data.version })).body
        .code,
    ).toBe(20021)
    expect((await post(admin, `${V}/publish`, { applicationVersionId: v12.body.data.applicationVersionId, version: 99 })).body.code).toBe(
      20008,
    )
    const edit = await admin.call('PUT', `${V}/update`, {
      json: {
        applicationVersionId: v1.body.data.applicationVersionId,
        version: p1.body.data.version,
        applicationId: appId,
        major: 1,
        minor: 0,
        revision: 1,
      },
      idempotencyKey: newKey(),
    })
    expect(edit.body.code).toBe(20021)
    expect(
      (await admin.call('POST', `${V}/delete`, { form: { ids: v1.body.data.applicationVersionId }, idempotencyKey: newKey() })).body.code,
    ).toBe(20021)

    // latest is by number, not by publish order: 1.10.0 beats 1.2.0
    const p110 = await post<Version>(admin, `${V}/publish`, {
      applicationVersionId: v110.body.data.applicationVersionId,
      version: v110.body.data.version,
    })
    await post(admin, `${V}/publish`, { applicationVersionId: v12.body.data.applicationVersionId, version: v12.body.data.version })
    expect((await latest(key)).data?.version).toBe('1.10.0')
    // disabled (is-used off): no longer the latest
    const off = await post<Version>(admin, `${V}/enable`, {
      applicationVersionId: v110.body.data.applicationVersionId,
      version: p110.body.data.version,
      isUsed: false,
    })
    expect(off.body.code, off.text).toBe(10000)
    expect(off.body.data.isUsed).toBe(false)
    expect((await latest(key)).data?.version).toBe('1.2.0')

    // the list of versions of the application
    const list = await admin.call<{ records: Version[] }>('GET', `${V}/listPage`, { query: { applicationId: appId, pageSize: 50 } })
    expect(list.body.code, list.text).toBe(10000)
    expect(list.body.data.records.map((v) => `${v.major}.${v.minor}.${v.revision}`).sort()).toEqual(['1.0.0', '1.10.0', '1.2.0'])
  })

  it('per-application authorisation: units and roles saved and read back', async () => {
    const roles = (await admin.call<{ roleId: string }[]>('GET', '/api/admin/v1/role/list')).body.data
    const orgs = (
      await admin.call<{ records: { organizationId: string }[] }>('GET', '/api/admin/v1/org/listPage', { query: { pageSize: 2 } })
    ).body.data.records
    const body = { applicationId: appId, roleIds: [roles[0]!.roleId], orgIds: orgs.map((o) => o.organizationId) }
    const saved = await post(admin, `${A}/saveGrants`, body)
    expect(saved.body.code, saved.text).toBe(10000)
    const read = await admin.call<{ orgIds: string[]; roleIds: string[] }>('GET', `${A}/grants`, { query: { applicationId: appId } })
    expect(read.body.data.roleIds).toEqual(body.roleIds)
    expect([...read.body.data.orgIds].sort()).toEqual([...body.orgIds].sort())
    const bad = await post(admin, `${A}/saveGrants`, { applicationId: appId, roleIds: ['nope'] })
    expect(bad.body.code).toBe(20001)
  })
})
