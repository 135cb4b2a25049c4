/**
 * Work sites (issue 12 part A) on both databases: CRUD with the structure (line, design unit,
 * container, mileage range), site manager, location and photos; validation (bad mileages,
 * coordinates, phone, codes), codes unique per project (20006), versions (20008 with the current
 * record), idempotent adds (the same Idempotency-Key adds once), project scope (another project's
 * ids and records are 20002; an account sees only its projects; both menus show the same records).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { newId } from '../../src/contract/ids'
import { newKey, type Answer, type Client } from './client'
import { signedIn, uniqueName } from './helpers'
import { mustAdd, newUnit, PASSWORD } from './accounts-fixtures'
import { png, upload } from './files-fixtures'
import { idCard, phone } from './people-fixtures'
import { byAction, saveMenus, tree } from './roles-fixtures'

const A = '/api/admin/v1'
const WS = `${A}/workSite`
const PWS = `${A}/projectWorkSite`
const MENUS = ['/admin/work-site-information', '/admin/project-worksite-information']

interface Site {
  workSiteId: string
  projectId: string
  workSiteCode: string
  workSiteName: string
  siteType: string
  status: string
  lineId: string | null
  lineName: string | null
  designUnitId: string | null
  designUnitName: string | null
  containerId: string | null
  containerName: string | null
  startMileage: string | null
  endMileage: string | null
  managerUserId: string | null
  managerName: string | null
  contactPhone: string | null
  longitude: number | null
  latitude: number | null
  address: string | null
  description: string | null
  photoFileIds: string[]
  photoUrls: (string | null)[]
  version: number
}
interface Page<T> {
  records: T[]
  total: number
}

const post = <T>(c: Client, path: string, json: unknown, key = newKey()): Promise<Answer<T>> =>
  c.call<T>('POST', path, { json, idempotencyKey: key })
const put = <T>(c: Client, path: string, json: unknown): Promise<Answer<T>> => c.call<T>('PUT', path, { json, idempotencyKey: newKey() })
const del = (c: Client, path: string, ids: string[]) => c.call('POST', path, { form: { ids: ids.join(',') }, idempotencyKey: newKey() })
const ok = <T>(r: Answer<T>): T => {
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}
const fieldsOf = (r: Answer<unknown>) => (r.body.data as { field: string }[]).map((e) => e.field).sort()

describe.each(provided('targets'))('work sites on $name', (t) => {
  let admin: Client
  /** An account of unit U (data scope: own unit) with both work-site menus. */
  let member: Client
  let p1: string // owned by U
  let p2: string // another unit's: only admin sees it
  let line1: string
  let line1b: string
  let lineOf2: string
  let du1: string // on line1
  let container1: string
  let staffU: string // a person of U
  let staffV: string // a person of V (not a unit of p1)

  const addProject = async (organizationId: string) =>
    ok(
      await post<{ projectId: string }>(admin, `${A}/project/add`, {
        projectName: uniqueName('工点测试项目'),
        projectCode: uniqueName('WS').replace(/[^A-Za-z0-9]/g, ''),
        projectType: 'railway',
        organizationId,
      }),
    ).projectId
  const addLine = async (projectId: string, lineCode: string) =>
    ok(await post<{ lineId: string }>(admin, `${A}/line/add`, { projectId, lineCode, lineName: `${lineCode}线`, lineType: 'main' })).lineId
  const addPerson = async (organizationId: string, name: string) =>
    ok(
      await post<{ userId: string }>(admin, `${A}/user/add`, {
        organizationId,
        name,
        sex: 'male',
        idCard: idCard(),
        cellphone: phone(),
      }),
    ).userId
  const site = (projectId: string, code: string, extra: Record<string, unknown> = {}) => ({
    projectId,
    workSiteCode: code,
    workSiteName: `工点${code}`,
    siteType: 'bridge',
    status: 'building',
    ...extra,
  })
  const listOf = async (c: Client, path: string, query: Record<string, string>) =>
    ok(await c.call<Page<Site>>('GET', `${path}/listPage`, { query: { pageSize: '100', ...query } }))

  beforeAll(async () => {
    admin = await signedIn(t)
    const u = await newUnit(admin, '工点测试单位')
    const v = await newUnit(admin, '工点另一单位')
    p1 = await addProject(u)
    p2 = await addProject(v)
    line1 = await addLine(p1, 'ZX')
    line1b = await addLine(p1, 'LLX')
    lineOf2 = await addLine(p2, 'ZX')
    du1 = ok(
      await post<{ designUnitId: string }>(admin, `${A}/designUnit/add`, {
        projectId: p1,
        lineId: line1,
        designUnitCode: 'DU-1',
        designUnitName: '汉江设计单元',
        startMileage: 'DK0+000',
        endMileage: 'DK10+000',
      }),
    ).designUnitId
    container1 = ok(
      await post<{ containerId: string }>(admin, `${A}/container/add`, {
        projectId: p1,
        containerCode: 'SG-1',
        containerName: '一标段',
        containerType: 'section',
      }),
    ).containerId
    staffU = await addPerson(u, '王工长')
    staffV = await addPerson(v, '赵外人')

    const role = ok(await post<{ roleId: string }>(admin, `${A}/role/add`, { roleName: uniqueName('工点角色'), sort: 1, dataScope: 'own' }))
    const grants = await tree(admin, role.roleId)
    const menus = MENUS.map((m) => byAction(grants, m))
    const groups = menus.map((m) => grants.menus.find((g) => g.children.some((c) => c.applicationMenuId === m.applicationMenuId))!)
    const menuIds = [...new Set([...groups, ...menus].map((m) => m.applicationMenuId))]
    const fnIds = menus.flatMap((m) => m.functions.map((f) => f.applicationMenuFunctionId))
    expect((await saveMenus(admin, role.roleId, grants.applicationId, menuIds, fnIds)).body.code).toBe(10000)
    const account = await mustAdd(admin, u, { roleIds: [role.roleId] })
    member = await signedIn(t, account.accountName, PASSWORD)
  }, 120_000)

  it('adds a site placed in the structure with manager, location and photos; edits it with versions; deletes it', async () => {
    const photo = ok(await upload(member, 'photo', 'site.png', 'image/png', png()))
    const created = ok(
      await post<Site>(
        member,
        `${WS}/add`,
        site(p1, 'GD-1', {
          lineId: line1,
          designUnitId: du1,
          containerId: container1,
          startMileage: 'dk1 + 200.5',
          endMileage: 'DK2+000',
          managerUserId: staffU,
          contactPhone: '13871236650',
          longitude: '114.2561234',
          latitude: 30.6192345,
          address: '湖北省武汉市东西湖区',
          description: '桩基施工',
          photoFileIds: [photo.fileId],
        }),
      ),
    )
    expect(created).toMatchObject({
      workSiteCode: 'GD-1',
      siteType: 'bridge',
      status: 'building',
      lineName: 'ZX线',
      designUnitName: '汉江设计单元',
      containerName: '一标段',
      startMileage: 'DK1+200.500',
      endMileage: 'DK2+000.000',
      managerName: '王工长',
      contactPhone: '13871236650',
      longitude: 114.2561234,
      latitude: 30.6192345,
      photoFileIds: [photo.fileId],
      version: 0,
    })
    expect(created.photoUrls[0]).toMatch(/^\/files\//)

    // the list finds it by keyword (name, code, address, manager) and by the filters
    for (const keyword of ['GD-1', '东西湖', '王工长'])
      expect((await listOf(member, WS, { projectId: p1, keyword })).records.map((s) => s.workSiteId)).toContain(created.workSiteId)
    expect((await listOf(member, WS, { projectId: p1, status: 'completed' })).records).toHaveLength(0)
    expect((await listOf(member, WS, { projectId: p1, lineId: line1, siteType: 'bridge' })).total).toBe(1)

    // edit: the whole record; left-out fields are cleared (photos too)
    const edited = ok(
      await put<Site>(member, `${WS}/update`, {
        workSiteId: created.workSiteId,
        version: 0,
        workSiteCode: 'GD-1',
        workSiteName: '汉江特大桥工点',
        siteType: 'bridge',
        status: 'suspended',
        lineId: line1,
        address: '湖北省武汉市',
      }),
    )
    expect(edited).toMatchObject({ workSiteName: '汉江特大桥工点', status: 'suspended', version: 1, photoFileIds: [], managerUserId: null })
    // a stale version: 20008 with the current record
    const stale = await put<Site>(member, `${WS}/update`, { ...site(p1, 'GD-1'), workSiteId: created.workSiteId, version: 0 })
    expect(stale.body.code).toBe(20008)
    expect(stale.body.data).toMatchObject({ workSiteName: '汉江特大桥工点', version: 1 })
    // the other menu shows the same record
    expect((await listOf(member, PWS, { projectId: p1 })).records.map((s) => s.workSiteName)).toContain('汉江特大桥工点')

    ok(await del(member, `${WS}/delete`, [created.workSiteId]))
    expect((await listOf(member, WS, { projectId: p1, keyword: 'GD-1' })).records).toHaveLength(0)
  })

  it('two edits of one version at once: one is written, the other answers 20008 with it; an edit of a deleted site answers 20002', async () => {
    const created = ok(await post<Site>(member, `${WS}/add`, site(p1, 'GD-RACE')))
    const edit = (status: string) =>
      put<Site>(member, `${WS}/update`, { ...site(p1, 'GD-RACE', { status }), workSiteId: created.workSiteId, version: 0 })
    const answers = await Promise.all([edit('suspended'), edit('completed'), edit('preparing')])
    const won = answers.filter((a) => a.body.code === 10000)
    expect(won, answers.map((a) => a.text).join('\n')).toHaveLength(1)
    const winner = won[0]!.body.data
    expect(winner.version).toBe(1)
    for (const lost of answers.filter((a) => a !== won[0])) {
      expect(lost.body.code).toBe(20008)
      expect(lost.body.data).toMatchObject({ status: winner.status, version: 1 })
    }
    ok(await del(member, `${WS}/delete`, [created.workSiteId]))
    expect((await put(member, `${WS}/update`, { ...winner, version: 1 })).body.code).toBe(20002)
  })

  it('refuses bad input on the field: mileages, coordinates, phone, code, type, photos', async () => {
    const bad = await post(
      member,
      `${WS}/add`,
      site(p1, '坏 编码', {
        workSiteName: '#工点',
        siteType: 'castle',
        startMileage: 'DK5+000',
        endMileage: 'DK4+999',
        contactPhone: '12345',
        longitude: 181,
        latitude: -90.5,
      }),
    )
    expect(bad.body.code).toBe(20001)
    expect(fieldsOf(bad)).toEqual(['contactPhone', 'latitude', 'longitude', 'siteType', 'workSiteCode', 'workSiteName'])
    // mileage text that is no chainage; a coordinate that is no number
    const bad2 = await post(member, `${WS}/add`, site(p1, 'GD-X', { startMileage: 'K12-300', endMileage: 'DK1+000', latitude: 'north' }))
    expect(bad2.body.code).toBe(20001)
    expect(fieldsOf(bad2)).toEqual(['latitude', 'startMileage'])
    // one mileage without the other, one coordinate without the other
    expect(fieldsOf(await post(member, `${WS}/add`, site(p1, 'GD-X', { startMileage: 'DK1+000', longitude: 114 })))).toEqual([
      'endMileage',
      'latitude',
    ])
    expect(fieldsOf(await post(member, `${WS}/add`, site(p1, 'GD-X', { endMileage: 'DK1+000', latitude: 30 })))).toEqual([
      'longitude',
      'startMileage',
    ])
    // start after end, or equal: the end must be greater
    for (const endMileage of ['DK4+999', 'DK5+000.000']) {
      const order = await post(member, `${WS}/add`, site(p1, 'GD-X', { startMileage: 'DK5+000', endMileage }))
      expect(order.body).toMatchObject({ code: 20001, data: [{ field: 'endMileage', key: 'v.mileageOrder' }] })
    }
    // placed in a design unit: within its range (DK0+000 ~ DK10+000), on the field outside it
    const beyond = await post(member, `${WS}/add`, site(p1, 'GD-X', { designUnitId: du1, startMileage: 'DK9+500', endMileage: 'DK10+200' }))
    expect(beyond.body).toMatchObject({
      code: 20001,
      data: [{ field: 'endMileage', key: 'v.mileageOutside:DK0+000.000 ~ DK10+000.000' }],
      message: '里程须在所属设计单元的里程范围（DK0+000.000 ~ DK10+000.000）之内',
    })
    ok(await post(member, `${WS}/add`, site(p1, 'GD-IN', { designUnitId: du1, startMileage: 'DK9+500', endMileage: 'DK10+000' })))
    // a landline is a phone too; letters are not
    ok(await post(member, `${WS}/add`, site(p1, 'GD-TEL', { contactPhone: '0712-8456231' })))
    // a photo id that is no file of ours: 20001 on the item
    const photo = await post(member, `${WS}/add`, site(p1, 'GD-PH', { photoFileIds: ['0190f3a0-0000-7000-8000-000000000001'] }))
    expect(photo.body).toMatchObject({ code: 20001, data: [{ field: 'photoFileIds.0' }] })
    // text with NUL characters, numbers beyond range: 20001, never a fault
    const nul = await post(member, `${WS}/add`, site(p1, 'GD-NUL', { workSiteName: '工点\u0000' }))
    expect(nul.body).toMatchObject({ code: 20001, data: [{ field: 'workSiteName' }] })
    const huge = await post(member, `${WS}/add`, site(p1, 'GD-BIG', { longitude: 1e300, latitude: 1 }))
    expect(huge.body).toMatchObject({ code: 20001, data: [{ field: 'longitude' }] })
  })

  it('keeps codes unique per project (20006) and applies an add once per Idempotency-Key', async () => {
    const first = ok(await post<Site>(member, `${WS}/add`, site(p1, 'GD-U')))
    const dup = await post(member, `${WS}/add`, site(p1, 'GD-U'))
    expect(dup.body).toMatchObject({ code: 20006, data: { field: 'workSiteCode' }, message: '本项目中已有该编码的工点' })
    // the same code in another project is fine
    ok(await post(admin, `${WS}/add`, site(p2, 'GD-U')))
    // a client-supplied id already taken: 20006 on the id
    expect((await post(member, `${WS}/add`, site(p1, 'GD-U2', { workSiteId: first.workSiteId }))).body).toMatchObject({ code: 20006 })

    // the same key twice: one record, the same answer; the key with another body: 20009
    const key = newKey()
    const body = site(p1, 'GD-IDEM', { workSiteId: newId() })
    const a = ok(await post<Site>(member, `${WS}/add`, body, key))
    const b = ok(await post<Site>(member, `${WS}/add`, body, key))
    expect(b).toEqual(a)
    expect((await listOf(member, WS, { projectId: p1, keyword: 'GD-IDEM' })).total).toBe(1)
    expect((await post(member, `${WS}/add`, { ...body, workSiteName: '别的' }, key)).body.code).toBe(20009)
  })

  it('keeps sites in their project: another project’s structure, staff and records are 20002', async () => {
    // admin sees both projects; the line / design unit / container must be the site's project's
    expect((await post(admin, `${WS}/add`, site(p1, 'GD-S1', { lineId: lineOf2 }))).body).toMatchObject({
      code: 20002,
      data: { field: 'lineId' },
    })
    expect((await post(admin, `${WS}/add`, site(p2, 'GD-S2', { designUnitId: du1 }))).body).toMatchObject({
      code: 20002,
      data: { field: 'designUnitId' },
    })
    expect((await post(admin, `${WS}/add`, site(p2, 'GD-S3', { containerId: container1 }))).body).toMatchObject({
      code: 20002,
      data: { field: 'containerId' },
    })
    // the design unit must be on the chosen line
    expect((await post(admin, `${WS}/add`, site(p1, 'GD-S4', { lineId: line1b, designUnitId: du1 }))).body).toMatchObject({
      code: 20002,
      data: { field: 'designUnitId' },
    })
    // the manager must be staff of the project's units
    expect((await post(admin, `${WS}/add`, site(p1, 'GD-S5', { managerUserId: staffV }))).body).toMatchObject({
      code: 20002,
      data: { field: 'managerUserId' },
    })

    // the member's unit does not take part in p2: adding there, reading or changing its sites is 20002
    expect((await post(member, `${WS}/add`, site(p2, 'GD-S6'))).body).toMatchObject({ code: 20002, data: { field: 'projectId' } })
    const foreign = ok(await post<Site>(admin, `${WS}/add`, site(p2, 'GD-S7')))
    expect((await listOf(member, WS, { projectId: p2 })).records).toHaveLength(0)
    expect((await listOf(member, WS, {})).records.every((s) => s.projectId === p1)).toBe(true)
    expect((await put(member, `${WS}/update`, { ...site(p2, 'GD-S7'), workSiteId: foreign.workSiteId, version: 0 })).body.code).toBe(20002)
    expect((await del(member, `${WS}/delete`, [foreign.workSiteId])).body.code).toBe(20002)
    // the form's choices: the project's own; another project's: 20002
    const options = ok(
      await member.call<{ lines: { lineId: string }[]; staff: { userId: string }[]; designUnits: { designUnitId: string }[] }>(
        'GET',
        `${WS}/options`,
        { query: { projectId: p1 } },
      ),
    )
    expect(options.lines.map((l) => l.lineId).sort()).toEqual([line1, line1b].sort())
    expect(options.designUnits.map((d) => d.designUnitId)).toEqual([du1])
    expect(options.staff.map((s) => s.userId)).toContain(staffU)
    expect(options.staff.map((s) => s.userId)).not.toContain(staffV)
    expect((await member.call('GET', `${WS}/options`, { query: { projectId: p2 } })).body.code).toBe(20002)
  })

  it.runIf(t.demo)(
    'demo: lisite reads her project’s seeded sites under both menus and edits one; the tourist changes nothing',
    async () => {
      const lisite = await signedIn(t, 'lisite')
      for (const path of [WS, PWS]) {
        const page = await listOf(lisite, path, {})
        expect(page.records.map((s) => s.workSiteCode)).toEqual(expect.arrayContaining(['GD-01', 'GD-02', 'GD-03']))
        expect(new Set(page.records.map((s) => (s as Site & { projectName: string }).projectName))).toEqual(
          new Set(['沪渝蓉高铁武宜段站前工程']),
        )
      }
      const gd = (await listOf(lisite, PWS, { keyword: 'GD-04' })).records[0]!
      expect(gd).toMatchObject({ siteType: 'beamYard', startMileage: 'DK41+000.000', lineName: expect.any(String) })
      const { photoUrls: _u, ...rest } = gd
      const saved = ok(await put<Site>(lisite, `${PWS}/update`, { ...rest, description: `${gd.description ?? ''}。` }))
      expect(saved.version).toBe(gd.version + 1)
      const guest = await signedIn(t, 'tourist')
      expect((await put(guest, `${WS}/update`, { ...rest, version: saved.version })).body.code).toBe(20003)
    },
  )
})
