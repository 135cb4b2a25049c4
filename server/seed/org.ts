/**
 * Demo organisation data (embedded database only), after the base seed's units, roles and
 * accounts: every SPEC §3 field of the main units, child units (分公司, 项目经理部, 监理站…), a
 * consulting firm, contacts, listing and co-office institutions, qualifications (one expired) and
 * account groups. Names are invented; credit codes carry valid GB 32100-2015 check characters.
 */
import { eq, inArray } from 'drizzle-orm'
import { CREDIT_CODE_CHARS, creditCodeCheckChar } from '../../src/contract/rules'
import { newId } from '../../src/contract/ids'
import type { Db } from '../db/client'
import * as t from '../db/schema'
import { orgTree } from '../modules/org'
import { SEED_STAMP, organizationRow, type DemoUnit } from './rows'

/** A credit code from its first 17 characters. */
export const creditCodeOf = (first17: string): string => {
  const check = creditCodeCheckChar(first17)
  if (!check) throw new Error(`not a credit code prefix: ${first17}`)
  return first17 + check
}

const day = 86_400_000
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

type Details = Partial<
  Pick<typeof t.organization.$inferInsert, 'email' | 'fax' | 'website' | 'depositBank' | 'bankAccount' | 'taxCode' | 'accountLimit'>
>

/** Fields the base seed leaves empty, per unit key of seed-data.ts. */
const DETAILS: Record<string, Details> = {
  owner: {
    email: 'office@hdrail-invest.example.cn',
    fax: '025-86630218',
    website: 'www.hdrail-invest.example.cn',
    depositBank: '中国工商银行南京建邺支行',
    bankAccount: '4301016509100218866',
    accountLimit: 200,
  },
  design: {
    email: 'contact@yjdesign.example.cn',
    fax: '027-87560306',
    website: 'https://www.yjdesign.example.cn',
    depositBank: '中国建设银行武汉洪山支行',
    bankAccount: '42050110084600000306',
    accountLimit: 150,
  },
  contractor: {
    email: 'hr@hengyue-cg.example.cn',
    fax: '029-88326048',
    website: 'www.hengyue-cg.example.cn',
    depositBank: '中国银行西安雁塔支行',
    bankAccount: '102865431022',
    accountLimit: 500,
  },
  'contractor-1': {
    email: 'yigongsi@hengyue-cg.example.cn',
    fax: '029-86150066',
    depositBank: '中国农业银行西安未央支行',
    bankAccount: '26105101040012345',
    accountLimit: 120,
  },
  'contractor-bridge': {
    email: 'qiaoliang@hengyue-cg.example.cn',
    fax: '0917-3261212',
    depositBank: '招商银行宝鸡分行',
    bankAccount: '917900112210606',
    accountLimit: 80,
  },
  ccc: {
    email: 'office@zjhanhai.example.cn',
    fax: '0755-26881088',
    website: 'www.zjhanhai.example.cn',
    depositBank: '交通银行深圳南山支行',
    bankAccount: '443066285018150088866',
    accountLimit: 300,
  },
  supervision: {
    email: 'jianli@hengxin-sup.example.cn',
    fax: '0551-65310699',
    website: 'www.hengxin-sup.example.cn',
    depositBank: '徽商银行合肥蜀山支行',
    bankAccount: '1021201021000369981',
    accountLimit: 60,
  },
  testing: {
    email: 'lab@huace-zk.example.cn',
    fax: '010-68412700',
    website: 'www.huace-zk.example.cn',
    depositBank: '北京银行海淀支行',
    bankAccount: '20000012345600221768',
    accountLimit: 60,
  },
}

interface ChildUnit extends DemoUnit {
  key: string
  parent: string
  type: string
}

