/**
 * Demo departments and staff (embedded database only), after the organisation seed: departments
 * for every unit (a 项目经理部 with sub-departments where it fits), a few hundred staff with
 * realistic names, valid ID numbers (GB 11643 check characters, birth dates that match), phones,
 * posts and position levels, some with education and certificates, a few waiting for review or
 * rejected; the demo accounts are linked to their staff records. Deterministic (seeded PRNG), so
 * every fresh database looks the same. `generateStaff` is also used by the bench (bench/people.ts).
 */
import { asc, inArray } from 'drizzle-orm'
import { newId } from '../../src/contract/ids'
import { isValidIdCard } from '../../src/contract/rules'
import type { Degree, PostCode, PositionLevel, TitleLevel } from '../../src/contract/schemas/people'
import type { Db } from '../db/client'
import * as t from '../db/schema'
import { SEED_STAMP } from './rows'

/** mulberry32: a small deterministic PRNG. */
export function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let x = Math.imul(a ^ (a >>> 15), 1 | a)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}
const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤'
const GIVEN_MALE = '伟强磊军勇杰涛斌鹏辉刚建明华亮超峰飞波宇浩凯俊晨志国海东林平文卫振洪鑫毅龙博旭晓卓'
const GIVEN_FEMALE = '芳娜敏静丽艳娟霞燕玲婷雪琳洁倩颖慧佳蕾晶莉萍梅红兰琴璐瑶欣悦琪雯月'
/** Region codes (six digits) of places our demo units recruit from. */
const REGIONS = [
  '110105',
  '110108',
  '310104',
  '320106',
  '320102',
  '330106',
  '340104',
  '350102',
  '360102',
  '370102',
  '410105',
  '420111',
  '420106',
  '430104',
  '440305',
  '440106',
  '500103',
  '510107',
  '610113',
  '610112',
  '620102',
  '640104',
]

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const ID_CHECK = '10X98765432'
/** A valid 18-character ID number from its first 17 digits. */
export function idCardOf(first17: string): string {
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(first17[i]), 0)
  return first17 + ID_CHECK[sum % 11]
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0')

export interface GeneratedPerson {
  name: string
  sex: 'male' | 'female'
  idCard: string
  birthDate: string
  cellphone: string
  email: string | null
}

/**
 * `count` distinct people (unique ID numbers and phones), deterministic for a seed. `taken` holds
 * ID numbers / phones already in use (filled as people are generated).
 */
export function generatePeople(
  count: number,
  seed: number,
  taken: { ids: Set<string>; phones: Set<string> } = { ids: new Set(), phones: new Set() },
): GeneratedPerson[] {
  const rnd = prng(seed)
  const out: GeneratedPerson[] = []
  const phonePrefixes = [
    '130',
    '131',
    '132',
    '133',
    '135',
    '136',
    '137',
    '138',
    '139',
    '150',
    '151',
    '152',
    '155',
    '157',
    '158',
    '159',
    '166',
    '177',
    '180',
    '181',
    '182',
    '185',
    '186',
    '187',
    '188',
    '189',
    '199',
  ]
  while (out.length < count) {
    const sex = rnd() < 0.78 ? 'male' : 'female' // construction sites: mostly men
    const given = sex === 'male' ? GIVEN_MALE : GIVEN_FEMALE
    const name = pick(rnd, [...SURNAMES]) + pick(rnd, [...given]) + (rnd() < 0.62 ? pick(rnd, [...given]) : '')
    const year = 1962 + Math.floor(rnd() * 40)
    const month = 1 + Math.floor(rnd() * 12)
    const day = 1 + Math.floor(rnd() * 28)
    const birthDate = `${year}-${pad(month)}-${pad(day)}`
    // Sequence: the last digit's parity gives the sex (odd male).
    let seq = Math.floor(rnd() * 500) * 2 + (sex === 'male' ? 1 : 0)
    if (seq > 999) seq -= 2
    const idCard = idCardOf(`${pick(rnd, REGIONS)}${year}${pad(month)}${pad(day)}${pad(seq, 3)}`)
    const cellphone = `${pick(rnd, phonePrefixes)}${pad(Math.floor(rnd() * 1e8), 8)}`
    if (taken.ids.has(idCard) || taken.phones.has(cellphone) || !isValidIdCard(idCard)) continue
    taken.ids.add(idCard)
    taken.phones.add(cellphone)
    out.push({ name, sex, idCard, birthDate, cellphone, email: null })
  }
  return out
}

