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
import { parseChainage } from '../mileage'
import { V, filterText, name, optional, optionalText, tel } from '../rules'
import { id, listQuery, version, type Stamped } from './common'
import { optionalMileage, structureCode } from './projectStructure'

const A = '/api/admin/v1'

/** The two menus' resources (the same records, each call checked against its own menu). */
export const WORK_SITE_RESOURCES = ['workSite', 'projectWorkSite'] as const
export type WorkSiteResource = (typeof WORK_SITE_RESOURCES)[number]

export const WORK_SITE_API = {
  options: (resource: WorkSiteResource) => `${A}/${resource}/options`,
} as const

/** 桥梁 / 隧道 / 路基 / 车站 / 拌合站 / 梁场 / 营地 / 其他 (names in the console's i18n, workSites.type.*). */
export const WORK_SITE_TYPES = ['bridge', 'tunnel', 'subgrade', 'station', 'mixing', 'beamYard', 'camp', 'other'] as const
export type WorkSiteType = (typeof WORK_SITE_TYPES)[number]

/** 筹备 / 在建 / 停工 / 完工. */
export const WORK_SITE_STATUSES = ['preparing', 'building', 'suspended', 'completed'] as const
export type WorkSiteStatus = (typeof WORK_SITE_STATUSES)[number]

/** Photos of a site, at most. */
export const MAX_SITE_PHOTOS = 9

const blankToNull = (v: unknown) => (v === '' ? null : v)
const optionalId = () => z.preprocess(blankToNull, id().nullish())

/** A coordinate in degrees (WGS-84), within ±`max`, at most 7 decimals (≈ 1 cm). */
const degrees = (max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
    z
      .number({ error: V.invalid })
      .refine((n) => Number.isFinite(n) && n >= -max && n <= max, { error: V.invalid })
      .transform((n) => Math.round(n * 1e7) / 1e7)
      .optional(),
  )

export const workSiteFields = z.object({
  workSiteCode: structureCode(),
  workSiteName: name(60),
  siteType: z.enum(WORK_SITE_TYPES, { error: V.required }),
  status: z.enum(WORK_SITE_STATUSES, { error: V.required }).default('preparing'),
  lineId: optionalId(),
  designUnitId: optionalId(),
  containerId: optionalId(),
  /** Chainages, entered loosely and kept canonical; both or neither, start < end. */
  startMileage: optionalMileage(),
  endMileage: optionalMileage(),
  /** The site manager: a staff person of one of the project's units. */
  managerUserId: optionalId(),
  contactPhone: optional(tel()),
  longitude: degrees(180),
  latitude: degrees(90),
  address: optionalText(200),
  description: optionalText(1000),
  photoFileIds: z
    .array(id())
    .max(MAX_SITE_PHOTOS, { error: `${V.tooLarge}:${MAX_SITE_PHOTOS}` })
    .optional(),
})

/** Both mileages or neither, start < end; both coordinates or neither — on the field. */
export function siteRules(
  v: { startMileage?: string; endMileage?: string; longitude?: number; latitude?: number },
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
  lineId: id().optional(),
  status: z.enum(WORK_SITE_STATUSES, { error: V.invalid }).optional(),
  siteType: z.enum(WORK_SITE_TYPES, { error: V.invalid }).optional(),
})

export type WorkSiteFields = z.infer<typeof workSiteFields>
export interface WorkSite extends Stamped {
  workSiteId: string
  projectId: string
  projectName?: string | null
  workSiteCode: string
  workSiteName: string
  siteType: WorkSiteType
  status: WorkSiteStatus
  lineId: string | null
  lineName?: string | null
  designUnitId: string | null
  designUnitName?: string | null
  containerId: string | null
  containerName?: string | null
  startMileage: string | null
  endMileage: string | null
  managerUserId: string | null
  managerName?: string | null
  contactPhone: string | null
  longitude: number | null
  latitude: number | null
  address: string | null
  description: string | null
  photoFileIds: string[]
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
