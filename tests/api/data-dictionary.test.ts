/**
 * The data dictionary (issue 33; SPEC §7 `dictionary`) on both databases: `dictionary/items?key=` for
 * any signed-in caller (the seeded container_type with today's container types), keys and items
 * administered under 数据字典 (codes unique within a key, 上移/下移, a used item or a key the system
 * reads not deleted — with the reason in zh and en), a caller without its functions refused (20003),
 * and containers' types checked against the key's enabled items (an added item is choosable at once,
 * a disabled or unknown one is 20001 on containerType). Posts (SPEC §3 Post: postId, userTypeName) are
 * the key `post`: post/list answers them as records in the caller's language; a staff record's and a
 * project experience's post is checked the same way (an added post is accepted at once, a disabled or
 * unknown one is 20001 on the field, a record keeps one disabled since it was chosen, a used one is not
 * deleted); the staff sheet reads a post by its code or either name and exports its name.
 */
import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { newKey, type Answer, type Client } from './client'
import { signedIn, uniqueName } from './helpers'
import { mustAdd, newUnit, PASSWORD } from './accounts-fixtures'
import { multipart } from './files-fixtures'
import { idCard, personBody, phone } from './people-fixtures'
import { byAction, saveMenus, tree } from './roles-fixtures'

const A = '/api/admin/v1'
const ITEMS = `${A}/dictionary/items`
const KEY = `${A}/dataDictKey`
const ITEM = `${A}/dataDictItem`
const MENU = '/admin/data-dictionary'

interface Item {
  code: string
  label: string
  labelEn: string
  sort: number
  enabled: boolean
}
interface DictKey {
  keyId: string
  keyCode: string
  keyName: string
  itemCount: number
  version: number
}
interface DictItem {
  itemId: string
  keyId: string
  itemCode: string
  label: string
  labelEn: string
  sort: number
  status: number
  version: number
}

const post = <T>(c: Client, path: string, json: unknown, lang?: string): Promise<Answer<T>> =>
  c.call<T>('POST', path, { json, idempotencyKey: newKey(), headers: lang ? { 'accept-language': lang } : undefined })
const put = <T>(c: Client, path: string, json: unknown, lang?: string): Promise<Answer<T>> =>
  c.call<T>('PUT', path, { json, idempotencyKey: newKey(), headers: lang ? { 'accept-language': lang } : undefined })
const del = (c: Client, path: string, ids: string[], lang?: string) =>
  c.call('POST', path, { form: { ids: ids.join(',') }, idempotencyKey: newKey(), headers: lang ? { 'accept-language': lang } : undefined })
const ok = <T>(r: Answer<T>): T => {
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}
const code = (prefix: string) => uniqueName(prefix).replace(/[^A-Za-z0-9]/g, '')

interface Post {
  postId: string
  userTypeName: string
}
interface Person {
  userId: string
  name: string
  post: string | null
  version: number
}
interface Job {
  jobId: string
  post: string | null
}
/** The seeded posts (migration 0042): today's codes, in order, with their zh and en names. */
const SEEDED_POSTS = [
  ['executive', '高管', 'Senior executive'],
  ['engineering', '工程技术', 'Engineering technology'],
  ['quality', '质量', 'Quality'],
  ['safety', '安全', 'Safety'],
  ['costContract', '造价合约', 'Cost / contract'],
  ['accounting', '财务', 'Accounting'],
  ['administration', '综合行政', 'Administration'],
  ['materials', '物资', 'Materials'],
  ['environment', '环水保', 'Environment / water conservation'],
  ['coordination', '协调', 'Coordination'],
  ['design', '设计', 'Design'],
] as const