/** Departments of a unit and the posts their staff hold. */
interface DeptPlan {
  name: string
  posts: PostCode[]
  children?: DeptPlan[]
}
const MAIN_DEPTS: DeptPlan[] = [
  { name: '领导班子', posts: ['executive'] },
  { name: '工程部', posts: ['engineering', 'engineering', 'design'] },
  { name: '安全质量部', posts: ['safety', 'quality'] },
  { name: '物资设备部', posts: ['materials'] },
  { name: '计划合同部', posts: ['costContract'] },
  { name: '财务部', posts: ['accounting'] },
  { name: '综合办公室', posts: ['administration', 'coordination'] },
  { name: '环保水保部', posts: ['environment'] },
]
const SITE_DEPTS: DeptPlan[] = [
  {
    name: '项目经理部',
    posts: ['executive', 'coordination'],
    children: [
      { name: '第一项目分部', posts: ['engineering', 'safety', 'quality'] },
      { name: '第二项目分部', posts: ['engineering', 'safety', 'materials'] },
    ],
  },
  { name: '工程部', posts: ['engineering'] },
  { name: '安全质量部', posts: ['safety', 'quality'] },
  { name: '综合办公室', posts: ['administration'] },
]
const DESIGN_DEPTS: DeptPlan[] = [
  { name: '院领导', posts: ['executive'] },
  { name: '线路设计所', posts: ['design'] },
  { name: '桥梁设计所', posts: ['design'] },
  { name: '隧道设计所', posts: ['design'] },
  { name: '总工办', posts: ['engineering', 'quality'] },
  { name: '综合办公室', posts: ['administration'] },
]

const SCHOOLS = [
  '西南交通大学',
  '北京交通大学',
  '中南大学',
  '同济大学',
  '兰州交通大学',
  '石家庄铁道大学',
  '长安大学',
  '华东交通大学',
  '东南大学',
  '武汉理工大学',
  '陕西铁路工程职业技术学院',
  '湖南高速铁路职业技术学院',
]
const MAJORS = ['土木工程', '铁道工程', '桥梁与隧道工程', '工程管理', '测绘工程', '工程造价', '交通运输', '安全工程', '会计学', '机械工程']
const CERTS: { name: string; level: TitleLevel; unit: string }[] = [
  { name: '一级注册建造师（铁路工程）', level: 'senior', unit: '中华人民共和国住房和城乡建设部' },
  { name: '注册安全工程师', level: 'intermediate', unit: '中华人民共和国应急管理部' },
  { name: '高级工程师', level: 'senior', unit: '中国铁路工程集团职称评审委员会' },
  { name: '正高级工程师', level: 'seniorHigh', unit: '陕西省人力资源和社会保障厅' },
  { name: '工程师', level: 'intermediate', unit: '中国铁路工程集团职称评审委员会' },
  { name: '助理工程师', level: 'primary', unit: '陕西省人力资源和社会保障厅' },
  { name: '注册监理工程师', level: 'intermediate', unit: '中华人民共和国住房和城乡建设部' },
]

type PersonRow = typeof t.person.$inferInsert

async function insertChunked<T>(tx: Db, table: Parameters<Db['insert']>[0], rows: T[], size = 500): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await tx.insert(table).values(rows.slice(i, i + size) as never)
}

/**
 * Departments and staff for every organisation, linked demo accounts. `orgIds`: seed-data keys →
 * organisation ids (the base seed's), used to pick plans and link the demo accounts.
 */
