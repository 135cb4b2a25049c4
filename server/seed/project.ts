/**
 * Demo projects (embedded database only, after the accounts): a 180 km double-track high-speed
 * line with its participating units, lines, majors and project organisations with departments,
 * and a second, smaller project. Registered accounts whose project names match a department are
 * put in it; lisite joins the 工程管理部 of 中交瀚海's project office, so she sees the first project
 * only. Department paths are filled by the caller (rebuildPaths).
 */
import { and, eq } from 'drizzle-orm'
import { newId } from '../../src/contract/ids'
import type { LineType, ParticipantType, ProjectOrgType, ProjectStatus } from '../../src/contract/schemas/project'
import type { Db } from '../db/client'
import * as t from '../db/schema'
import { inOrder, SEED_STAMP } from './rows'

interface DemoDept {
  name: string
  children?: DemoDept[]
}
interface DemoProject {
  name: string
  code: string
  owner: string
  status: ProjectStatus
  progress: number
  start: string
  end: string
  location: string
  description: string
  units: { type: ParticipantType; org: string; code: string; contact: string; phone: string }[]
  lines: { code: string; name: string; type: LineType; km: number }[]
  majors: [string, string][]
  orgs: { name: string; type: ProjectOrgType; org?: string; depts: DemoDept[] }[]
}

export const DEMO_PROJECTS: DemoProject[] = [
  {
    name: '沪渝蓉高铁武宜段站前工程',
    code: 'HYR-WY-01',
    owner: 'owner',
    status: 'ongoing',
    progress: 42,
    start: '2024-03-18',
    end: '2028-12-31',
    location: '湖北省武汉市至宜昌市',
    description: '新建沪渝蓉高铁武汉至宜昌段，正线全长约 180 km，双线，设计速度 350 km/h；含车站 6 座、动车所 1 处。',
    units: [
      { type: 'build', org: 'owner', code: 'JS-01', contact: '陈志远', phone: '13907150021' },
      { type: 'design', org: 'design', code: 'SJ-01', contact: '周敏', phone: '13807126610' },
      { type: 'construction', org: 'contractor', code: 'SG-01', contact: '刘海涛', phone: '13991826350' },
      { type: 'construction', org: 'contractor-bridge', code: 'SG-02', contact: '孙立强', phone: '13871245530' },
      { type: 'construction', org: 'ccc', code: 'SG-03', contact: '李思婷', phone: '13682457719' },
      { type: 'supervision', org: 'supervision', code: 'JL-01', contact: '何丽', phone: '13601234567' },
      { type: 'testing', org: 'testing', code: 'JC-01', contact: '赵一鸣', phone: '13512783390' },
    ],
    lines: [
      { code: 'ZX', name: '沪渝蓉高铁武宜段正线', type: 'main', km: 180.6 },
      { code: 'LLX-WHD', name: '武汉东联络线', type: 'connecting', km: 6.4 },
      { code: 'ZHX-YCD', name: '宜昌东站站线', type: 'station', km: 3.2 },
      { code: 'DSX-HK', name: '汉口动车所走行线', type: 'depot', km: 4.8 },
      { code: 'ZYX-WL', name: '宜昌物流基地专用线', type: 'dedicated', km: 2.1 },
    ],
    majors: [
      ['LJ', '路基'],
      ['QL', '桥梁'],
      ['SD', '隧道'],
      ['GD', '轨道'],
      ['ZC', '站场'],
      ['SDX', '四电'],
    ],
    orgs: [
      {
        name: '沪渝蓉高铁武宜段建设指挥部',
        type: 'command',
        org: 'owner',
        depts: [
          { name: '工程技术部', children: [{ name: '桥隧组' }, { name: '路基轨道组' }] },
          { name: '安全质量部' },
          { name: '计划财务部' },
        ],
      },
      {
        name: '中交瀚海沪渝蓉项目经理部',
        type: 'manager',
        org: 'ccc',
        depts: [{ name: '工程管理部', children: [{ name: '测量队' }] }, { name: '安全质量部' }, { name: '物资设备部' }],
      },
      {
        name: '中铁恒岳武宜段一标项目经理部',
        type: 'manager',
        org: 'contractor',
        depts: [{ name: '工程部' }, { name: '安质部' }, { name: '一工区', children: [{ name: '桥梁作业队' }, { name: '路基作业队' }] }],
      },
      { name: '恒信监理武宜段监理站', type: 'supervision', org: 'supervision', depts: [{ name: '总监办' }, { name: '驻地监理组' }] },
    ],
  },
  {
    name: '合新高铁站前工程',
    code: 'HX-02',
    owner: 'owner',
    status: 'preparing',
    progress: 5,
    start: '2025-06-01',
    end: '2029-06-30',
    location: '安徽省合肥市至河南省新县',
    description: '新建合肥至新县高速铁路站前工程，正线约 119 km，双线。',
    units: [
      { type: 'build', org: 'owner', code: 'JS-01', contact: '陈志远', phone: '13907150021' },
      { type: 'construction', org: 'contractor-1', code: 'SG-01', contact: '张伟', phone: '13572108846' },
      { type: 'supervision', org: 'supervision', code: 'JL-01', contact: '何丽', phone: '13601234567' },
    ],
    lines: [{ code: 'ZX', name: '合新高铁正线', type: 'main', km: 119.2 }],
    majors: [
      ['LJ', '路基'],
      ['QL', '桥梁'],
    ],
    orgs: [{ name: '恒信监理合新项目监理部', type: 'supervision', org: 'supervision', depts: [{ name: '监理办' }] }],
  },
]

