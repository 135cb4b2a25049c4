/**
 * Design units (/admin/designunit, /admin/project-design-unit) and unit engineering
 * (/admin/unit-engineering, /admin/unit-project): the resource pattern, project-scoped. Each pair of
 * menus shows the same records, so each resource is registered once per menu (`designUnit` and
 * `projectDesignUnit`, `unitEngineering` and `unitProject`), each call checked against its own menu.
 *
 * Design units: the line and the container must be the project's (20002 on the field); the
 * mileages are canonical chainages (the contract normalises them; start < end is 20001 on
 * endMileage); two units on one line may not overlap (20001 on startMileage naming the other
 * unit) — checked under a per-line advisory lock, so two concurrent adds cannot both pass.
 *
 * A unit's 工点 are the project's work sites placed in it (issue 33): every answer carries `workSites`
 * (the first DESIGN_UNIT_SITES_SHOWN, in code order) and `workSiteCount`, read through the work site
 * module's port (./workSitePort.ts). They are edited in 工点信息, not here: a payload still carrying work
 * points is 20001 on `workPoints`, and a unit with sites is not deleted (20021 naming them; the sites'
 * reference to it has no ON DELETE action, migration 0041).
 *
 *   GET <name>/options?projectId=   lines, containers (top levels), design units, unit projects and
 *                                   majors of the project, for the forms' choices
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { and, asc, eq, gt, lt, ne, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { perm, type MenuPath } from '../../../src/contract/catalogue'
import { Code } from '../../../src/contract/codes'
import { parseChainage } from '../../../src/contract/mileage'
import { V } from '../../../src/contract/rules'
import { projectIdQuery } from '../../../src/contract/schemas/project'
import {
  DESIGN_UNIT_SITES_SHOWN,
  PROJECT_STRUCTURE_API,
  STRUCTURE_RESOURCES,
  designUnitAdd,
  designUnitListQuery,
  designUnitUpdate,
  unitEngineeringAdd,
  unitEngineeringListQuery,
  unitEngineeringUpdate,
  type StructureOptions,
  type StructureResource,
} from '../../../src/contract/schemas/projectStructure'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { container, designUnit, engineeringMajor, line, project, unitEngineering } from '../../db/schema'
import { ApiError, invalidFieldText, ok, parse, requestLang, type Text } from '../../lib/http'
import { requireInProject, requireProject } from '../../lib/projectScope'
import { contains } from '../../lib/sql'
import { defineResource, registerResource, stampsOf, type WriteContext } from '../../lib/resource'
import { containerTree } from './containers'
import { designUnitSites } from './workSitePort'
import texts from './texts.json'

type Row = Record<string, unknown>

const HAS_SITES = {
  zh: (name: string, n: number, names: string) =>
    `设计单元「${name}」下还有 ${n} 个工点（${names}），请先在“工点信息”中删除这些工点或改为其他设计单元`,
  en: (name: string, n: number, names: string) =>
    `The design unit “${name}” still has ${n} work site(s) (${names}): delete them or move them to another design unit in Work sites first`,
}
/** Per-line lock of the overlap check (first key of the two-int advisory lock). */
const LINE_LOCK_CLASS = 7_283_200

async function checkDesignUnit(input: Row, current: Row | null, w: WriteContext): Promise<void> {
  const projectId = String(current?.projectId ?? input.projectId)
  const lineId = String(input.lineId)
  await requireInProject(w.tx, 'lineId', line.lineId, line.projectId, lineId, projectId)
  await requireInProject(w.tx, 'containerId', container.containerId, container.projectId, input.containerId as string | null, projectId)
  const start = parseChainage(String(input.startMileage))
  const end = parseChainage(String(input.endMileage))
  if (!start || !end) return // the schema refused them already
  await w.tx.execute(sql`select pg_advisory_xact_lock(${LINE_LOCK_CLASS}, hashtext(${lineId}))`)
  const [clash] = await w.tx
    .select({ name: designUnit.designUnitName, code: designUnit.designUnitCode })
    .from(designUnit)
    .where(
      and(
        eq(designUnit.lineId, lineId),
        lt(designUnit.startMetres, end.metres),
        gt(designUnit.endMetres, start.metres),
        current ? ne(designUnit.designUnitId, String(current.designUnitId)) : undefined,
      ),
    )
    .orderBy(asc(designUnit.startMetres))
    .limit(1)
  if (clash) {
    throw invalidFieldText('startMileage', `${V.mileageOverlap}:${clash.name}`)
  }
}