const CHILDREN: ChildUnit[] = [
  {
    key: 'owner-hq',
    parent: 'owner',
    type: 'owner',
    name: '华东铁投沪宁城际铁路建设指挥部',
    short: '沪宁城际指挥部',
    contactPerson: '顾文斌',
    contactPhone: '025-86630301',
    address: '江苏省南京市玄武区龙蟠路111号',
  },
  {
    key: 'owner-hub',
    parent: 'owner',
    type: 'owner',
    name: '华东铁投南京枢纽工程建设管理部',
    short: '南京枢纽建管部',
    contactPerson: '钱志伟',
    contactPhone: '13951762230',
    address: '江苏省南京市秦淮区应天大街388号',
  },
  {
    key: 'design-east',
    parent: 'design',
    type: 'design',
    name: '中铁远景勘察设计院有限公司华东分院',
    short: '远景华东分院',
    creditCode: creditCodeOf('91320100MA1R7H2K3'),
    legalPerson: '彭建平',
    contactPerson: '叶青',
    contactPhone: '025-52318877',
    address: '江苏省南京市鼓楼区中山北路283号',
  },
  {
    key: 'contractor-east',
    parent: 'contractor',
    type: 'construction',
    name: '中铁恒岳建设集团有限公司华东分公司',
    short: '恒岳华东分公司',
    creditCode: creditCodeOf('91320100MA1T4N8P6'),
    legalPerson: '董立军',
    contactPerson: '范明',
    contactPhone: '13813962258',
    address: '江苏省南京市江宁区双龙大道1539号',
  },
  {
    key: 'contractor-1-pm',
    parent: 'contractor-1',
    type: 'construction',
    name: '中铁恒岳第一工程有限公司沪宁城际SG-2标项目经理部',
    short: '恒岳一公司SG-2项目部',
    contactPerson: '曹宇',
    contactPhone: '13770653312',
    address: '江苏省常州市武进区湖塘镇长安路6号',
  },
  {
    key: 'contractor-bridge-pm',
    parent: 'contractor-bridge',
    type: 'construction',
    name: '中铁恒岳桥梁工程有限公司江阴长江大桥项目经理部',
    short: '恒岳桥梁江阴项目部',
    contactPerson: '邓文涛',
    contactPhone: '13606165532',
    address: '江苏省江阴市澄江街道滨江西路9号',
  },
  {
    key: 'ccc-east',
    parent: 'ccc',
    type: 'construction',
    name: '中交瀚海工程局有限公司华东分公司',
    short: '瀚海华东分公司',
    creditCode: creditCodeOf('91310115MA1H9K2L7'),
    legalPerson: '孔令军',
    contactPerson: '谢晓东',
    contactPhone: '021-58832266',
    address: '上海市浦东新区世纪大道1600号',
  },
  {
    key: 'ccc-pm',
    parent: 'ccc-east',
    type: 'construction',
    name: '中交瀚海工程局沪宁城际SG-3标项目经理部',
    short: '瀚海SG-3项目部',
    contactPerson: '蒋涛',
    contactPhone: '13862117745',
    address: '江苏省苏州市相城区元和街道华元路18号',
  },
  {
    key: 'supervision-station',
    parent: 'supervision',
    type: 'supervision',
    name: '江淮恒信监理沪宁城际铁路监理站',
    short: '恒信沪宁监理站',
    contactPerson: '潘国强',
    contactPhone: '13505513398',
    address: '江苏省无锡市梁溪区通江大道88号',
  },
  {
    key: 'testing-nj',
    parent: 'testing',
    type: 'testing',
    name: '华测中科工程检测有限公司南京实验室',
    short: '华测南京实验室',
    creditCode: creditCodeOf('91320106MA1W3C5X8'),
    legalPerson: '田野',
    contactPerson: '崔丽娟',
    contactPhone: '025-83316620',
    address: '江苏省南京市鼓楼区草场门大街99号',
  },
  {
    key: 'consulting',
    parent: '',
    type: 'consulting',
    name: '华咨工程造价咨询有限公司',
    short: '华咨造价',
    creditCode: creditCodeOf('91320000MA1N6B7Q2'),
    legalPerson: '任晓明',
    contactPerson: '杜欣',
    contactPhone: '025-84457796',
    address: '江苏省南京市建邺区江东中路369号',
  },
]