export async function seedProjectDemo(tx: Db, orgIds: Map<string, string>): Promise<void> {
  const org = (key: string) => orgIds.get(key)!
  for (const [pi, p] of DEMO_PROJECTS.entries()) {
    const projectId = newId()
    await tx.insert(t.project).values({
      projectId,
      projectName: p.name,
      projectCode: p.code,
      projectType: 'railway',
      organizationId: org(p.owner),
      startDate: p.start,
      endDate: p.end,
      location: p.location,
      description: p.description,
      status: p.status,
      progress: p.progress,
      sort: pi + 1,
      ...SEED_STAMP,
    })
    await tx.insert(t.projectUnit).values(
      inOrder(p.units, (u) => ({
        projectUnitId: newId(),
        projectId,
        unitType: u.type,
        organizationId: org(u.org),
        unitCode: u.code,
        contactPerson: u.contact,
        contactPhone: u.phone,
      })),
    )
    await tx.insert(t.line).values(
      inOrder(p.lines, (l) => ({
        lineId: newId(),
        projectId,
        lineCode: l.code,
        lineName: l.name,
        lineType: l.type,
        lengthKm: l.km,
      })),
    )
    await tx.insert(t.engineeringMajor).values(
      inOrder(p.majors, ([code, name]) => ({
        engineeringMajorId: newId(),
        projectId,
        majorCode: code,
        majorName: name,
      })),
    )
    for (const [oi, o] of p.orgs.entries()) {
      const projectOrganizationId = newId()
      await tx.insert(t.projectOrg).values({
        projectOrganizationId,
        projectId,
        projectOrganizationName: o.name,
        projectOrgTypeId: o.type,
        organizationId: o.org ? org(o.org) : null,
        sort: oi + 1,
        ...SEED_STAMP,
      })
      const rows: (typeof t.projectDepartment.$inferInsert)[] = []
      const walk = (depts: DemoDept[], parentId: string | null) =>
        depts.forEach((d, i) => {
          const id = newId()
          rows.push({
            projectDepartmentId: id,
            projectOrganizationId,
            projectId,
            parentId,
            departmentName: d.name,
            sort: i + 1,
            ...SEED_STAMP,
          })
          if (d.children) walk(d.children, id)
        })
      walk(o.depts, null)
      await tx.insert(t.projectDepartment).values(rows)
      // registered accounts named to a top department of this organisation now belong to it
      for (const r of rows.filter((x) => x.parentId === null))
        await tx
          .update(t.account)
          .set({ projectDepartmentId: r.projectDepartmentId })
          .where(
            and(
              eq(t.account.projectName, p.name),
              eq(t.account.projectOrganizationName, o.name),
              eq(t.account.projectDepartmentName, r.departmentName),
            ),
          )
    }
  }
  // lisite: 中交瀚海沪渝蓉项目经理部 / 工程管理部 of the first project
  const first = DEMO_PROJECTS[0]!
  const [dept] = await tx
    .select({ id: t.projectDepartment.projectDepartmentId })
    .from(t.projectDepartment)
    .innerJoin(t.projectOrg, eq(t.projectOrg.projectOrganizationId, t.projectDepartment.projectOrganizationId))
    .where(and(eq(t.projectOrg.projectOrganizationName, first.orgs[1]!.name), eq(t.projectDepartment.departmentName, '工程管理部')))
  await tx
    .update(t.account)
    .set({
      projectDepartmentId: dept!.id,
      projectName: first.name,
      projectOrganizationName: first.orgs[1]!.name,
      projectDepartmentName: '工程管理部',
    })
    .where(eq(t.account.accountName, 'lisite'))
}