export async function seedPeopleDemo(tx: Db, orgIds: Map<string, string>): Promise<void> {
  const rnd = prng(20260301)
  const orgs = await tx
    .select({ id: t.organization.organizationId, name: t.organization.organizationName, parentId: t.organization.parentId })
    .from(t.organization)
    .orderBy(asc(t.organization.sort), asc(t.organization.organizationName))
  const designId = orgIds.get('design')
  const taken = { ids: new Set<string>(), phones: new Set<string>() }
  const accounts = await tx.select().from(t.account)
  for (const a of accounts) if (a.cellphone) taken.phones.add(a.cellphone)

  const depts: (typeof t.department.$inferInsert)[] = []
  const people: PersonRow[] = []
  const education: (typeof t.personEducation.$inferInsert)[] = []
  const certificates: (typeof t.personCertificate.$inferInsert)[] = []
  const jobs: (typeof t.personJob.$inferInsert)[] = []
  const resumes: (typeof t.personProject.$inferInsert)[] = []
  let seed = 1

  for (const org of orgs) {
    const plans = org.id === designId ? DESIGN_DEPTS : org.parentId ? SITE_DEPTS : MAIN_DEPTS
    const perDept = org.parentId ? 3 : 6
    const addDept = (plan: DeptPlan, parentId: string | null, sort: number) => {
      const departmentId = newId()
      depts.push({ departmentId, organizationId: org.id, parentId, departmentName: plan.name, status: 1, sort, ...SEED_STAMP })
      const staff = generatePeople(perDept + Math.floor(rnd() * 3), seed++, taken)
      staff.forEach((p, i) => {
        const level: PositionLevel =
          plan.posts[0] === 'executive'
            ? i === 0
              ? 'orgHead'
              : i === 1
                ? 'fullTimeHead'
                : 'orgDeputy'
            : i === 0
              ? 'deptHead'
              : i === 1
                ? 'deptDeputy'
                : 'staff'
        const userId = newId()
        people.push({
          userId,
          organizationId: org.id,
          departmentId,
          ...p,
          email: rnd() < 0.5 ? `${p.cellphone}@mail.example.cn` : null,
          post: pick(rnd, plan.posts),
          positionLevel: level,
          status: rnd() < 0.04 ? 'archived' : 'active',
          auditStatus: 'approved',
          sort: i + 1,
          ...SEED_STAMP,
        })
        if (rnd() < 0.65) {
          const grad = Number(p.birthDate.slice(0, 4)) + 22
          const degree: Degree = pick(rnd, ['undergraduate', 'undergraduate', 'undergraduate', 'master', 'juniorCollege', 'doctor'])
          const years = degree === 'juniorCollege' ? 3 : degree === 'master' ? 3 : degree === 'doctor' ? 4 : 4
          const end = degree === 'master' || degree === 'doctor' ? grad + years : grad
          education.push({
            educationId: newId(),
            userId,
            startMonth: `${end - years}-09`,
            endMonth: `${end}-07`,
            school: pick(rnd, SCHOOLS),
            major: pick(rnd, MAJORS),
            degree,
            sort: 1,
            ...SEED_STAMP,
          })
        }
        if (rnd() < 0.35) {
          const c = pick(rnd, CERTS)
          const from = 2012 + Math.floor(rnd() * 12)
          certificates.push({
            certificateId: newId(),
            userId,
            titleLevel: c.level,
            certificateName: c.name,
            certificateNo: `${from}${pad(Math.floor(rnd() * 1e8), 8)}`,
            issuingUnit: c.unit,
            validFrom: `${from}-0${1 + Math.floor(rnd() * 9)}-15`,
            validTo: c.name.includes('注册') ? `${from + 5}-06-30` : null,
            sort: 1,
            ...SEED_STAMP,
          })
        }
        if (rnd() < 0.25) {
          jobs.push({
            jobId: newId(),
            userId,
            institution: pick(rnd, ['沪宁城际铁路', '西成高速铁路', '郑万高速铁路', '京雄城际铁路', '川藏铁路雅林段']),
            position: pick(rnd, ['技术员', '工程师', '总工程师', '安全员', '质检员']),
            organizationName: org.name,
            departmentName: plan.name,
            jobLevel: level,
            post: pick(rnd, plan.posts),
            sort: 1,
            ...SEED_STAMP,
          })
          const start = Number(p.birthDate.slice(0, 4)) + 23
          resumes.push({
            projectId: newId(),
            userId,
            startMonth: `${start}-07`,
            endMonth: `${start + 4}-12`,
            organizationName: pick(rnd, ['中铁一局集团有限公司', '中铁十二局集团有限公司', '中国铁建大桥工程局集团有限公司']),
            position: '技术员',
            description: '参与路基、桥梁施工技术管理与现场质量控制。',
            sort: 1,
            ...SEED_STAMP,
          })
        }
      })
      plan.children?.forEach((c, i) => addDept(c, departmentId, i + 1))
    }
    plans.forEach((plan, i) => addDept(plan, null, i + 1))
  }

  // A few records submitted for review (registrations seen through the audit), two rejected.
  const pending = generatePeople(6, 999, taken)
  const contractor = orgIds.get('contractor') ?? null
  pending.forEach((p, i) =>
    people.push({
      userId: newId(),
      organizationId: i < 4 ? contractor : (orgIds.get('ccc') ?? contractor),
      departmentId: null,
      ...p,
      post: 'engineering',
      positionLevel: 'staff',
      status: 'active',
      auditStatus: i < 4 ? 'pending' : 'rejected',
      auditReason: i < 4 ? null : '身份证照片不清晰，请重新上传',
      auditBy: i < 4 ? null : 'admin',
      auditTime: i < 4 ? null : new Date(Date.UTC(2026, 0, 10 + i)),
      submitTime: new Date(Date.UTC(2026, 0, 5 + i, 9, 30)),
      submitKind: 'registration',
      sort: 100 + i,
      ...SEED_STAMP,
    }),
  )

  // The demo accounts get the staff records of the people they are (same name and phone).
  const byOrg = new Map<string, string>()
  for (const d of depts) if (!d.parentId && !byOrg.has(d.organizationId)) byOrg.set(d.organizationId, d.departmentId)
  for (const a of accounts) {
    if (!a.organizationId || a.level === 'tourist') continue
    const [first] = generatePeople(1, 5000 + people.length, taken)
    people.push({
      userId: newId(),
      organizationId: a.organizationId,
      departmentId: byOrg.get(a.organizationId) ?? null,
      ...first!,
      name: a.userName ?? first!.name,
      cellphone: a.cellphone ?? first!.cellphone,
      email: a.email,
      post: a.accountName === 'admin' || a.accountName === 'orgadmin' ? 'administration' : 'engineering',
      positionLevel: a.accountName === 'admin' ? 'deptHead' : 'staff',
      accountId: a.accountId,
      status: 'active',
      auditStatus: 'approved',
      sort: 0,
      ...SEED_STAMP,
    })
  }

  await insertChunked(tx, t.department, depts)
  await insertChunked(tx, t.person, people)
  await insertChunked(tx, t.personEducation, education)
  await insertChunked(tx, t.personCertificate, certificates)
  await insertChunked(tx, t.personJob, jobs)
  await insertChunked(tx, t.personProject, resumes)
}

