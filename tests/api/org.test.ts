/**
 * Organisations (SPEC §3, §4, §7 Organisation): units with every field and their checks, the
 * lazy tree and keyword search, the sub-lists saved as a whole, groups, account limits, unit
 * search, and data scope (an organisation administrator never reaches another group's units).
 */
import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { creditCodeCheckChar } from '../../src/contract/rules'
import { newKey, type Client } from './client'
import { multipart, png, upload } from './files-fixtures'
import { signedIn, uniqueName } from './helpers'

const API = '/api/admin/v1'
interface Page<T> {
  records: T[]
  total: number
}
interface Unit {
  organizationId: string
  organizationName: string
  organizationTypeId: string
  organizationTypeName: string | null
  parentId: string | null
  parentName: string | null
  creditCode: string | null
  taxCode: string | null
  bankAccount: string | null
  website: string | null
  version: number
  childCount: number
  accountLimit: number | null
}
interface Node {
  nodeId: string
  nodeName: string
  nodeType: 1 | 2 | 3
  hasChild: 0 | 1
  organizationId?: string
  organizationTypeId?: string
  children?: Node[]
}
interface FieldError {
  field: string
  key: string
  message: string
}

/** A valid credit code from a random organisation-code part. */
function randomCreditCode(): string {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY'
  let org = ''
  for (let i = 0; i < 9; i++) org += chars[Math.floor(Math.random() * chars.length)]
  const first17 = `91320100${org}`
  return first17 + creditCodeCheckChar(first17)!
}
/** The same code with a wrong check character. */
const tampered = (code: string) => code.slice(0, 17) + (code[17] === '0' ? '1' : '0')

const fieldsOf = (data: unknown) => (data as FieldError[]).map((e) => e.field)

