/**
 * Work sites (工点, issue 12 part A): a project's places of work — placed in its structure (line,
 * design unit and/or container node, a mileage range), with type, status, site manager (a staff
 * person of the project's units) and contact, location (coordinates and/or an address),
 * description and photos (file ids of the file service). One schema for the console's form and the
 * gateway; the gateway answers another project's ids with 20002.
 *
 * Calls: the generic resource calls of `workSite` (/admin/work-site-information, any visible
 * project) and `projectWorkSite` (/admin/project-worksite-information, the signed-in account's
 * project), plus
 *   GET <name>/options?projectId=   lines, design units, containers (top levels) and staff of the project, for the form
 */
import { z } from 'zod'
import { WORK_SITE_FIELDS, type WorkSiteValues } from '../fields/workSite'
import { parseChainage } from '../mileage'
import { V, filterText } from '../rules'
import { id, listQuery, version, type Stamped } from './common'
import { declaredShape, filterShape } from './fields'

export { WORK_SITE_RESOURCES, WORK_SITE_API, type WorkSiteResource } from '../workSiteApi'

export { WORK_SITE_TYPES, WORK_SITE_STATUSES, MAX_SITE_PHOTOS, WORK_SITE_FIELDS } from '../fields/workSite'
export type { WorkSiteType, WorkSiteStatus } from '../fields/workSite'

/** The payload's fields, bounds as declared (../fields/workSite.ts). */
export const workSiteFields = z.object(declaredShape(WORK_SITE_FIELDS))

/** Both mileages or neither, start < end; both coordinates or neither — on the field. */
export function siteRules(
  v: { startMileage?: string | null; endMileage?: string | null; longitude?: number; latitude?: number },
  ctx: z.RefinementCtx,
): void {
  if (v.startMileage && !v.endMileage) ctx.addIssue({ code: 'custom', path: ['endMileage'], message: V.required })
  if (v.endMileage && !v.startMileage) ctx.addIssue({ code: 'custom', path: ['startMileage'], message: V.required })
  const start = parseChainage(v.startMileage)
  const end = parseChainage(v.endMileage)
  if (start && end && end.metres <= start.metres) ctx.addIssue({ code: 'custom', path: ['endMileage'], message: V.mileageOrder })
  if (v.longitude !== undefined && v.latitude === undefined) ctx.addIssue({ code: 'custom', path: ['latitude'], message: V.required })
  if (v.latitude !== undefined && v.longitude === undefined) ctx.addIssue({ code: 'custom', path: ['longitude'], message: V.required })
}

export const workSiteAdd = workSiteFields.extend({ workSiteId: id().optional(), projectId: id() }).superRefine(siteRules)
/** An update carries the whole record (its project does not change). */
export const workSiteUpdate = workSiteFields.extend({ workSiteId: id(), version: version() }).superRefine(siteRules)
/** The console's form: the fields (the project comes from the picker, the ids from the record). */
export const workSiteForm = workSiteFields.superRefine(siteRules)

export const workSiteListQuery = listQuery.extend({
  projectId: id().optional(),
  /** Name, code, address or the manager's name. */
  keyword: filterText(60),
  ...filterShape(WORK_SITE_FIELDS),
})

export type WorkSiteFields = z.infer<typeof workSiteFields>
/** A stored site: the declared values, the joined names of its references, the photos' URLs. */
export interface WorkSite extends Stamped, WorkSiteValues {
  workSiteId: string
  projectId: string
  projectName?: string | null
  lineName?: string | null
  designUnitName?: string | null
  containerName?: string | null
  managerName?: string | null
  /** Signed URLs of the photos, in the order of photoFileIds (null: not visible). */
  photoUrls?: (string | null)[]
}

export interface WorkSiteOptions {
  lines: { lineId: string; lineName: string; lineCode: string }[]
  designUnits: { designUnitId: string; designUnitName: string; designUnitCode: string; lineId: string }[]
  /** The top levels of the container tree. */
  containers: { containerId: string; containerName: string; containerCode: string }[]
  /** Staff of the project's units (owner and participating units). */
  staff: { userId: string; name: string; organizationName: string | null }[]
}