/** The work points of the payload as sent (the schema no longer knows them): a non-empty list is refused, not dropped. */
async function refuseWorkPoints(req: FastifyRequest): Promise<void> {
  const points = (req.body as Row | null | undefined)?.workPoints
  if (!Array.isArray(points) || points.length === 0) return
  const message = texts.designUnits.workPointsMoved[requestLang(req)]
  throw new ApiError(Code.INVALID, [{ field: 'workPoints', key: V.invalid, message }], texts.designUnits.workPointsMoved)
}

/** Adds each unit's 工点: `workSites` (the first shown) and `workSiteCount`. */
async function withWorkSites(db: Db, rows: Row[]): Promise<Row[]> {
  const sites = await designUnitSites(
    db,
    rows.map((r) => String(r.designUnitId)),
    DESIGN_UNIT_SITES_SHOWN,
  )
  return rows.map((r) => {
    const of = sites.get(String(r.designUnitId))
    return { ...r, workSites: of?.sites ?? [], workSiteCount: of?.count ?? 0 }
  })
}

/** A unit with work sites is not deleted: 20021 naming the first such unit, its count and a few of its sites. */
async function refuseUnitsWithSites(ids: string[], rows: Row[], w: WriteContext): Promise<void> {
  const sites = await designUnitSites(w.tx, ids, 3)
  const id = ids.find((i) => sites.has(i))
  if (!id) return
  const { count: n, sites: some } = sites.get(id)!
  const name = String(rows.find((r) => r.designUnitId === id)?.designUnitName ?? id)
  const names = some.map((s) => s.workSiteName).join('、') + (n > some.length ? '…' : '')
  const text: Text = { zh: HAS_SITES.zh(name, n, names), en: HAS_SITES.en(name, n, names) }
  throw new ApiError(Code.REFUSED, { field: 'ids', ids: [id], workSiteCount: n }, text)
}

const containerOfUnit = alias(container, 'du_container')
const designUnitSelection = {
  designUnitId: designUnit.designUnitId,
  projectId: designUnit.projectId,
  projectName: project.projectName,
  lineId: designUnit.lineId,
  lineName: line.lineName,
  designUnitCode: designUnit.designUnitCode,
  designUnitName: designUnit.designUnitName,
  major: designUnit.major,
  administrativeRegion: designUnit.administrativeRegion,
  startMileage: designUnit.startMileage,
  endMileage: designUnit.endMileage,
  centerMileage: designUnit.centerMileage,
  startPrefix: designUnit.startPrefix,
  startMetres: designUnit.startMetres,
  endPrefix: designUnit.endPrefix,
  endMetres: designUnit.endMetres,
  containerId: designUnit.containerId,
  containerName: containerOfUnit.containerName,
  remark: designUnit.remark,
  ...stampsOf(designUnit),
}

const designUnitDef = <M extends MenuPath>(name: string, menu: M) =>
  defineResource({
    name,
    table: designUnit,
    idField: 'designUnitId',
    menu,
    projectField: 'projectId',
    schemas: { add: designUnitAdd, update: designUnitUpdate, listQuery: designUnitListQuery },
    selection: designUnitSelection,
    join: (q) =>
      q
        .leftJoin(project, eq(project.projectId, designUnit.projectId))
        .leftJoin(line, eq(line.lineId, designUnit.lineId))
        .leftJoin(containerOfUnit, eq(containerOfUnit.containerId, designUnit.containerId)) as unknown as typeof q,
    filters: (q) => [
      q.lineId ? eq(designUnit.lineId, q.lineId) : undefined,
      q.designUnitName ? contains(designUnit.designUnitName, q.designUnitName) : undefined,
      q.major ? contains(designUnit.major, q.major) : undefined,
    ],
    sortable: {
      startMetres: designUnit.startMetres,
      designUnitCode: designUnit.designUnitCode,
      designUnitName: designUnit.designUnitName,
      endMetres: designUnit.endMetres,
      updateTime: designUnit.updateTime,
    },
    unique: [{ field: 'designUnitCode', within: ['projectId'], message: texts.designUnits.dupDesignUnit }],
    check: (_input, req) => refuseWorkPoints(req),
    beforeWrite: (input, current, w) => checkDesignUnit(input as Row, current, w),
    enrich: (db, rows) => withWorkSites(db, rows),
    beforeDelete: (ids, rows, w) => refuseUnitsWithSites(ids, rows, w),
  })

