/**
 * Work sites (issue 12 part A): the resource declarations and the checks of a site, usable outside
 * the HTTP calls — `insertWorkSite(w, input)` validates and inserts one site inside the caller's
 * transaction (the initialisation wizard's work-sites sheet).
 *
 * Checks (in the write's transaction): the line, design unit and container must be the project's
 * (20002 on the field), the design unit on the chosen line; the site manager a staff person of one
 * of the project's units (owner or participating unit, or a unit below one; 20002 on
 * managerUserId); photos are visible files uploaded as photos (20001 on `photoFileIds.<i>`, before
 * the transaction). Codes are unique within a project (20006).
 */
import type { FastifyRequest } from 'fastify'
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { MenuPath } from '../../../src/contract/catalogue'
import { Code } from '../../../src/contract/codes'
import { parseChainage } from '../../../src/contract/mileage'
import { V } from '../../../src/contract/validation'
import { WORK_SITE_FIELDS } from '../../../src/contract/fields/workSite'
import type { DesignUnitWorkSite } from '../../../src/contract/schemas/projectStructure'
import { workSiteAdd, workSiteListQuery, workSiteUpdate, type WorkSiteOptions } from '../../../src/contract/schemas/workSite'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { container, designUnit, line, project, projectUnit, workSite } from '../../db/schema'
import { activeStaffUnder, isStaffUnder, personNameOf } from '../people'
import { structureChoices } from '../projectStructure'
import { ApiError, invalidFieldText, parse } from '../../lib/http'
import { requireInProject } from '../../lib/projectScope'
import { anyLike } from '../../lib/sql'
import { fileUrls, PHOTO, requireFiles } from '../files'
import { columnsOf, filtersOf, sortableOf } from '../../lib/fields'
import { defineResource, stampsOf, type WriteContext } from '../../lib/resource'
import type { AuthContext } from '../../types'
import texts from './texts.json'

type Row = Record<string, unknown>

/** The organisations whose staff may manage a project's sites: the owner and the participating units. */
async function projectUnitIds(tx: Db, projectId: string): Promise<string[]> {
  const owner = await tx.select({ id: project.organizationId }).from(project).where(eq(project.projectId, projectId))
  const units = await tx.selectDistinct({ id: projectUnit.organizationId }).from(projectUnit).where(eq(projectUnit.projectId, projectId))
  return [...new Set([...owner, ...units].map((r) => r.id))]
}

/** A referenced row must belong to the project: 20002 on the field otherwise. Answers the row. */
function inProject<T extends Row>(field: string, rows: T[]): T {
  const row = rows[0]
  if (!row) throw new ApiError(Code.NOT_FOUND, { field })
  return row
}

/** A site placed in a design unit lies within its mileage range: 20001 on the mileage outside it. */
function checkWithinDesignUnit(
  input: Row,
  du: { startMileage: string; endMileage: string; startMetres: number | null; endMetres: number | null },
): void {
  const range = `${du.startMileage} ~ ${du.endMileage}`
  const outside = (field: 'startMileage' | 'endMileage') => {
    const at = parseChainage(input[field] as string | null | undefined)
    return (
      !!at && du.startMetres !== null && du.endMetres !== null && (at.metres < Number(du.startMetres) || at.metres > Number(du.endMetres))
    )
  }
  const field = outside('startMileage') ? 'startMileage' : outside('endMileage') ? 'endMileage' : null
  if (!field) return
  throw invalidFieldText(field, `${V.mileageOutside}:${range}`)
}