type Contact = [name: string, post: string, phone: string, email?: string]
const CONTACTS: Record<string, Contact[]> = {
  owner: [
    ['陈晓峰', '工程管理部部长', '13905160218', 'chenxf@hdrail-invest.example.cn'],
    ['沈佳怡', '合同管理专员', '13770932215'],
    ['王磊', '安全质量部副部长', '025-86630235'],
  ],
  design: [
    ['孙海燕', '总工办主任', '13871023456', 'sunhy@yjdesign.example.cn'],
    ['黎明', '桥梁所所长', '13971226688'],
  ],
  contractor: [
    ['马俊', '办公室主任', '13709182233', 'majun@hengyue-cg.example.cn'],
    ['刘海涛', '信息化负责人', '13991826350', 'liuhaitao@trestle.example.cn'],
    ['杨帆', '工程部经理', '13892045566'],
  ],
  ccc: [['林志强', '经营部经理', '13825093344', 'linzq@zjhanhai.example.cn']],
  supervision: [
    ['许静', '总监代表', '13956071122'],
    ['胡斌', '专业监理工程师', '13855106673'],
  ],
  testing: [['何丽', '检测中心主任', '13601234567', 'heli@huace-zk.example.cn']],
}

type Listing = [institution: string, stockCode: string, date: string]
const LISTINGS: Record<string, Listing[]> = {
  contractor: [
    ['上海证券交易所', '601886', '2008-03-10'],
    ['香港联合交易所', '01886', '2008-03-13'],
  ],
  ccc: [['上海证券交易所', '601968', '2012-03-09']],
  testing: [['深圳证券交易所', '300912', '2020-11-18']],
}

type Cowork = [name: string, contact: string, phone: string]
const COWORKS: Record<string, Cowork[]> = {
  owner: [
    ['中铁远景勘察设计院有限公司', '孙海燕', '13871023456'],
    ['江淮恒信工程监理咨询有限公司', '许静', '13956071122'],
    ['华测中科工程检测有限公司', '何丽', '13601234567'],
  ],
  contractor: [
    ['中铁远景勘察设计院有限公司', '黎明', '13971226688'],
    ['江苏省交通规划设计院南京分院', '郑凯', '025-84417720'],
  ],
  supervision: [['华测中科工程检测有限公司', '崔丽娟', '025-83316620']],
}

type Qual = [name: string, level: string, category: string, certificateNo: string, issuer: string, fromDaysAgo: number, toDaysAhead: number]
const QUALIFICATIONS: Record<string, Qual[]> = {
  design: [
    ['工程设计铁道行业甲级', 'first', 'design', 'A142001234', '中华人民共和国住房和城乡建设部', 900, 900],
    ['工程勘察综合类甲级', 'first', 'design', 'B142005678', '中华人民共和国住房和城乡建设部', 700, 1100],
    ['工程咨询单位甲级资信', 'first', 'consulting', '甲142021010056', '中国工程咨询协会', 400, 700],
  ],
  contractor: [
    ['铁路工程施工总承包特级', 'other', 'construction', 'D161003217', '中华人民共和国住房和城乡建设部', 1000, 800],
    ['桥梁工程专业承包一级', 'first', 'construction', 'D261008842', '陕西省住房和城乡建设厅', 600, 1200],
    ['隧道工程专业承包二级', 'second', 'construction', 'D361011209', '陕西省住房和城乡建设厅', 1800, -40],
  ],
  'contractor-1': [['市政公用工程施工总承包一级', 'first', 'construction', 'D261010035', '陕西省住房和城乡建设厅', 500, 1300]],
  ccc: [['港口与航道工程施工总承包特级', 'other', 'construction', 'D144000071', '中华人民共和国住房和城乡建设部', 800, 1000]],
  supervision: [
    ['工程监理综合资质', 'first', 'supervision', 'E134001189', '中华人民共和国住房和城乡建设部', 300, 1500],
    ['铁路工程监理甲级', 'first', 'supervision', 'E234002277', '国家铁路局', 1500, 60],
  ],
  testing: [['建设工程质量检测机构资质（综合类）', 'first', 'testing', 'JC110200315', '北京市住房和城乡建设委员会', 200, 1600]],
  consulting: [
    ['工程造价咨询企业甲级', 'first', 'consulting', '甲320110018', '江苏省住房和城乡建设厅', 650, 450],
    ['招标代理机构乙级', 'second', 'consulting', 'ZB320200346', '江苏省住房和城乡建设厅', 400, 300],
  ],
}