const parentUnit = alias(unitEngineering, 'ue_parent')
const containerOfEngineering = alias(container, 'ue_container')
const unitSelection = {
  unitEngineeringId: unitEngineering.unitEngineeringId,
  projectId: unitEngineering.projectId,
  projectName: project.projectName,
  parentId: unitEngineering.parentId,
  parentName: parentUnit.unitName,
  unitCode: unitEngineering.unitCode,
  unitName: unitEngineering.unitName,
  category: unitEngineering.category,
  designUnitId: unitEngineering.designUnitId,
  designUnitName: designUnit.designUnitName,
  containerId: unitEngineering.containerId,
  containerName: containerOfEngineering.containerName,
  major: unitEngineering.major,
  remark: unitEngineering.remark,
  ...stampsOf(unitEngineering),
}

async function checkUnit(input: Row, current: Row | null, w: WriteContext): Promise<void> {
  const projectId = String(current?.projectId ?? input.projectId)
  await requireInProject(
    w.tx,
    'designUnitId',
    designUnit.designUnitId,
    designUnit.projectId,
    input.designUnitId as string | null,
    projectId,
  )
  await requireInProject(w.tx, 'containerId', container.containerId, container.projectId, input.containerId as string | null, projectId)
  const parentId = input.parentId as string | null | undefined
  if (input.category === 'unit' && parentId) input.parentId = null
  else if (parentId) {
    const [p] = await w.tx
      .select({ category: unitEngineering.category, projectId: unitEngineering.projectId })
      .from(unitEngineering)
      .where(eq(unitEngineering.unitEngineeringId, parentId))
    if (!p || p.projectId !== projectId || p.category !== 'unit' || parentId === current?.unitEngineeringId)
      throw new ApiError(Code.NOT_FOUND, { field: 'parentId' }, texts.designUnits.badParent)
  }
}

const unitEngineeringDef = <M extends MenuPath>(name: string, menu: M) =>
  defineResource({
    name,
    table: unitEngineering,
    idField: 'unitEngineeringId',
    menu,
    projectField: 'projectId',
    schemas: { add: unitEngineeringAdd, update: unitEngineeringUpdate, listQuery: unitEngineeringListQuery },
    selection: unitSelection,
    join: (q) =>
      q
        .leftJoin(project, eq(project.projectId, unitEngineering.projectId))
        .leftJoin(parentUnit, eq(parentUnit.unitEngineeringId, unitEngineering.parentId))
        .leftJoin(designUnit, eq(designUnit.designUnitId, unitEngineering.designUnitId))
        .leftJoin(containerOfEngineering, eq(containerOfEngineering.containerId, unitEngineering.containerId)) as unknown as typeof q,
    filters: (q) => [
      q.designUnitId ? eq(unitEngineering.designUnitId, q.designUnitId) : undefined,
      q.category ? eq(unitEngineering.category, q.category) : undefined,
      q.unitName ? contains(unitEngineering.unitName, q.unitName) : undefined,
    ],
    sortable: { unitCode: unitEngineering.unitCode, unitName: unitEngineering.unitName, updateTime: unitEngineering.updateTime },
    unique: [{ field: 'unitCode', within: ['projectId'], message: texts.designUnits.dupUnit }],
    beforeWrite: (input, current, w) => checkUnit(input as Row, current, w),
  })