/** The structure, manager and photos of a site payload (in the write's transaction). */
export async function checkWorkSite(input: Row, current: Row | null, w: WriteContext): Promise<void> {
  const { tx } = w
  const projectId = String(current?.projectId ?? input.projectId)
  const ref = (field: string) => (input[field] as string | null | undefined) ?? null
  const lineId = ref('lineId')
  await requireInProject(tx, 'lineId', line.lineId, line.projectId, lineId, projectId)
  const designUnitId = ref('designUnitId')
  if (designUnitId) {
    const du = inProject(
      'designUnitId',
      await tx
        .select({
          lineId: designUnit.lineId,
          startMileage: designUnit.startMileage,
          endMileage: designUnit.endMileage,
          startMetres: designUnit.startMetres,
          endMetres: designUnit.endMetres,
        })
        .from(designUnit)
        .where(and(eq(designUnit.designUnitId, designUnitId), eq(designUnit.projectId, projectId))),
    )
    if (lineId && du.lineId !== lineId) throw new ApiError(Code.NOT_FOUND, { field: 'designUnitId' }, texts.service.notOnLine)
    checkWithinDesignUnit(input, du)
  }
  await requireInProject(tx, 'containerId', container.containerId, container.projectId, ref('containerId'), projectId)
  const managerUserId = ref('managerUserId')
  if (managerUserId) {
    if (!(await isStaffUnder(tx, managerUserId, await projectUnitIds(tx, projectId))))
      throw new ApiError(Code.NOT_FOUND, { field: 'managerUserId' }, texts.service.notProjectStaff)
  }
  // an update leaving the photos out clears them; the column holds a list
  input.photoFileIds ??= []
}

/** Photos: visible files uploaded as photos or scans (20001 on the item), outside transactions. */
export async function checkPhotos(ctx: Ctx, req: FastifyRequest, auth: AuthContext, input: Row): Promise<void> {
  const ids = Array.isArray(input.photoFileIds) ? (input.photoFileIds as string[]) : []
  await requireFiles(
    ctx,
    req,
    auth,
    ids.map((fileId, i) => ({ field: `photoFileIds.${i}`, fileId, purposes: PHOTO })),
  )
}

/** Adds `photoUrls` (signed, in the order of `photoFileIds`; null for a file the caller may not see). */
export async function withPhotoUrls(ctx: Ctx, auth: AuthContext, rows: Row[]): Promise<Row[]> {
  const urls = await fileUrls(
    ctx,
    rows.flatMap((r) => (r.photoFileIds as string[] | null) ?? []),
    auth,
  )
  return rows.map((r) => ({ ...r, photoUrls: ((r.photoFileIds as string[] | null) ?? []).map((id) => urls.get(id)?.url ?? null) }))
}

const siteLine = alias(line, 'ws_line')
const siteDesignUnit = alias(designUnit, 'ws_design_unit')
const siteContainer = alias(container, 'ws_container')

export const workSiteSelection = {
  workSiteId: workSite.workSiteId,
  projectId: workSite.projectId,
  projectName: project.projectName,
  ...columnsOf(workSite, WORK_SITE_FIELDS),
  lineName: siteLine.lineName,
  designUnitName: siteDesignUnit.designUnitName,
  containerName: siteContainer.containerName,
  managerName: personNameOf(workSite.managerUserId).as('manager_name'),
  ...stampsOf(workSite),
}

/** One declaration per menu (the same records): `workSite` and `projectWorkSite`. */
export const workSiteDef = <M extends MenuPath>(ctx: Ctx, name: string, menu: M) =>
  defineResource({
    name,
    table: workSite,
    idField: 'workSiteId',
    menu,
    projectField: 'projectId',
    schemas: { add: workSiteAdd, update: workSiteUpdate, listQuery: workSiteListQuery },
    selection: workSiteSelection,
    join: (q) =>
      q
        .leftJoin(project, eq(project.projectId, workSite.projectId))
        .leftJoin(siteLine, eq(siteLine.lineId, workSite.lineId))
        .leftJoin(siteDesignUnit, eq(siteDesignUnit.designUnitId, workSite.designUnitId))
        .leftJoin(siteContainer, eq(siteContainer.containerId, workSite.containerId)) as unknown as typeof q,
    filters: (q) => [
      ...filtersOf(workSite, WORK_SITE_FIELDS, q),
      q.keyword
        ? anyLike(q.keyword, workSite.workSiteName, workSite.workSiteCode, workSite.address, personNameOf(workSite.managerUserId))
        : undefined,
    ],
    // by code unless the list asks otherwise
    sortable: { workSiteCode: workSite.workSiteCode, ...sortableOf(workSite, WORK_SITE_FIELDS), updateTime: workSite.updateTime },
    unique: [{ field: 'workSiteCode', within: ['projectId'], message: texts.service.dupSite }],
    check: (input, req) => checkPhotos(ctx, req, req.auth!, input),
    beforeWrite: (input, current, w) => checkWorkSite(input as Row, current, w),
    onAdd: (values, input) => {
      values.photoFileIds = (input as Row).photoFileIds ?? []
    },
    enrich: (_db, rows, auth) => withPhotoUrls(ctx, auth, rows),
  })