const GROUPS: Record<string, { name: string; remark: string; accounts: string[] }[]> = {
  owner: [
    { name: '建设管理组', remark: '指挥部日常建设管理', accounts: ['admin'] },
    { name: '访客组', remark: '只读浏览', accounts: ['tourist'] },
  ],
  contractor: [
    { name: '安全质量组', remark: '安全质量检查与整改闭环', accounts: ['orgadmin', 'zhangwei'] },
    { name: '工程技术组', remark: '施工技术方案与交底', accounts: ['zhangwei'] },
  ],
  ccc: [{ name: '项目协同组', remark: '参建项目账号', accounts: ['lisite'] }],
}

/** Adds the organisation demo data; `orgIds` maps the base seed's unit keys to ids. */
export async function seedOrgDemo(tx: Db, orgIds: Map<string, string>): Promise<void> {
  const now = Date.now()
  // Fill the main units' remaining fields (tax number = credit code, as for every post-2015 company).
  const mains = await tx.select({ id: t.organization.organizationId, creditCode: t.organization.creditCode }).from(t.organization)
  const codeOf = new Map(mains.map((m) => [m.id, m.creditCode]))
  for (const [key, details] of Object.entries(DETAILS)) {
    const id = orgIds.get(key)
    if (id)
      await tx
        .update(t.organization)
        .set({ ...details, taxCode: codeOf.get(id) ?? null })
        .where(eq(t.organization.organizationId, id))
  }

  const types = new Map(
    (await tx.select({ id: t.organizationType.organizationTypeId, code: t.organizationType.typeCode }).from(t.organizationType)).map(
      (r) => [r.code, r.id],
    ),
  )
  const ids = new Map(orgIds)
  for (const [i, c] of CHILDREN.entries()) {
    const id = newId()
    ids.set(c.key, id)
    await tx.insert(t.organization).values({
      ...organizationRow(
        c,
        { organizationId: id, parentId: c.parent ? (ids.get(c.parent) ?? null) : null, organizationTypeId: types.get(c.type) ?? null },
        100 + i,
      ),
      taxCode: c.creditCode ?? null,
    })
  }

  const rows = <T>(byKey: Record<string, T[]>, make: (orgId: string, item: T, sort: number) => Record<string, unknown>) =>
    Object.entries(byKey).flatMap(([key, items]) => {
      const orgId = ids.get(key)
      return orgId ? items.map((item, i) => ({ ...make(orgId, item, i + 1), ...SEED_STAMP })) : []
    })

  await tx.insert(t.orgContact).values(
    rows(CONTACTS, (organizationId, [contactName, post, phone, email], sort) => ({
      orgContactId: newId(),
      organizationId,
      contactName,
      post,
      phone,
      email: email ?? null,
      sort,
    })) as never,
  )
  await tx.insert(t.orgListing).values(
    rows(LISTINGS, (organizationId, [institutionName, stockCode, listingDate], sort) => ({
      orgListingId: newId(),
      organizationId,
      institutionName,
      stockCode,
      listingDate,
      sort,
    })) as never,
  )
  await tx.insert(t.orgCowork).values(
    rows(COWORKS, (organizationId, [coworkName, contactPerson, contactPhone], sort) => ({
      orgCoworkId: newId(),
      organizationId,
      coworkName,
      contactPerson,
      contactPhone,
      sort,
    })) as never,
  )
  await tx.insert(t.orgQualification).values(
    rows(QUALIFICATIONS, (organizationId, [qualificationName, level, category, certificateNo, issuer, from, to], sort) => ({
      orgQualificationId: newId(),
      organizationId,
      qualificationName,
      level,
      category,
      certificateNo,
      issuer,
      validFrom: isoDay(now - from * day),
      validTo: isoDay(now + to * day),
      sort,
    })) as never,
  )

  const names = [...new Set(Object.values(GROUPS).flatMap((gs) => gs.flatMap((g) => g.accounts)))]
  const accounts = new Map(
    (
      await tx.select({ id: t.account.accountId, name: t.account.accountName }).from(t.account).where(inArray(t.account.accountName, names))
    ).map((a) => [a.name, a.id]),
  )
  for (const [key, groups] of Object.entries(GROUPS)) {
    const organizationId = ids.get(key)
    if (!organizationId) continue
    for (const [gi, g] of groups.entries()) {
      const orgGroupId = newId()
      await tx.insert(t.orgGroup).values({ orgGroupId, organizationId, groupName: g.name, remark: g.remark, sort: gi + 1, ...SEED_STAMP })
      const members = g.accounts.map((n) => accounts.get(n)).filter((a): a is string => !!a)
      if (members.length)
        await tx.insert(t.orgGroupAccount).values(
          members.map((accountId, i) => ({
            orgGroupAccountId: newId(),
            orgGroupId,
            accountId,
            organizationId,
            sort: i + 1,
            ...SEED_STAMP,
          })),
        )
    }
  }
}