export const designUnitResource = designUnitDef('designUnit', '/admin/designunit')
export const projectDesignUnitResource = designUnitDef('projectDesignUnit', '/admin/project-design-unit')
export const unitEngineeringResource = unitEngineeringDef('unitEngineering', '/admin/unit-engineering')
export const unitProjectResource = unitEngineeringDef('unitProject', '/admin/unit-project')

/** Choices of the forms: containers up to this depth (sections, bridges, tunnels…), at most this many. */
const OPTION_DEPTH = 3
const OPTION_LIMIT = 2000

/**
 * The structure a project record is placed in, as its form offers it (design units, unit engineering,
 * work sites): the lines, the top levels of the container tree, the design units with their line.
 */
export async function structureChoices(db: Db, projectId: string) {
  const lines = await db
    .select({ lineId: line.lineId, lineName: line.lineName, lineCode: line.lineCode })
    .from(line)
    .where(eq(line.projectId, projectId))
    .orderBy(asc(line.sort), asc(line.lineCode))
  const containers = await db
    .select({ containerId: container.containerId, containerName: container.containerName, containerCode: container.containerCode })
    .from(container)
    .where(and(eq(container.projectId, projectId), containerTree.depthAtMost(OPTION_DEPTH)))
    .orderBy(asc(container.path))
    .limit(OPTION_LIMIT)
  const designUnits = await db
    .select({
      designUnitId: designUnit.designUnitId,
      designUnitName: designUnit.designUnitName,
      designUnitCode: designUnit.designUnitCode,
      lineId: designUnit.lineId,
    })
    .from(designUnit)
    .where(eq(designUnit.projectId, projectId))
    .orderBy(asc(designUnit.startMetres))
    .limit(OPTION_LIMIT)
  return { lines, containers, designUnits }
}

async function structureOptions(db: Db, projectId: string) {
  const { lines, containers, designUnits } = await structureChoices(db, projectId)
  const units = await db
    .select({
      unitEngineeringId: unitEngineering.unitEngineeringId,
      unitName: unitEngineering.unitName,
      unitCode: unitEngineering.unitCode,
    })
    .from(unitEngineering)
    .where(and(eq(unitEngineering.projectId, projectId), eq(unitEngineering.category, 'unit')))
    .orderBy(asc(unitEngineering.unitCode))
    .limit(OPTION_LIMIT)
  const majors = await db
    .select({ majorName: engineeringMajor.majorName })
    .from(engineeringMajor)
    .where(eq(engineeringMajor.projectId, projectId))
    .orderBy(asc(engineeringMajor.sort))
  return {
    lines,
    containers,
    designUnits: designUnits.map(({ lineId: _line, ...d }) => d),
    units,
    majors: majors.map((m) => m.majorName),
  }
}

/** Registers the calls; answers the design units' add (for the initialisation wizard). */
export function registerDesignUnitRoutes(
  app: FastifyInstance,
  ctx: Ctx,
): { designUnit: { insert: (w: WriteContext, input: never) => Promise<Row | null> } } {
  const designUnitHandle = registerResource(app, ctx, designUnitResource)
  registerResource(app, ctx, projectDesignUnitResource)
  registerResource(app, ctx, unitEngineeringResource)
  registerResource(app, ctx, unitProjectResource)
  const menus: Record<StructureResource, MenuPath> = {
    designUnit: designUnitResource.menu,
    projectDesignUnit: projectDesignUnitResource.menu,
    unitEngineering: unitEngineeringResource.menu,
    unitProject: unitProjectResource.menu,
  }
  for (const name of STRUCTURE_RESOURCES)
    app.get(PROJECT_STRUCTURE_API.options(name), { config: { auth: 'signed', perm: perm(menus[name]) } }, async (req) => {
      const { projectId } = parse(projectIdQuery, req.query, req)
      await requireProject(ctx, req.auth!, projectId)
      return ok<StructureOptions>(req, await structureOptions(ctx.db, projectId))
    })
  return { designUnit: { insert: (w, input) => designUnitHandle.insert(w, input) } }
}