describe.each(provided('targets'))('organisations on $name', (t) => {
  let admin: Client
  let types: { organizationTypeId: string; typeCode: string; typeName: string }[]
  const typeId = (code: string) => types.find((x) => x.typeCode === code)!.organizationTypeId

  beforeAll(async () => {
    admin = await signedIn(t)
    types = (await admin.call<typeof types>('GET', `${API}/orgType/list`)).body.data
  })

  const unitBody = (over: Record<string, unknown> = {}) => ({
    organizationName: uniqueName('测试工程有限公司'),
    shortName: '测试工程',
    creditCode: randomCreditCode(),
    organizationTypeId: typeId('construction'),
    status: 1,
    legalPerson: '周建华',
    contactPerson: '吴敏',
    contactPhone: '029-88886666',
    address: '陕西省西安市高新区锦业路1号',
    email: 'office@test-eng.example.cn',
    fax: '029-88886667',
    website: 'www.test-eng.example.cn',
    depositBank: '中国建设银行西安高新支行',
    bankAccount: '6100 1234 5678 9012 345',
    taxCode: '',
    sort: 5,
    ...over,
  })
  const addUnit = (c: Client, over: Record<string, unknown> = {}) =>
    c.call<Unit>('POST', `${API}/org/add`, { json: unitBody(over), idempotencyKey: newKey() })
  const del = (c: Client, path: string, ids: string[]) =>
    c.call('POST', `${API}/${path}/delete`, { form: { ids: ids.join(',') }, idempotencyKey: newKey() })

  it('answers the unit types as a list and a tree', async () => {
    expect(types.map((x) => x.typeCode)).toEqual(
      expect.arrayContaining(['owner', 'design', 'construction', 'supervision', 'consulting', 'testing']),
    )
    const tree = await admin.call<{ typeName: string; children: unknown[] }[]>('GET', `${API}/orgType/listTree`)
    expect(tree.body.data.map((n) => n.typeName)).toContain('施工单位')
  })

  it('adds a unit with every field, pages, updates and deletes it', async () => {
    const added = await addUnit(admin)
    expect(added.body.code).toBe(10000)
    const unit = added.body.data
    expect(unit).toMatchObject({
      organizationTypeName: '施工单位',
      legalPerson: '周建华',
      fax: '029-88886667',
      bankAccount: '6100123456789012345',
      version: 0,
      childCount: 0,
    })
    const page = await admin.call<Page<Unit>>('GET', `${API}/org/listPage`, {
      query: { pageIndex: 1, pageSize: 10, keyword: unit.creditCode!.toLowerCase() },
    })
    expect(page.body.data.records.map((r) => r.organizationId)).toEqual([unit.organizationId])

    const body = {
      ...unitBody({ organizationName: unit.organizationName, creditCode: unit.creditCode }),
      organizationId: unit.organizationId,
      version: 0,
      taxCode: unit.creditCode,
      website: 'https://www.renamed.example.cn/about',
    }
    const updated = await admin.call<Unit>('PUT', `${API}/org/update`, { json: body, idempotencyKey: newKey() })
    expect(updated.body.code).toBe(10000)
    expect(updated.body.data).toMatchObject({ version: 1, taxCode: unit.creditCode, website: 'https://www.renamed.example.cn/about' })
    const stale = await admin.call('PUT', `${API}/org/update`, { json: body, idempotencyKey: newKey() })
    expect(stale.body.code).toBe(20008)

    expect((await del(admin, 'org', [unit.organizationId])).body.code).toBe(10000)
    expect((await del(admin, 'org', [unit.organizationId])).body.code).toBe(20002)
  })

  it('checks the credit code check character and every SPEC §5 field; duplicates get 20006', async () => {
    const code = randomCreditCode()
    const wrong = await addUnit(admin, { creditCode: tampered(code) })
    expect(wrong.body.code).toBe(20001)
    expect(wrong.body.data).toEqual([expect.objectContaining({ field: 'creditCode', key: 'v.creditCode' })])

    const bad = await addUnit(admin, {
      organizationName: '#坏名称',
      contactPhone: '12345',
      email: 'not-mail',
      fax: 'fax?',
      website: 'not a site',
      bankAccount: '12ab',
      depositBank: '@银行',
      taxCode: 'abc',
      organizationTypeId: 'nope',
    })
    expect(bad.body.code).toBe(20001)
    expect(fieldsOf(bad.body.data).sort()).toEqual(
      ['bankAccount', 'contactPhone', 'depositBank', 'email', 'fax', 'organizationName', 'organizationTypeId', 'taxCode', 'website'].sort(),
    )
    const nameErr = (bad.body.data as unknown as FieldError[]).find((e) => e.field === 'organizationName')!
    expect(nameErr.key).toBe('v.nameStart')

    const first = await addUnit(admin, { creditCode: code })
    expect(first.body.code).toBe(10000)
    const sameCode = await addUnit(admin, { creditCode: code.toLowerCase() })
    expect(sameCode.body).toMatchObject({ code: 20006, data: { field: 'creditCode' } })
    const sameName = await addUnit(admin, { organizationName: first.body.data.organizationName, creditCode: randomCreditCode() })
    expect(sameName.body).toMatchObject({ code: 20006, data: { field: 'organizationName' } })
    const unknownType = await addUnit(admin, { organizationTypeId: '01900000-0000-7000-8000-000000000000' })
    expect(unknownType.body.code).toBe(20001)
    await del(admin, 'org', [first.body.data.organizationId])
  })

  it('keeps the hierarchy sound: child units, no cycles, no delete while children exist', async () => {
    const parent = (await addUnit(admin)).body.data
    const child = (await addUnit(admin, { parentId: parent.organizationId, creditCode: '' })).body.data
    expect(child).toMatchObject({ parentId: parent.organizationId, parentName: parent.organizationName, creditCode: null })
    const reread = await admin.call<Unit[]>('GET', `${API}/org/list`, { query: { organizationName: parent.organizationName } })
    expect(reread.body.data.map((u) => u.childCount)).toEqual([1])
    const refused = await del(admin, 'org', [parent.organizationId])
    expect(refused.body.code).toBe(20021)
    const cycle = await admin.call('PUT', `${API}/org/update`, {
      json: {
        ...unitBody({ organizationName: parent.organizationName, creditCode: parent.creditCode }),
        organizationId: parent.organizationId,
        version: parent.version,
        parentId: child.organizationId,
      },
    })
    expect(cycle.body.code).toBe(20021)
    const noParent = await addUnit(admin, { parentId: '01900000-0000-7000-8000-000000000001' })
    expect(noParent.body.code).toBe(20002)
    expect((await del(admin, 'org', [child.organizationId, parent.organizationId])).body.code).toBe(10000)
  })

  it('moves a unit with its sub-units: the sub-unit trees follow the move, a move below itself is refused', async () => {
    const a = (await addUnit(admin)).body.data
    const b = (await addUnit(admin, { parentId: a.organizationId, creditCode: '' })).body.data
    const c = (await addUnit(admin, { parentId: b.organizationId, creditCode: '' })).body.data
    const d = (await addUnit(admin)).body.data
    type DeptNode = { organizationId: string; children?: DeptNode[] }
    const unitsUnder = async (root: string) => {
      const tree = (await admin.call<DeptNode>('GET', `${API}/org/getOrgAndDeptTreeByOrgIds`, { query: { orgIds: root } })).body.data
      const ids: string[] = []
      const walk = (n: DeptNode) => {
        ids.push(n.organizationId)
        for (const k of n.children ?? []) if (k.organizationId !== n.organizationId) walk(k)
      }
      walk(tree)
      return [...new Set(ids)].sort()
    }
    expect(await unitsUnder(a.organizationId)).toEqual([a.organizationId, b.organizationId, c.organizationId].sort())
    const moved = await admin.call<Unit>('PUT', `${API}/org/update`, {
      json: {
        ...unitBody({ organizationName: b.organizationName, creditCode: '' }),
        organizationId: b.organizationId,
        version: b.version,
        parentId: d.organizationId,
      },
    })
    expect(moved.body).toMatchObject({ code: 10000, data: { parentId: d.organizationId, parentName: d.organizationName } })
    expect(await unitsUnder(a.organizationId)).toEqual([a.organizationId])
    expect(await unitsUnder(d.organizationId)).toEqual([b.organizationId, c.organizationId, d.organizationId].sort())
    // d is now above c: d under c would be a cycle
    const cycle = await admin.call('PUT', `${API}/org/update`, {
      json: {
        ...unitBody({ organizationName: d.organizationName, creditCode: d.creditCode }),
        organizationId: d.organizationId,
        version: d.version,
        parentId: c.organizationId,
      },
      headers: { 'accept-language': 'en' },
    })
    expect(cycle.body).toMatchObject({ code: 20021, message: 'The parent may not be the unit itself or one of its child units' })
    const cycleZh = await admin.call('PUT', `${API}/org/update`, {
      json: {
        ...unitBody({ organizationName: d.organizationName, creditCode: d.creditCode }),
        organizationId: d.organizationId,
        version: d.version,
        parentId: d.organizationId,
      },
      headers: { 'accept-language': 'zh-CN' },
    })
    expect(cycleZh.body).toMatchObject({ code: 20021, message: '上级单位不能是该单位自身或其下级单位' })
    expect(await unitsUnder(d.organizationId)).toEqual([b.organizationId, c.organizationId, d.organizationId].sort())
    expect((await del(admin, 'org', [c.organizationId, b.organizationId, a.organizationId, d.organizationId])).body.code).toBe(10000)
  })

  it('loads the tree lazily (types → units → child units and roles) and searches by keyword', async () => {
    const parent = (await addUnit(admin)).body.data
    const child = (
      await addUnit(admin, { parentId: parent.organizationId, creditCode: '', organizationName: uniqueName('测试项目经理部') })
    ).body.data

    const roots = (await admin.call<Node[]>('GET', `${API}/org/listTree`)).body.data
    expect(roots.every((n) => n.nodeType === 1)).toBe(true)
    const construction = roots.find((n) => n.nodeId === typeId('construction'))!
    expect(construction.hasChild).toBe(1)

    const units = (await admin.call<Node[]>('GET', `${API}/org/listTree`, { query: { nodeId: construction.nodeId, nodeType: 1 } })).body
      .data
    const mine = units.find((n) => n.nodeId === parent.organizationId)!
    expect(mine).toMatchObject({ nodeType: 2, hasChild: 1, organizationId: parent.organizationId, organizationTypeId: construction.nodeId })
    expect(units.some((n) => n.nodeId === child.organizationId)).toBe(false) // a child unit shows under its parent only

    const under = (await admin.call<Node[]>('GET', `${API}/org/listTree`, { query: { nodeId: parent.organizationId, nodeType: 2 } })).body
      .data
    expect(under).toEqual([expect.objectContaining({ nodeId: child.organizationId, nodeType: 2, hasChild: 0 })])

    const found = await admin.call<{ nodes: Node[]; total: number; truncated: boolean }>('GET', `${API}/org/listByKeyword`, {
      query: { keyword: child.organizationName.slice(-10) },
    })
    expect(found.body.data).toMatchObject({ total: 1, truncated: false })
    expect(found.body.data.nodes).toEqual([
      expect.objectContaining({
        nodeType: 1,
        nodeId: construction.nodeId,
        children: [expect.objectContaining({ nodeId: child.organizationId, nodeType: 2 })],
      }),
    ])
    const empty = await admin.call('GET', `${API}/org/listByKeyword`, { query: { keyword: ' ' } })
    expect(empty.body.code).toBe(20001)

    const nodes = await admin.call<{ organizationId: string; category: number }[]>('GET', `${API}/org/listOrgNodeByOrgIds`, {
      query: { orgIds: `${parent.organizationId},${child.organizationId}` },
    })
    expect(nodes.body.data.map((n) => [n.organizationId, n.category])).toEqual([
      [parent.organizationId, 1],
      [child.organizationId, 1],
    ])
    const tree = await admin.call<{ organizationId: string; children: { organizationId: string }[] }>(
      'GET',
      `${API}/org/getOrgAndDeptTreeByOrgIds`,
      { query: { orgIds: parent.organizationId } },
    )
    expect(tree.body.data.children.map((c) => c.organizationId)).toContain(child.organizationId)

    if (t.demo) {
      // role nodes (type 3) under a unit that has roles
      const owner = (await admin.call<Page<Unit>>('GET', `${API}/org/listPage`, { query: { keyword: '中国铁路华东投资集团有限公司' } }))
        .body.data.records[0]!
      const ownerChildren = (
        await admin.call<Node[]>('GET', `${API}/org/listTree`, { query: { nodeId: owner.organizationId, nodeType: 2 } })
      ).body.data
      expect(ownerChildren.filter((n) => n.nodeType === 3).map((n) => n.nodeName)).toContain('系统管理员')
      expect(ownerChildren.filter((n) => n.nodeType === 2).length).toBeGreaterThan(0)
      // organisation and department tree: departments (category 2) under their unit, child units (category 1)
      const contractor = (
        await admin.call<Page<Unit>>('GET', `${API}/org/listPage`, { query: { organizationName: '中铁恒岳建设集团有限公司' } })
      ).body.data.records[0]!
      const od = await admin.call<
        { category: number; organizationName: string; departmentName?: string; children: { category: number; organizationId: string }[] }[]
      >('GET', `${API}/org/listOrgAndDeptTreeByOrgIds`, {
        query: { orgIds: contractor.organizationId },
      })
      const root = od.body.data[0]!
      expect(root).toMatchObject({ category: 1, organizationName: '中铁恒岳建设集团有限公司' })
      expect(root.children.some((c) => c.category === 2)).toBe(true)
      expect(root.children.filter((c) => c.category === 1)).toHaveLength(contractor.childCount)
    }
    await del(admin, 'org', [child.organizationId, parent.organizationId])
  })

  it('replaces contacts, listings, co-office institutions and qualifications as a whole; repeats are refused', async () => {
    const unit = (await addUnit(admin)).body.data
    const orgId = unit.organizationId
    const save = (name: string, list: unknown[]) =>
      admin.call<Record<string, unknown>[]>('POST', `${API}/${name}/addFullByOrgId`, {
        json: { organizationId: orgId, items: list },
        idempotencyKey: newKey(),
      })
    const list = (name: string) => admin.call<Record<string, unknown>[]>('GET', `${API}/${name}/list`, { query: { organizationId: orgId } })

    const contacts = await save('orgContact', [
      { contactName: '张丽', post: '办公室主任', phone: '13800001111', email: 'zl@example.cn' },
      { contactName: '李强', phone: '029-86660001' },
    ])
    expect(contacts.body.code).toBe(10000)
    expect(contacts.body.data.map((c) => c.contactName)).toEqual(['张丽', '李强'])
    const keepId = contacts.body.data[0]!.orgContactId
    const replaced = await save('orgContact', [
      { orgContactId: keepId, contactName: '张丽', post: '总经理助理', phone: '13800001111' },
      { contactName: '王芳', phone: '13900002222' },
    ])
    expect(replaced.body.data.map((c) => [c.contactName, c.post ?? null])).toEqual([
      ['张丽', '总经理助理'],
      ['王芳', null],
    ])
    expect(replaced.body.data[0]!.orgContactId).toBe(keepId)
    expect(replaced.body.data[0]!.version).toBe(1)

    const repeated = await save('orgContact', [
      { contactName: '赵六', phone: '13700003333' },
      { contactName: '赵六', phone: '13700003333' },
    ])
    expect(repeated.body.code).toBe(20001)
    expect((repeated.body.data as unknown as FieldError[])[0]).toMatchObject({ field: 'items', key: 'v.repeat:赵六 13700003333' })
    expect((repeated.body.data as unknown as FieldError[])[0]!.message).toContain('赵六 13700003333')
    expect((await list('orgContact')).body.data).toHaveLength(2) // all or nothing

    const badRow = await save('orgContact', [{ contactName: '钱七', phone: '12' }])
    expect(fieldsOf(badRow.body.data)).toEqual(['items.0.phone'])

    expect(
      (await save('orgListing', [{ institutionName: '上海证券交易所', stockCode: '601999', listingDate: '2015-06-30' }])).body.code,
    ).toBe(10000)
    const dupListing = await save('orgListing', [{ institutionName: '上海证券交易所' }, { institutionName: '上海证券交易所' }])
    expect(dupListing.body.code).toBe(20001)
    const cowork = await save('orgCowork', [{ coworkName: '某某设计研究院', creditCode: tampered(randomCreditCode()) }])
    expect(fieldsOf(cowork.body.data)).toEqual(['items.0.creditCode'])
    expect(
      (await save('orgCowork', [{ coworkName: '某某设计研究院', contactPerson: '郑工', contactPhone: '13600004444' }])).body.code,
    ).toBe(10000)

    const qual = {
      qualificationName: '建筑工程施工总承包一级',
      level: 'first',
      category: 'construction',
      certificateNo: 'D161234567',
      validFrom: '2024-01-01',
      validTo: '2028-12-31',
    }
    const quals = await save('orgQualification', [qual])
    expect(quals.body.code).toBe(10000)
    expect(quals.body.data[0]).toMatchObject({ ...qual, frontUrl: null, backUrl: null })
    const backwards = await save('orgQualification', [{ ...qual, validFrom: '2029-01-01' }])
    expect(backwards.body.data).toEqual([expect.objectContaining({ field: 'items.0.validTo', key: 'v.dateOrder' })])
    const badLevel = await save('orgQualification', [{ ...qual, level: '特级', validTo: '2024-02-30' }])
    expect(fieldsOf(badLevel.body.data).sort()).toEqual(['items.0.level', 'items.0.validTo'])
    const foreignScan = await save('orgQualification', [{ ...qual, frontFileId: '01900000-0000-7000-8000-000000000002' }])
    expect(fieldsOf(foreignScan.body.data)).toEqual(['items.0.frontFileId'])

    const qid = quals.body.data[0]!.orgQualificationId as string
    expect((await del(admin, 'orgQualification', [qid])).body.code).toBe(10000)
    expect((await list('orgQualification')).body.data).toEqual([])
    expect((await save('orgContact', [])).body.data).toEqual([])

    // deleting the unit takes its lists with it
    expect((await del(admin, 'org', [orgId])).body.code).toBe(10000)
    expect((await list('orgListing')).body.code).toBe(20002)
  })

  it('keeps uploaded scans on a qualification and answers their signed URLs', async () => {
    const unit = (await addUnit(admin)).body.data
    const scan = await upload(admin, 'scan', '资质正面.png', 'image/png', png(8, 6))
    expect(scan.body.code).toBe(10000)
    const saved = await admin.call<{ frontFileId: string; frontUrl: string; frontMime: string; backUrl: null }[]>(
      'POST',
      `${API}/orgQualification/addFullByOrgId`,
      {
        json: {
          organizationId: unit.organizationId,
          items: [
            {
              qualificationName: '工程监理综合资质',
              level: 'first',
              category: 'supervision',
              validFrom: '2023-05-01',
              validTo: '2028-04-30',
              frontFileId: scan.body.data.fileId,
            },
          ],
        },
        idempotencyKey: newKey(),
      },
    )
    expect(saved.body.data[0]).toMatchObject({ frontFileId: scan.body.data.fileId, frontMime: 'image/png', backUrl: null })
    const image = await fetch(t.url + saved.body.data[0]!.frontUrl)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/png')
    // a file uploaded for another purpose (a staff photo) is not a scan
    const photo = await upload(admin, 'photo', '照片.png', 'image/png', png(8, 6))
    const wrong = await admin.call<FieldError[]>('POST', `${API}/orgQualification/addFullByOrgId`, {
      json: {
        organizationId: unit.organizationId,
        items: [
          {
            qualificationName: '工程监理综合资质',
            level: 'first',
            category: 'supervision',
            validFrom: '2023-05-01',
            validTo: '2028-04-30',
            backFileId: photo.body.data.fileId,
          },
        ],
      },
      idempotencyKey: newKey(),
    })
    expect(wrong.body.code).toBe(20001)
    expect(fieldsOf(wrong.body.data)).toEqual(['items.0.backFileId'])
    await del(admin, 'org', [unit.organizationId])
  })

  it('imports units from Excel: good rows under their parent, bad rows reported', async () => {
    const parent = (await addUnit(admin)).body.data
    const good = uniqueName('导入测试项目经理部')
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('导入模板')
    ws.addRow(['*单位名称', '单位简称', '统一社会信用代码', '*单位类型', '上级单位', '联系人', '联系电话'])
    ws.addRow([good, '导入项目部', '', '施工单位', parent.organizationName, '孟工', '13700001111'])
    ws.addRow([uniqueName('导入坏代码公司'), '', tampered(randomCreditCode()), '施工单位', '', '', ''])
    ws.addRow([uniqueName('导入坏类型公司'), '', '', '不存在的类型', '', '', ''])
    ws.addRow([uniqueName('导入坏上级公司'), '', '', '监理单位', '不存在的上级单位', '', '13700002222'])
    const r = await admin.call<{ total: number; succeeded: number; failed: number; done: boolean }>('POST', `${API}/org/import`, {
      raw: multipart({
        name: 'units.xlsx',
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        bytes: Buffer.from(await wb.xlsx.writeBuffer()),
      }),
      unsignedPayload: true,
      idempotencyKey: newKey(),
    })
    expect(r.body.code, r.text).toBe(10000)
    expect(r.body.data).toMatchObject({ total: 4, succeeded: 1, failed: 3, done: true })
    const added = (await admin.call<Unit[]>('GET', `${API}/org/list`, { query: { organizationName: good } })).body.data
    expect(added).toEqual([
      expect.objectContaining({ parentId: parent.organizationId, organizationTypeName: '施工单位', contactPhone: '13700001111' }),
    ])
    await del(admin, 'org', [added[0]!.organizationId, parent.organizationId])
  })

  it('keeps groups of accounts and account limits', async () => {
    const unit = (await addUnit(admin)).body.data
    const group = await admin.call<{ orgGroupId: string; accountCount: number }>('POST', `${API}/orgGroup/add`, {
      json: { organizationId: unit.organizationId, groupName: '安全质量组', sort: 1 },
      idempotencyKey: newKey(),
    })
    expect(group.body.code).toBe(10000)
    const again = await admin.call('POST', `${API}/orgGroup/add`, {
      json: { organizationId: unit.organizationId, groupName: '安全质量组' },
      idempotencyKey: newKey(),
    })
    expect(again.body).toMatchObject({ code: 20006, data: { field: 'groupName' } })

    const me = (await admin.call<{ accountId: string }>('GET', '/api/portal/v1/user/info')).body.data
    const member = await admin.call<{ accountName: string }>('POST', `${API}/orgGroupAccount/add`, {
      json: { orgGroupId: group.body.data.orgGroupId, accountId: me.accountId },
      idempotencyKey: newKey(),
    })
    expect(member.body.code).toBe(10000)
    expect(member.body.data.accountName).toBe('admin')
    const twice = await admin.call('POST', `${API}/orgGroupAccount/add`, {
      json: { orgGroupId: group.body.data.orgGroupId, accountId: me.accountId },
      idempotencyKey: newKey(),
    })
    expect(twice.body.code).toBe(20006)
    const groups = await admin.call<{ accountCount: number }[]>('GET', `${API}/orgGroup/list`, {
      query: { organizationId: unit.organizationId },
    })
    expect(groups.body.data.map((g) => g.accountCount)).toEqual([1])

    const limit = await admin.call('POST', `${API}/orgAccount/setAccountLimit`, {
      json: { organizationId: unit.organizationId, accountLimit: 25 },
      idempotencyKey: newKey(),
    })
    expect(limit.body.code).toBe(10000)
    const rows = await admin.call<Page<{ organizationId: string; accountLimit: number; accountCount: number }>>(
      'GET',
      `${API}/orgAccount/listPage`,
      { query: { keyword: unit.organizationName } },
    )
    expect(rows.body.data.records).toEqual([
      expect.objectContaining({ organizationId: unit.organizationId, accountLimit: 25, accountCount: 0 }),
    ])
    const negative = await admin.call('POST', `${API}/orgAccount/setAccountLimit`, {
      json: { organizationId: unit.organizationId, accountLimit: -1 },
    })
    expect(fieldsOf(negative.body.data)).toEqual(['accountLimit'])
    const cleared = await admin.call('POST', `${API}/orgAccount/setAccountLimit`, { json: { organizationId: unit.organizationId } })
    expect(cleared.body.data).toMatchObject({ accountLimit: null })

    const search = await admin.call<Page<{ organizationId: string }>>('GET', `${API}/orgSearch/listPage`, {
      query: { keyword: unit.creditCode!, pageSize: 5 },
    })
    expect(search.body.data.records.map((r) => r.organizationId)).toEqual([unit.organizationId])

    // both list pages sort by what they offer (sortBy / desc)
    const counts = async (desc: boolean) =>
      (
        await admin.call<Page<{ accountCount: number }>>('GET', `${API}/orgAccount/listPage`, {
          query: { sortBy: 'accountCount', desc: String(desc), pageSize: 200 },
        })
      ).body.data.records.map((r) => r.accountCount)
    const down = await counts(true)
    expect(down).toEqual([...down].sort((a, b) => b - a))
    const up = await counts(false)
    expect(up).toEqual([...up].sort((a, b) => a - b))
    const codes = async (desc: boolean) =>
      (
        await admin.call<Page<{ creditCode: string | null }>>('GET', `${API}/orgSearch/listPage`, {
          query: { sortBy: 'creditCode', desc: String(desc), pageSize: 50 },
        })
      ).body.data.records.map((r) => r.creditCode ?? '')
    const second = (await addUnit(admin)).body.data // two codes at least, demo data or not
    const az = (await codes(false)).filter(Boolean) // ascending: units without a code come last
    expect(az.length).toBeGreaterThan(1)
    expect(az).toEqual([...az].sort())

    await del(admin, 'org', [unit.organizationId, second.organizationId])
  })

  it.runIf(t.demo)('keeps an organisation administrator inside their own group of units', async () => {
    const orgadmin = await signedIn(t, 'orgadmin')
    const find = async (name: string) =>
      (await admin.call<Page<Unit>>('GET', `${API}/org/listPage`, { query: { organizationName: name } })).body.data.records[0]!
    const owner = await find('中国铁路华东投资集团有限公司')
    const other = await find('中交瀚海工程局有限公司')
    const own = await find('中铁恒岳建设集团有限公司')

    const all = (await orgadmin.call<Unit[]>('GET', `${API}/org/list`)).body.data
    const visible = all.map((u) => u.organizationName)
    expect(visible).toContain('中铁恒岳建设集团有限公司')
    expect(visible).toContain('中铁恒岳建设集团第一工程有限公司')
    expect(visible).not.toContain(owner.organizationName)
    expect(visible).not.toContain(other.organizationName)
    const page = await orgadmin.call<Page<Unit>>('GET', `${API}/org/listPage`, { query: { keyword: '中交瀚海' } })
    expect(page.body.data.total).toBe(0)

    // the tree: under 施工单位 only their own group
    const under = (await orgadmin.call<Node[]>('GET', `${API}/org/listTree`, { query: { nodeId: typeId('construction'), nodeType: 1 } }))
      .body.data
    expect(under.map((n) => n.nodeId)).toEqual([own.organizationId])
    expect(
      (await orgadmin.call<{ total: number }>('GET', `${API}/org/listByKeyword`, { query: { keyword: '瀚海' } })).body.data.total,
    ).toBe(0)
    expect((await orgadmin.call('GET', `${API}/org/listTree`, { query: { nodeId: other.organizationId, nodeType: 2 } })).body.code).toBe(
      20002,
    )

    // direct calls with another group's id
    const foreign = {
      ...unitBody({ organizationName: other.organizationName, creditCode: other.creditCode }),
      organizationId: other.organizationId,
      version: other.version,
    }
    expect((await orgadmin.call('PUT', `${API}/org/update`, { json: foreign, idempotencyKey: newKey() })).body.code).toBe(20002)
    expect((await del(orgadmin, 'org', [other.organizationId])).body.code).toBe(20002)
    for (const sub of ['orgContact', 'orgListing', 'orgCowork', 'orgQualification']) {
      expect((await orgadmin.call('GET', `${API}/${sub}/list`, { query: { organizationId: owner.organizationId } })).body.code).toBe(20002)
      const save = await orgadmin.call('POST', `${API}/${sub}/addFullByOrgId`, {
        json: { organizationId: owner.organizationId, items: [] },
        idempotencyKey: newKey(),
      })
      expect(save.body.code).toBe(20002)
    }
    const ownerContacts = (
      await admin.call<{ orgContactId: string }[]>('GET', `${API}/orgContact/list`, { query: { organizationId: owner.organizationId } })
    ).body.data
    expect(ownerContacts.length).toBeGreaterThan(0)
    expect((await del(orgadmin, 'orgContact', [ownerContacts[0]!.orgContactId])).body.code).toBe(20002)
    expect(
      (await orgadmin.call('GET', `${API}/org/listOrgNodeByOrgIds`, { query: { orgIds: `${own.organizationId},${owner.organizationId}` } }))
        .body.code,
    ).toBe(20002)
    expect(
      (await orgadmin.call('GET', `${API}/org/getOrgAndDeptTreeByOrgIds`, { query: { orgIds: owner.organizationId } })).body.code,
    ).toBe(20002)
    const adminInfo = (await admin.call<{ accountId: string }>('GET', '/api/portal/v1/user/info')).body.data
    expect((await orgadmin.call('GET', `${API}/org/getByUserId`, { query: { userId: adminInfo.accountId } })).body.code).toBe(20002)
    const selfInfo = (await orgadmin.call<{ accountId: string }>('GET', '/api/portal/v1/user/info')).body.data
    expect(
      (await orgadmin.call<Unit>('GET', `${API}/org/getByUserId`, { query: { userId: selfInfo.accountId } })).body.data.organizationId,
    ).toBe(own.organizationId)
    expect(
      (
        await orgadmin.call('POST', `${API}/orgGroup/add`, {
          json: { organizationId: owner.organizationId, groupName: '越权分组' },
          idempotencyKey: newKey(),
        })
      ).body.code,
    ).toBe(20002)
    const ownerGroups = (await orgadmin.call<unknown[]>('GET', `${API}/orgGroup/list`)).body.data as { organizationId: string }[]
    expect(ownerGroups.every((g) => g.organizationId !== owner.organizationId)).toBe(true)
    expect(
      (
        await orgadmin.call('POST', `${API}/orgAccount/setAccountLimit`, {
          json: { organizationId: other.organizationId, accountLimit: 9 },
        })
      ).body.code,
    ).toBe(20002)
    expect(
      (
        await orgadmin.call('POST', `${API}/orgAccount/setAccountLimit`, {
          json: { organizationId: own.organizationId, accountLimit: 9999 },
        })
      ).body.code,
    ).toBe(20021)
    expect((await orgadmin.call<Page<unknown>>('GET', `${API}/orgSearch/listPage`, { query: { keyword: '瀚海' } })).body.data.total).toBe(0)

    // adding: under another group's unit or at the top → 20002; under their own → fine
    expect((await addUnit(orgadmin, { parentId: other.organizationId })).body.code).toBe(20002)
    const top = await addUnit(orgadmin)
    expect(top.body).toMatchObject({ code: 20021, message: expect.stringContaining('顶级单位') })
    // their own top unit (no parent) stays editable
    const ownBody = {
      ...unitBody({ organizationName: own.organizationName, creditCode: own.creditCode, legalPerson: '赵振华' }),
      organizationId: own.organizationId,
      version: own.version,
    }
    expect((await orgadmin.call('PUT', `${API}/org/update`, { json: ownBody, idempotencyKey: newKey() })).body.code).toBe(10000)
    const mine = await addUnit(orgadmin, { parentId: own.organizationId })
    expect(mine.body.code).toBe(10000)
    const moveAway = await orgadmin.call('PUT', `${API}/org/update`, {
      json: {
        ...unitBody({ organizationName: mine.body.data.organizationName, creditCode: mine.body.data.creditCode }),
        organizationId: mine.body.data.organizationId,
        version: 0,
        parentId: other.organizationId,
      },
    })
    expect(moveAway.body.code).toBe(20002)
    expect((await del(orgadmin, 'org', [mine.body.data.organizationId])).body.code).toBe(10000)
  })

  it.runIf(t.demo)('lets a tourist read units but change nothing', async () => {
    const tourist = await signedIn(t, 'tourist')
    expect((await tourist.call('GET', `${API}/org/listTree`)).body.code).toBe(10000)
    expect((await addUnit(tourist)).body.code).toBe(20003)
    const own = (await tourist.call<Unit[]>('GET', `${API}/org/list`)).body.data[0]!
    const save = await tourist.call('POST', `${API}/orgContact/addFullByOrgId`, { json: { organizationId: own.organizationId, items: [] } })
    expect(save.body.code).toBe(20003)
  })
})