/** A signed GET whose answer is a workbook (an export), its first sheet's rows as text. */
async function exportRows(c: Client, path: string, query: Record<string, string>, lang: string): Promise<string[][]> {
  const { url, headers } = await c.signedRequest('GET', path, { query })
  const res = await fetch(url, { headers: { ...headers, 'accept-language': lang } })
  expect(res.headers.get('content-type')).toContain('spreadsheetml')
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer)
  const out: string[][] = []
  wb.worksheets[0]!.eachRow((row) =>
    out.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))),
  )
  return out
}

describe.each(provided('targets'))('data dictionary on $name', (t) => {
  let admin: Client
  /** An account whose role holds the 数据字典 menu without its functions. */
  let reader: Client
  let projectId: string
  let unit: string
  let typeKey: DictKey

  const items = async (c: Client, key: string, all = false) =>
    ok(await c.call<Item[]>('GET', ITEMS, { query: all ? { key, all: '1' } : { key } }))
  const itemsOf = async (keyId: string) =>
    ok(await admin.call<{ records: DictItem[] }>('GET', `${ITEM}/listPage`, { query: { keyId, pageSize: 100 } })).records
  const addContainer = (containerType: string, lang?: string) =>
    post<{ containerId: string; containerType: string; version: number }>(
      admin,
      `${A}/container/add`,
      { projectId, containerCode: code('DD'), containerName: uniqueName('字典节点'), containerType },
      lang,
    )

  beforeAll(async () => {
    admin = await signedIn(t)
    unit = await newUnit(admin, '字典测试单位')
    projectId = ok(
      await post<{ projectId: string }>(admin, `${A}/project/add`, {
        projectName: uniqueName('字典测试项目'),
        projectCode: code('P'),
        projectType: 'railway',
        organizationId: unit,
      }),
    ).projectId
    const role = ok(await post<{ roleId: string }>(admin, `${A}/role/add`, { roleName: uniqueName('字典只读'), sort: 1, dataScope: 'own' }))
    const grants = await tree(admin, role.roleId)
    const menu = byAction(grants, MENU)
    const group = grants.menus.find((g) => g.children.some((c) => c.applicationMenuId === menu.applicationMenuId))!
    expect(
      (await saveMenus(admin, role.roleId, grants.applicationId, [group.applicationMenuId, menu.applicationMenuId], [])).body.code,
    ).toBe(10000)
    const account = await mustAdd(admin, unit, { roleIds: [role.roleId] })
    reader = await signedIn(t, account.accountName, PASSWORD)
    typeKey = ok(await admin.call<{ records: DictKey[] }>('GET', `${KEY}/listPage`, { query: { keyword: 'container_type' } })).records.find(
      (k) => k.keyCode === 'container_type',
    )!
    expect(typeKey).toBeDefined()
  }, 120_000)

  it('answers a key’s items in order to any signed-in caller: container_type holds today’s container types', async () => {
    const types = await items(reader, 'container_type')
    expect(types.map((i) => i.code).slice(0, 11)).toEqual([
      'section',
      'station',
      'bridge',
      'tunnel',
      'subgrade',
      'culvert',
      'pier',
      'span',
      'track',
      'building',
      'other',
    ])
    expect(types.find((i) => i.code === 'bridge')).toMatchObject({ label: '桥梁', labelEn: 'Bridge', enabled: true })
    const unknown = await reader.call('GET', ITEMS, { query: { key: 'no_such_key' } })
    expect(unknown.body).toMatchObject({ code: 20002, message: '数据字典中没有该键' })
    expect((await reader.call('GET', ITEMS, { query: { key: '坏 键' } })).body.code).toBe(20001)
  })

  it('administers keys and items: codes unique within a key, move up/down, delete', async () => {
    const keyCode = code('k_')
    const key = ok(await post<DictKey>(admin, `${KEY}/add`, { keyCode, keyName: '测试键', keyNameEn: 'Test key' }))
    const dupKey = await post(admin, `${KEY}/add`, { keyCode: keyCode.toUpperCase(), keyName: '重复', keyNameEn: 'Dup' })
    expect(dupKey.body).toMatchObject({ code: 20006, data: { field: 'keyCode' } })

    const a = ok(await post<DictItem>(admin, `${ITEM}/add`, { keyId: key.keyId, itemCode: 'a', label: '甲', labelEn: 'A', sort: 1 }))
    const b = ok(await post<DictItem>(admin, `${ITEM}/add`, { keyId: key.keyId, itemCode: 'b', label: '乙', labelEn: 'B', sort: 2 }))
    ok(await post<DictItem>(admin, `${ITEM}/add`, { keyId: key.keyId, itemCode: 'c', label: '丙', labelEn: 'C', sort: 3, status: 0 }))
    const dup = await post(admin, `${ITEM}/add`, { keyId: key.keyId, itemCode: 'A', label: '重复', labelEn: 'Dup' }, 'en')
    expect(dup.body).toMatchObject({ code: 20006, data: { field: 'itemCode' }, message: 'The key already has an item with that code' })
    // the same code under another key is fine
    const other = ok(await post<DictKey>(admin, `${KEY}/add`, { keyCode: code('k_'), keyName: '另一个键', keyNameEn: 'Other key' }))
    ok(await post(admin, `${ITEM}/add`, { keyId: other.keyId, itemCode: 'a', label: '别的', labelEn: 'Other one' }))
    ok(await del(admin, `${KEY}/delete`, [other.keyId]))
    const bad = await post(admin, `${ITEM}/add`, { keyId: key.keyId, itemCode: '', label: '', labelEn: 'x' })
    expect(bad.body.code).toBe(20001)
    expect([...new Set((bad.body.data as { field: string }[]).map((e) => e.field))].sort()).toEqual(['itemCode', 'label'])

    // enabled ones only, unless all=1
    expect((await items(reader, keyCode)).map((i) => i.code)).toEqual(['a', 'b'])
    expect((await items(reader, keyCode, true)).map((i) => `${i.code}:${i.enabled}`)).toEqual(['a:true', 'b:true', 'c:false'])

    ok(await post(admin, `${ITEM}/move`, { itemId: b.itemId, direction: 'up' }))
    expect((await items(reader, keyCode, true)).map((i) => i.code)).toEqual(['b', 'a', 'c'])
    ok(await post(admin, `${ITEM}/move`, { itemId: a.itemId, direction: 'down' }))
    expect((await items(reader, keyCode, true)).map((i) => `${i.code}${i.sort}`)).toEqual(['b1', 'c2', 'a3'])
    // the first cannot go further up: nothing changes
    ok(await post(admin, `${ITEM}/move`, { itemId: b.itemId, direction: 'up' }))
    expect((await items(reader, keyCode, true)).map((i) => i.code)).toEqual(['b', 'c', 'a'])
    expect((await post(admin, `${ITEM}/move`, { itemId: b.itemId, direction: 'left' })).body.code).toBe(20001)

    const edited = ok(
      await put<DictItem>(admin, `${ITEM}/update`, { ...(await itemsOf(key.keyId)).find((i) => i.itemCode === 'a')!, label: '甲二' }),
    )
    // two moves renumbered it (versions 1 and 2), the edit is the third
    expect(edited).toMatchObject({ label: '甲二', version: 3 })
    expect(
      ok(await admin.call<{ records: DictKey[] }>('GET', `${KEY}/listPage`, { query: { keyword: keyCode } })).records[0],
    ).toMatchObject({
      itemCount: 3,
    })

    // an unused key goes with its items
    ok(await del(admin, `${KEY}/delete`, [key.keyId]))
    expect((await reader.call('GET', ITEMS, { query: { key: keyCode } })).body.code).toBe(20002)
  })

  it('refuses administration to a caller without the functions (20003); reading the list is the menu’s', async () => {
    expect((await reader.call('GET', `${KEY}/listPage`, {})).body.code).toBe(10000)
    const add = await post(reader, `${KEY}/add`, { keyCode: code('k_'), keyName: '无权', keyNameEn: 'No' })
    expect(add.body.code).toBe(20003)
    expect((await post(reader, `${ITEM}/add`, { keyId: typeKey.keyId, itemCode: 'x', label: '无权', labelEn: 'No' })).body.code).toBe(20003)
    const first = (await itemsOf(typeKey.keyId))[0]!
    expect((await post(reader, `${ITEM}/move`, { itemId: first.itemId, direction: 'down' })).body.code).toBe(20003)
    expect((await del(reader, `${ITEM}/delete`, [first.itemId])).body.code).toBe(20003)
    expect((await del(reader, `${KEY}/delete`, [typeKey.keyId])).body.code).toBe(20003)
  })

  it('checks a container’s type against container_type’s enabled items; a used item or the key is not deleted', async () => {
    // an unknown type: 20001 on containerType, saying why
    const unknown = await addContainer('tramway')
    expect(unknown.body.code).toBe(20001)
    expect(unknown.body.data).toEqual([expect.objectContaining({ field: 'containerType', key: 'v.notInDictionary:tramway' })])
    expect(unknown.body.message).toContain('数据字典')
    expect((await addContainer('tramway', 'en')).body.message).toContain('not an option of the data dictionary')

    // added on the dictionary: choosable at once
    const tramway = ok(
      await post<DictItem>(admin, `${ITEM}/add`, {
        keyId: typeKey.keyId,
        itemCode: 'tramway',
        label: '有轨电车',
        labelEn: 'Tramway',
        sort: 50,
      }),
    )
    const node = ok(await addContainer('tramway'))
    expect(node.containerType).toBe('tramway')

    // in use: not deleted, its code not changed (disabling it is allowed) — the reason in zh and en
    const refused = await del(admin, `${ITEM}/delete`, [tramway.itemId])
    expect(refused.body).toMatchObject({ code: 20021, data: { field: 'itemCode', value: 'tramway', count: 1 } })
    expect(refused.body.message).toContain('项目容器节点')
    expect((await del(admin, `${ITEM}/delete`, [tramway.itemId], 'en')).body.message).toContain('container nodes')
    expect((await put(admin, `${ITEM}/update`, { ...tramway, itemCode: 'tram' })).body.code).toBe(20021)
    const disabled = ok(await put<DictItem>(admin, `${ITEM}/update`, { ...tramway, status: 0 }))

    // disabled: no longer choosable for a new node; the node keeps it when edited
    expect((await addContainer('tramway')).body.code).toBe(20001)
    const kept = await put(admin, `${A}/container/update`, { ...node, containerName: uniqueName('改名') })
    expect(kept.body.code).toBe(10000)

    // the key the system reads is not deleted, nor its code changed
    const keyRefused = await del(admin, `${KEY}/delete`, [typeKey.keyId], 'en')
    expect(keyRefused.body).toMatchObject({ code: 20021 })
    expect(keyRefused.body.message).toContain('read by the system')
    expect((await put(admin, `${KEY}/update`, { ...typeKey, keyCode: 'container_kind' })).body.code).toBe(20021)

    // once no container uses it, the item may go
    ok(await del(admin, `${A}/container/delete`, [node.containerId]))
    ok(await del(admin, `${ITEM}/delete`, [disabled.itemId]))
    expect((await items(reader, 'container_type', true)).some((i) => i.code === 'tramway')).toBe(false)
  })
  /** The key `post` as the data dictionary screen lists it. */
  const postKeyOf = async () =>
    ok(await admin.call<{ records: DictKey[] }>('GET', `${KEY}/listPage`, { query: { keyword: 'post' } })).records.find(
      (k) => k.keyCode === 'post',
    )!
  const posts = async (c: Client, lang?: string) =>
    ok(await c.call<Post[]>('GET', `${A}/post/list`, { headers: lang ? { 'accept-language': lang } : undefined }))
  const addPerson = (postId: string, lang?: string) => post<Person>(admin, `${A}/user/add`, personBody(unit, { post: postId }), lang)
  const saveJobs = (userId: string, items: unknown[], lang?: string) =>
    post<Job[]>(admin, `${A}/userJob/addFullByUserId`, { userId, items }, lang)

  it('answers the posts as records to any signed-in caller: postId and userTypeName in the caller’s language, in order', async () => {
    const zh = await posts(reader)
    expect(zh.slice(0, SEEDED_POSTS.length)).toEqual(SEEDED_POSTS.map(([postId, userTypeName]) => ({ postId, userTypeName })))
    const en = await posts(reader, 'en')
    expect(en.slice(0, SEEDED_POSTS.length)).toEqual(SEEDED_POSTS.map(([postId, , userTypeName]) => ({ postId, userTypeName })))
    // the same items as the data dictionary's key `post` (the console reads them there, both names)
    expect((await items(reader, 'post')).map((i) => [i.code, i.label, i.labelEn])).toEqual(
      zh.map((p, i) => [p.postId, p.userTypeName, en[i]!.userTypeName]),
    )
    expect(await postKeyOf()).toMatchObject({ keyName: '岗位', itemCount: zh.length })
  })

  it('checks a person’s and a project experience’s post against post’s enabled items; a used post is not deleted', async () => {
    const postKey = await postKeyOf()
    // an unknown post: 20001 on post, saying why in zh and en
    const unknown = await addPerson('surveying')
    expect(unknown.body.code).toBe(20001)
    expect(unknown.body.data).toEqual([expect.objectContaining({ field: 'post', key: 'v.notInDictionary:surveying' })])
    expect(unknown.body.message).toContain('数据字典')
    expect((await addPerson('surveying', 'en')).body.message).toContain('not an option of the data dictionary')

    // added on the dictionary: a post at once, accepted on a person and a project experience
    const surveying = ok(
      await post<DictItem>(admin, `${ITEM}/add`, {
        keyId: postKey.keyId,
        itemCode: 'surveying',
        label: '测量',
        labelEn: 'Surveying',
        sort: 60,
      }),
    )
    expect((await posts(reader)).find((p) => p.postId === 'surveying')).toEqual({ postId: 'surveying', userTypeName: '测量' })
    expect((await posts(reader, 'en')).find((p) => p.postId === 'surveying')?.userTypeName).toBe('Surveying')
    const person = ok(await addPerson('surveying'))
    expect(person.post).toBe('surveying')
    const jobs = ok(await saveJobs(person.userId, [{ institution: '沪宁城际铁路', post: 'surveying' }]))
    expect(jobs.map((j) => j.post)).toEqual(['surveying'])
    // the staff list's filter by post
    const listed = ok(
      await admin.call<{ records: Person[] }>('GET', `${A}/user/listPage`, { query: { organizationId: unit, post: 'surveying' } }),
    )
    expect(listed.records.map((r) => r.userId)).toEqual([person.userId])
    // a project experience's unknown post: 20001 on its item's post
    const badJob = await saveJobs(person.userId, [{ institution: '沪宁城际铁路', post: 'tunnelling' }], 'en')
    expect(badJob.body.code).toBe(20001)
    expect(badJob.body.data).toEqual([expect.objectContaining({ field: 'items.0.post', key: 'v.notInDictionary:tunnelling' })])
    expect(badJob.body.message).toContain('not an option of the data dictionary')

    // in use: not deleted, its code not changed — the reason in zh and en
    const refused = await del(admin, `${ITEM}/delete`, [surveying.itemId])
    expect(refused.body).toMatchObject({ code: 20021, data: { field: 'itemCode', value: 'surveying', count: 2 } })
    expect(refused.body.message).toContain('人员或项目经历')
    expect((await del(admin, `${ITEM}/delete`, [surveying.itemId], 'en')).body.message).toContain('staff records or project experiences')
    expect((await put(admin, `${ITEM}/update`, { ...surveying, itemCode: 'survey' })).body.code).toBe(20021)

    // disabled: no longer a post, refused for a new person or experience; the records keep it when saved again
    const disabled = ok(await put<DictItem>(admin, `${ITEM}/update`, { ...surveying, status: 0 }))
    expect((await posts(reader)).some((p) => p.postId === 'surveying')).toBe(false)
    expect((await addPerson('surveying')).body.code).toBe(20001)
    const kept = await put<Person>(admin, `${A}/user/update`, {
      userId: person.userId,
      version: person.version,
      name: uniqueName('改名').slice(0, 12),
      sex: 'male',
      post: 'surveying',
    })
    expect(kept.body.code, kept.text).toBe(10000)
    expect(kept.body.data.post).toBe('surveying')
    ok(await saveJobs(person.userId, [{ jobId: jobs[0]!.jobId, institution: '沪宁城际铁路（改）', post: 'surveying' }]))
    const newJob = await saveJobs(person.userId, [
      { jobId: jobs[0]!.jobId, institution: '沪宁城际铁路（改）', post: 'surveying' },
      { institution: '京沪高铁', post: 'surveying' },
    ])
    expect(newJob.body.data).toEqual([expect.objectContaining({ field: 'items.1.post', key: 'v.notInDictionary:surveying' })])

    // the key the system reads is not deleted
    expect((await del(admin, `${KEY}/delete`, [postKey.keyId])).body.code).toBe(20021)

    // once no record uses it, the item may go
    ok(await del(admin, `${A}/user/delete`, [person.userId]))
    ok(await del(admin, `${ITEM}/delete`, [disabled.itemId]))
    expect((await items(reader, 'post', true)).some((i) => i.code === 'surveying')).toBe(false)
  })

  it('reads a staff sheet’s post by its code or either name and exports its name in the request’s language', async () => {
    const cards = [idCard(), idCard(), idCard(), idCard()]
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('人员')
    ws.addRow(['姓名', '性别', '身份证号码', '手机号码', '岗位'])
    ws.addRow(['岗位甲', '男', cards[0], phone(), '造价合约'])
    ws.addRow(['岗位乙', '女', cards[1], phone(), 'Cost / contract'])
    ws.addRow(['岗位丙', '男', cards[2], phone(), 'quality'])
    ws.addRow(['岗位丁', '男', cards[3], phone(), '不存在的岗位'])
    const bytes = Buffer.from(await wb.xlsx.writeBuffer())
    const r = await admin.call<{ succeeded: number; failed: number; done: boolean }>('POST', `${A}/user/import`, {
      query: { organizationId: unit },
      raw: multipart({ name: 'staff.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes }),
      unsignedPayload: true,
      idempotencyKey: newKey(),
    })
    expect(r.body.code, r.text).toBe(10000)
    expect(r.body.data).toMatchObject({ done: true, succeeded: 3, failed: 1 })
    const postOf = async (card: string) =>
      ok(await admin.call<{ records: Person[] }>('GET', `${A}/user/listPage`, { query: { keyword: card } })).records.map((p) => p.post)
    expect([await postOf(cards[0]!), await postOf(cards[1]!), await postOf(cards[2]!), await postOf(cards[3]!)]).toEqual([
      ['costContract'],
      ['costContract'],
      ['quality'],
      [],
    ])

    for (const [lang, title, name] of [
      ['zh', '岗位', '造价合约'],
      ['en', 'Post', 'Cost / contract'],
    ] as const) {
      const rows = await exportRows(admin, `${A}/user/export`, { keyword: cards[0]! }, lang)
      const at = rows[0]!.indexOf(title)
      expect(at, rows[0]!.join(',')).toBeGreaterThanOrEqual(0)
      expect(rows.slice(1).map((row) => row[at])).toEqual([name])
    }
  })
})
