/**
 * Demo projects (embedded database only, after the accounts): a 180 km double-track high-speed
 * line with its participating units, lines, majors and project organisations with departments,
 * and a second, smaller project. Registered accounts whose project names match a department are
 * put in it; lisite joins the 工程管理部 of 中交瀚海's project office, so she sees the first project
 * only. Department paths are filled by the caller (rebuildPaths).
 */
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { newId } from '../../src/contract/ids'
import { LINE_TYPES, PARTICIPANT_TYPES, PROJECT_ORG_TYPES, PROJECT_STATUSES } from '../../src/contract/schemas/project'
import type { Db } from '../db/client'
import * as t from '../db/schema'
import { inOrder, SEED_STAMP } from './rows'
import demo from './demo/projects.json'

interface DemoDept {
  name: string
  children?: DemoDept[]
}
const demoDept: z.ZodType<DemoDept> = z.lazy(() => z.object({ name: z.string(), children: z.array(demoDept).optional() }))

/** A demo project (./demo/projects.json): its units, lines, majors and project organisations with their departments. */
const demoProject = z.object({
  name: z.string(),
  code: z.string(),
  owner: z.string(),
  status: z.enum(PROJECT_STATUSES),
  progress: z.number(),
  start: z.string(),
  end: z.string(),
  location: z.string(),
  description: z.string(),
  units: z.array(z.object({ type: z.enum(PARTICIPANT_TYPES), org: z.string(), code: z.string(), contact: z.string(), phone: z.string() })),
  lines: z.array(z.object({ code: z.string(), name: z.string(), type: z.enum(LINE_TYPES), km: z.number() })),
  majors: z.array(z.tuple([z.string(), z.string()])),
  orgs: z.array(z.object({ name: z.string(), type: z.enum(PROJECT_ORG_TYPES), org: z.string().optional(), depts: z.array(demoDept) })),
})

export async function seedProjectDemo(tx: Db, orgIds: Map<string, string>): Promise<void> {
  const org = (key: string) => orgIds.get(key)!
  const projects = z.array(demoProject).parse(demo)
  for (const [pi, p] of projects.entries()) {
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
  const first = projects[0]!
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