const REGIONS = [
  '华北',
  '华东',
  '华南',
  '华中',
  '西南',
  '西北',
  '东北',
  '京津',
  '长三角',
  '珠三角',
  '成渝',
  '关中',
  '中原',
  '海峡',
  '北部湾',
  '环渤海',
]
const TRADES = ['建设', '路桥', '隧道', '轨道', '市政', '勘察设计', '工程监理', '工程检测', '工程咨询', '电气化', '房建', '机电安装']

/**
 * The bench's unit tree (bench/org-tree.ts): `n` units in three levels — groups (1/25), their
 * branches (8 each) and project departments (2 per branch) — over the seeded unit types, bulk
 * inserted in chunks. Groups and branches carry valid credit codes. Returns how many were added.
 */
export async function insertBenchUnits(db: Db, n: number): Promise<number> {
  const types = (await db.select({ id: t.organizationType.organizationTypeId }).from(t.organizationType)).map((r) => r.id)
  const rows: (typeof t.organization.$inferInsert)[] = []
  // the organisation-code part: `i` written in the code's own 31 characters (distinct for distinct i)
  const code = (i: number) => {
    let org = ''
    for (let v = i; org.length < 9; v = Math.floor(v / 31)) org = CREDIT_CODE_CHARS[v % 31]! + org
    return creditCodeOf(`91110000${org}`)
  }
  let serial = 0
  const add = (name: string, parentId: string | null, typeId: string, withCode: boolean) => {
    const id = newId()
    serial++
    rows.push({
      organizationId: id,
      parentId,
      organizationTypeId: typeId,
      organizationName: name,
      shortName: name.slice(0, 12),
      creditCode: withCode ? code(serial) : null,
      sort: serial,
      ...SEED_STAMP,
    })
    return id
  }
  const groups = Math.max(1, Math.round(n / 25))
  for (let g = 0; g < groups && rows.length < n; g++) {
    const region = REGIONS[g % REGIONS.length]!
    const trade = TRADES[Math.floor(g / REGIONS.length) % TRADES.length]!
    const typeId = types[g % types.length]!
    const groupName = `${region}${trade}第${g + 1}集团有限公司`
    const groupId = add(groupName, null, typeId, true)
    for (let b = 1; b <= 8 && rows.length < n; b++) {
      const branchId = add(`${groupName}第${b}分公司`, groupId, typeId, true)
      for (let p = 1; p <= 2 && rows.length < n; p++) add(`${region}${trade}${g + 1}-${b}-${p}标段项目经理部`, branchId, typeId, false)
    }
  }
  for (let i = 0; i < rows.length; i += 1000) await db.insert(t.organization).values(rows.slice(i, i + 1000))
  await orgTree.rebuildPaths(db)
  return rows.length
}