/** For the bench: `count` staff spread over the given organisations' departments (bulk insert). */
export async function insertBenchStaff(db: Db, organizationIds: string[], count: number, chunk = 2000): Promise<number> {
  const depts = await db
    .select({ id: t.department.departmentId, organizationId: t.department.organizationId })
    .from(t.department)
    .where(inArray(t.department.organizationId, organizationIds))
  const existing = await db.select({ idCard: t.person.idCard, cellphone: t.person.cellphone }).from(t.person)
  const taken = {
    ids: new Set(existing.map((e) => e.idCard!).filter(Boolean)),
    phones: new Set(existing.map((e) => e.cellphone!).filter(Boolean)),
  }
  const rnd = prng(4242)
  let inserted = 0
  for (let batch = 0; inserted < count; batch++) {
    const n = Math.min(chunk, count - inserted)
    const rows: PersonRow[] = generatePeople(n, 100_000 + batch, taken).map((p, i) => {
      const d = depts.length ? pick(rnd, depts) : null
      return {
        userId: newId(),
        organizationId: d?.organizationId ?? pick(rnd, organizationIds),
        departmentId: d?.id ?? null,
        ...p,
        post: pick(rnd, ['engineering', 'safety', 'quality', 'materials', 'costContract', 'administration'] as const),
        positionLevel: 'staff',
        status: 'active',
        auditStatus: 'approved',
        sort: 1000 + inserted + i,
        ...SEED_STAMP,
      }
    })
    await insertChunked(db, t.person, rows, 1000)
    inserted += n
  }
  return inserted
}