/** The registered `workSite` resource's insert (set by ./routes.ts when the gateway starts). */
let insertSite: ((w: WriteContext, input: Row) => Promise<Row | null>) | null = null
export function setWorkSiteInsert(fn: typeof insertSite): void {
  insertSite = fn
}

/**
 * Inserts one site inside the caller's transaction (`w.tx`), validated by the contract's workSiteAdd
 * (20001 on the field, with `req` for the caller's language) and checked like the add call — the
 * project, structure, manager and unique code — except the photos (the caller checks its files).
 * Answers the stored row.
 */
export async function insertWorkSite(w: WriteContext, raw: unknown, req?: FastifyRequest): Promise<Row | null> {
  if (!insertSite) throw new Error('work-site routes are not registered')
  const input = (req ? parse(workSiteAdd, raw, req) : workSiteAdd.parse(raw)) as Row
  return insertSite(w, input)
}

/** The choices of the site form: the project's lines, design units, top containers and staff. */
export async function workSiteOptions(db: Db, projectId: string): Promise<WorkSiteOptions> {
  const { lines, designUnits, containers } = await structureChoices(db, projectId)
  const staff = await activeStaffUnder(db, await projectUnitIds(db, projectId), 2000)
  return { lines, designUnits, containers, staff }
}

/** Those of `ids` that are work sites of the project. */
export async function workSiteIdsOf(db: Db, projectId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: workSite.workSiteId })
    .from(workSite)
    .where(and(eq(workSite.projectId, projectId), inArray(workSite.workSiteId, ids)))
  return new Set(rows.map((r) => r.id))
}

/**
 * A design unit's 工点 (the project structure module's port, set at start): per unit of `designUnitIds`,
 * how many sites are placed in it and the first `limit` in code order; a unit without sites is left out.
 */
export async function sitesOfDesignUnits(
  db: Db,
  designUnitIds: string[],
  limit: number,
): Promise<Map<string, { count: number; sites: DesignUnitWorkSite[] }>> {
  const out = new Map<string, { count: number; sites: DesignUnitWorkSite[] }>()
  if (designUnitIds.length === 0) return out
  const ranked = db
    .select({
      designUnitId: workSite.designUnitId,
      workSiteId: workSite.workSiteId,
      workSiteName: workSite.workSiteName,
      workSiteCode: workSite.workSiteCode,
      startMileage: workSite.startMileage,
      endMileage: workSite.endMileage,
      n: sql<number>`(row_number() over (partition by ${workSite.designUnitId} order by ${workSite.workSiteCode}))::int`.as('n'),
      total: sql<number>`(count(*) over (partition by ${workSite.designUnitId}))::int`.as('total'),
    })
    .from(workSite)
    .where(inArray(workSite.designUnitId, [...new Set(designUnitIds)]))
    .as('ranked')
  // the first row of each unit at least: it carries the count
  const rows = await db
    .select()
    .from(ranked)
    .where(lte(ranked.n, Math.max(limit, 1)))
    .orderBy(asc(ranked.designUnitId), asc(ranked.n))
  for (const { designUnitId, n, total, ...site } of rows) {
    const id = String(designUnitId)
    const entry = out.get(id) ?? { count: Number(total), sites: [] }
    if (Number(n) <= limit) entry.sites.push(site)
    out.set(id, entry)
  }
  return out
}
