/**
 * Projects (issue 11; SPEC §7 "Projects"): `project`, its participating units (`projectUnit`),
 * `line`, `engineeringMajor`, `projectOrg` (with `projectDepartmentNodeVOS`) and `projectDepartment`
 * (./departments.ts), each the resource pattern limited to the caller's projects (DESIGN §3
 * "Project scope", server/lib/projectScope.ts).
 */
import type { FastifyInstance } from 'fastify'
import { and, asc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm'
import { perm } from '../../../src/contract/catalogue'
import { Code } from '../../../src/contract/codes'
import { newId } from '../../../src/contract/ids'
import {
  PROJECT_API,
  engineeringMajorAdd,
  engineeringMajorListQuery,
  engineeringMajorUpdate,
  lineAdd,
  lineListQuery,
  lineUpdate,
  projectAdd,
  projectIdQuery,
  projectListQuery,
  projectOrgAdd,
  projectOrgListQuery,
  projectOrgUpdate,
  projectUnitAdd,
  projectUnitListQuery,
  projectUnitUpdate,
  projectUpdate,
  type ProjectOption,
} from '../../../src/contract/schemas/project'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { container, designUnit, engineeringMajor, line, project, projectOrg, projectUnit, unitEngineering, workSite } from '../../db/schema'
import { ApiError, ok, parse, type Text } from '../../lib/http'
import { projectWhere, requireProjectOwner, requireProjects, visibleProjectIds } from '../../lib/projectScope'
import { anyLike, contains } from '../../lib/sql'
import { scopeOrgIds } from '../../lib/permissions'
import { defineResource, registerResource, stampsOf, type ResourceHandle, type WriteContext } from '../../lib/resource'
import { orgExists, unitNames } from '../org'
import { departmentTrees, PROJECT_CONFIG_MENU, registerProjectDepartmentRoutes } from './departments'
import texts from './texts.json'

type Row = Record<string, unknown>

const PROJECT_MENU = '/admin/project-manage' as const
const PROJECT_INFO_MENU = '/admin/project-information' as const

/** The columns of a project as every answer shows it (owner name, counts). */
const projectSelection = {
  projectId: project.projectId,
  projectName: project.projectName,
  projectCode: project.projectCode,
  projectType: project.projectType,
  organizationId: project.organizationId,
  organizationName: unitNames.organizationName,
  startDate: project.startDate,
  endDate: project.endDate,
  location: project.location,
  description: project.description,
  status: project.status,
  progress: project.progress,
  sort: project.sort,
  unitCount: sql<number>`(select count(*)::int from ${projectUnit} where ${projectUnit.projectId} = ${project.projectId})`.as('unit_count'),
  lineCount: sql<number>`(select count(*)::int from ${line} where ${line.projectId} = ${project.projectId})`.as('line_count'),
  workSiteCount: sql<number>`(select count(*)::int from ${workSite} where ${workSite.projectId} = ${project.projectId})`.as(
    'work_site_count',
  ),
  ...stampsOf(project),
}

/** Participating unit names of each project, in their order. */
async function withUnitNames(db: Db, rows: Row[]): Promise<Row[]> {
  const ids = rows.map((r) => String(r.projectId))
  const units = ids.length
    ? await db
        .select({ projectId: projectUnit.projectId, name: unitNames.organizationName })
        .from(projectUnit)
        .innerJoin(unitNames, eq(unitNames.organizationId, projectUnit.organizationId))
        .where(inArray(projectUnit.projectId, ids))
        .orderBy(asc(projectUnit.sort), asc(unitNames.organizationName))
    : []
  const names = new Map<string, string[]>()
  for (const u of units) {
    const list = names.get(u.projectId) ?? []
    if (!list.includes(u.name)) list.push(u.name)
    names.set(u.projectId, list)
  }
  return rows.map((r) => ({ ...r, unitNames: names.get(String(r.projectId)) ?? [] }))
}

/** The owner unit of a project must lie within the caller's data scope (20002 on organizationId), on add and when it changes. */
async function checkOwnerUnit(input: Row, current: Row | null, w: WriteContext, ctx: Ctx): Promise<void> {
  if (current && current.organizationId === input.organizationId) return
  const ids = await scopeOrgIds(ctx, w.auth.account, w.auth.grant?.scope ?? 'own', w.tx)
  if (ids !== null && !ids.includes(String(input.organizationId))) throw new ApiError(Code.NOT_FOUND, { field: 'organizationId' })
}

/** What a project still holds, by kind (a project with structure is not deleted: its parts are removed first). */
const STRUCTURE = { line, engineeringMajor, projectOrg, container, designUnit, unitEngineering, workSite } as const
const structureLeft = {
  zh: (parts: string[]) => `项目下还有${parts.join('、')}，请先删除这些内容再删除项目`,
  en: (parts: string[]) => `The project still holds ${parts.join(', ')}: remove them before deleting the project`,
}
const STRUCTURE_NAMES: Record<keyof typeof STRUCTURE, Text> = texts.routes.structureNames

/** Deleting a project: its owner's administrators only, and only once nothing of its structure is left (20021 naming what is). */
async function beforeProjectDelete(ids: string[], w: WriteContext, ctx: Ctx): Promise<void> {
  await requireProjectOwner(ctx, w.auth, ids, w.tx)
  const counts = await Promise.all(
    Object.entries(STRUCTURE).map(async ([kind, table]) => {
      const [row] = await w.tx
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(inArray(table.projectId, ids))
      return [kind as keyof typeof STRUCTURE, row?.n ?? 0] as const
    }),
  )
  const left = counts.filter(([, n]) => n > 0)
  if (!left.length) return
  const zh = left.map(([k, n]) => `${n} 个${STRUCTURE_NAMES[k].zh}`)
  const en = left.map(([k, n]) => `${n} ${STRUCTURE_NAMES[k].en}`)
  throw new ApiError(Code.REFUSED, null, { zh: structureLeft.zh(zh), en: structureLeft.en(en) })
}

/** A participating unit row that is the owner's 建设 entry (the owner's tie to its project). */
async function isOwnerEntry(row: Row, db: Db): Promise<boolean> {
  if (row.unitType !== 'build') return false
  const [p] = await db
    .select({ org: project.organizationId })
    .from(project)
    .where(eq(project.projectId, String(row.projectId)))
  return p?.org === row.organizationId
}

/** The owner unit takes part as the 建设 unit (added with the project, or when the owner changes). */
async function ownerParticipates(projectId: string, input: Row, w: WriteContext): Promise<void> {
  const orgId = String(input.organizationId)
  const [present] = await w.tx
    .select({ id: projectUnit.projectUnitId })
    .from(projectUnit)
    .where(and(eq(projectUnit.projectId, projectId), eq(projectUnit.organizationId, orgId), eq(projectUnit.unitType, 'build')))
  if (present) return
  await w.tx.insert(projectUnit).values({
    projectUnitId: newId(),
    projectId,
    unitType: 'build',
    organizationId: orgId,
    sort: 1,
    version: 0,
    createTime: w.now,
    updateTime: w.now,
    createBy: w.auth.account.accountId,
    updateBy: w.auth.account.accountId,
  })
}

/** The resources' add calls, for other modules writing the same records (the initialisation wizard). */
export type ProjectHandles = Record<'project' | 'projectUnit' | 'line' | 'projectOrg', Pick<ResourceHandle<never, never, never>, 'insert'>>

export function registerProjectRoutes(app: FastifyInstance, ctx: Ctx): ProjectHandles {
  const projectHandle = registerResource(
    app,
    ctx,
    defineResource({
      name: 'project',
      table: project,
      idField: 'projectId',
      menu: PROJECT_MENU,
      projectField: 'projectId',
      schemas: { add: projectAdd, update: projectUpdate, listQuery: projectListQuery },
      filters: (q) => [
        q.keyword ? anyLike(q.keyword, project.projectName, project.projectCode) : undefined,
        q.status ? eq(project.status, q.status) : undefined,
        q.projectType ? eq(project.projectType, q.projectType) : undefined,
        q.organizationId
          ? or(
              eq(project.organizationId, q.organizationId),
              sql`exists (select 1 from ${projectUnit} where ${projectUnit.projectId} = ${project.projectId} and ${projectUnit.organizationId} = ${q.organizationId})`,
            )
          : undefined,
      ],
      sortable: {
        sort: project.sort,
        projectName: project.projectName,
        projectCode: project.projectCode,
        startDate: project.startDate,
        progress: project.progress,
        createTime: project.createTime,
      },
      unique: [{ field: 'projectCode', caseInsensitive: true, message: texts.routes.dup.projectCode }],
      selection: projectSelection,
      join: (q) => q.leftJoin(unitNames, eq(unitNames.organizationId, project.organizationId)) as unknown as typeof q,
      enrich: (db, rows) => withUnitNames(db, rows),
      beforeWrite: async (input, current, w) => {
        if (current) await requireProjectOwner(ctx, w.auth, [String(current.projectId)], w.tx)
        await checkOwnerUnit(input as Row, current, w, ctx)
      },
      afterWrite: (id, input, w) => ownerParticipates(id, input as Row, w),
      beforeDelete: (ids, _rows, w) => beforeProjectDelete(ids, w, ctx),
    }),
  )

  // One project (项目信息), 20002 outside the caller's projects.
  app.get(PROJECT_API.project.get, { config: { auth: 'signed', perm: perm(PROJECT_INFO_MENU) } }, async (req) => {
    const { projectId } = parse(projectIdQuery, req.query, req)
    requireProjects(await visibleProjectIds(ctx, req.auth!), [projectId])
    const rows = await ctx.db
      .select(projectSelection)
      .from(project)
      .leftJoin(unitNames, eq(unitNames.organizationId, project.organizationId))
      .where(eq(project.projectId, projectId))
    if (!rows.length) throw new ApiError(Code.NOT_FOUND)
    return ok(req, (await withUnitNames(ctx.db, rows as Row[]))[0])
  })

  // The caller's projects, for the project pickers of every project screen (no menu needed: it shows only what the caller may see).
  app.get(PROJECT_API.project.listVisible, { config: { auth: 'signed' } }, async (req) => {
    const visible = await visibleProjectIds(ctx, req.auth!)
    const rows: ProjectOption[] = (await ctx.db
      .select({ projectId: project.projectId, projectName: project.projectName, projectCode: project.projectCode, status: project.status })
      .from(project)
      .where(projectWhere(project.projectId, visible))
      .orderBy(asc(project.sort), asc(project.projectName), asc(project.projectId))
      .limit(5000)) as ProjectOption[]
    return ok(req, rows)
  })

  const projectUnitHandle = registerResource(
    app,
    ctx,
    defineResource({
      name: 'projectUnit',
      table: projectUnit,
      idField: 'projectUnitId',
      menu: PROJECT_INFO_MENU,
      projectField: 'projectId',
      schemas: { add: projectUnitAdd, update: projectUnitUpdate, listQuery: projectUnitListQuery },
      filters: (q) => [q.unitType ? eq(projectUnit.unitType, q.unitType) : undefined],
      sortable: { sort: projectUnit.sort, unitType: projectUnit.unitType, createTime: projectUnit.createTime },
      unique: [{ field: 'organizationId', within: ['projectId', 'unitType'], message: texts.routes.dup.unit }],
      selection: { ...getTableColumns(projectUnit), organizationName: unitNames.organizationName },
      join: (q) => q.leftJoin(unitNames, eq(unitNames.organizationId, projectUnit.organizationId)) as unknown as typeof q,
      beforeWrite: async (input, current, w) => {
        const row = input as Row
        await requireProjectOwner(ctx, w.auth, [String(current?.projectId ?? row.projectId)], w.tx)
        if (
          current &&
          (current.organizationId !== row.organizationId || current.unitType !== row.unitType) &&
          (await isOwnerEntry(current, w.tx))
        )
          throw new ApiError(Code.REFUSED, { field: 'organizationId' }, texts.routes.ownerStays)
        if (!(await orgExists(w.tx, String((input as Row).organizationId)))) throw new ApiError(Code.NOT_FOUND, { field: 'organizationId' })
      },
      beforeDelete: async (_ids, rows, w) => {
        await requireProjectOwner(
          ctx,
          w.auth,
          rows.map((r) => String(r.projectId)),
          w.tx,
        )
        for (const r of rows) if (await isOwnerEntry(r, w.tx)) throw new ApiError(Code.REFUSED, null, texts.routes.ownerStays)
      },
    }),
  )

  const lineHandle = registerResource(
    app,
    ctx,
    defineResource({
      name: 'line',
      table: line,
      idField: 'lineId',
      menu: PROJECT_CONFIG_MENU,
      projectField: 'projectId',
      schemas: { add: lineAdd, update: lineUpdate, listQuery: lineListQuery },
      filters: (q) => [
        q.lineType ? eq(line.lineType, q.lineType) : undefined,
        q.keyword ? anyLike(q.keyword, line.lineName, line.lineCode) : undefined,
      ],
      sortable: { sort: line.sort, lineCode: line.lineCode, lineName: line.lineName, lineType: line.lineType },
      unique: [
        { field: 'lineCode', caseInsensitive: true, within: ['projectId'], message: texts.routes.dup.lineCode },
        { field: 'lineName', within: ['projectId'], message: texts.routes.dup.lineName },
      ],
    }),
  )

  registerResource(
    app,
    ctx,
    defineResource({
      name: 'engineeringMajor',
      table: engineeringMajor,
      idField: 'engineeringMajorId',
      menu: PROJECT_CONFIG_MENU,
      projectField: 'projectId',
      schemas: { add: engineeringMajorAdd, update: engineeringMajorUpdate, listQuery: engineeringMajorListQuery },
      sortable: { sort: engineeringMajor.sort, majorCode: engineeringMajor.majorCode, majorName: engineeringMajor.majorName },
      unique: [
        { field: 'majorCode', caseInsensitive: true, within: ['projectId'], message: texts.routes.dup.majorCode },
        { field: 'majorName', within: ['projectId'], message: texts.routes.dup.majorName },
      ],
    }),
  )

  const projectOrgHandle = registerResource(
    app,
    ctx,
    defineResource({
      name: 'projectOrg',
      table: projectOrg,
      idField: 'projectOrganizationId',
      menu: PROJECT_CONFIG_MENU,
      projectField: 'projectId',
      schemas: { add: projectOrgAdd, update: projectOrgUpdate, listQuery: projectOrgListQuery },
      filters: (q) => [q.keyword ? contains(projectOrg.projectOrganizationName, q.keyword) : undefined],
      sortable: { sort: projectOrg.sort, projectOrganizationName: projectOrg.projectOrganizationName },
      unique: [{ field: 'projectOrganizationName', within: ['projectId'], message: texts.routes.dup.orgName }],
      selection: { ...getTableColumns(projectOrg), organizationName: unitNames.organizationName },
      join: (q) => q.leftJoin(unitNames, eq(unitNames.organizationId, projectOrg.organizationId)) as unknown as typeof q,
      enrich: async (db, rows) => {
        const trees = await departmentTrees(
          db,
          rows.map((r) => String(r.projectOrganizationId)),
        )
        return rows.map((r) => ({ ...r, projectDepartmentNodeVOS: trees.get(String(r.projectOrganizationId)) ?? [] }))
      },
    }),
  )

  registerProjectDepartmentRoutes(app, ctx)
  const insertOf = (h: { insert: (w: WriteContext, input: never) => Promise<Row | null> }) => ({ insert: h.insert })
  return {
    project: insertOf(projectHandle),
    projectUnit: insertOf(projectUnitHandle),
    line: insertOf(lineHandle),
    projectOrg: insertOf(projectOrgHandle),
  }
}
