/**
 * A project's structure (issue 11 part B, SPEC §2 §3): container nodes (项目容器), design units
 * (设计单元) with their mileages — a unit's 工点 are the project's work sites placed in it (issue 33;
 * answered with the unit, edited in 工点信息) — and unit engineering (单位工程), the construction
 * breakdown under design units and containers. Every record carries `projectId`;
 * the gateway answers another project's ids with 20002.
 *
 * Calls (besides the generic resource calls of `container`, `designUnit`, `unitEngineering`):
 *   GET  container/listTree?projectId=&keyword=   → ContainerNode[] of the project, parents before children,
 *                                                  siblings in order (keyword: matches and their ancestors)
 *   POST container/move   (containerMove)         → ContainerNode (20021 under itself or a descendant)
 *   POST container/copy   (containerCopy)         → { rootId, copied } (codes get `codeSuffix`)
 *   container/importTemplate, import?projectId=, importStatus, export?projectId=  (Excel)
 */
import { z } from 'zod'
import { CONTAINER_FIELDS, DESIGN_UNIT_FIELDS, UNIT_ENGINEERING_CATEGORIES, UNIT_ENGINEERING_FIELDS } from '../fields/projectStructure'
import type { ContainerNature, UnitEngineeringCategory } from '../fields/projectStructure'
import { parseChainage } from '../mileage'
import { V, filterText, int, optional, str, text } from '../rules'
import { id, listQuery, version, type Stamped } from './common'
import { declaredShape } from './fields'
import { structureCode } from './structureRules'

const A = '/api/admin/v1'

export const PROJECT_STRUCTURE_API = {
  containerTree: `${A}/container/listTree`,
  containerMove: `${A}/container/move`,
  containerCopy: `${A}/container/copy`,
  /** GET ?projectId=: the choices of the forms (lines, containers, design units, unit projects, majors), under each menu's own resource name. */
  options: (resource: StructureResource) => `${A}/${resource}/options`,
} as const

/** The resources of the structure screens (two menus each show design units and unit engineering). */
export const STRUCTURE_RESOURCES = ['designUnit', 'projectDesignUnit', 'unitEngineering', 'unitProject'] as const
export type StructureResource = (typeof STRUCTURE_RESOURCES)[number]

export interface StructureOptions {
  lines: { lineId: string; lineName: string; lineCode: string }[]
  /** The top levels of the container tree (sections, bridges, tunnels…). */
  containers: { containerId: string; containerName: string; containerCode: string }[]
  designUnits: { designUnitId: string; designUnitName: string; designUnitCode: string }[]
  /** 单位工程 (category unit): the parents a 子单位工程 may have. */
  units: { unitEngineeringId: string; unitName: string; unitCode: string }[]
  majors: string[]
}

// ---- container nodes -------------------------------------------------------------------------------

export { CONTAINER_NATURES, UNIT_ENGINEERING_CATEGORIES } from '../fields/projectStructure'
export { structureCode, mileage, optionalMileage } from './structureRules'
export type { ContainerNature, UnitEngineeringCategory } from '../fields/projectStructure'
/** A container type: the code of an item of the data dictionary key `container_type`. */
export type ContainerType = string

/** A node's fields, as declared (../fields/projectStructure.ts). */
export const containerFields = z.object(declaredShape(CONTAINER_FIELDS))

export const containerAdd = containerFields.extend({
  containerId: id().optional(),
  projectId: id(),
  /** Null or absent: a root of the project's tree. */
  parentId: id().nullish(),
})
/** Editing a node changes its fields; its place changes by `move`. */
export const containerUpdate = containerFields.extend({ containerId: id(), version: version() })

export const containerListQuery = listQuery.extend({
  projectId: id(),
  keyword: filterText(60),
  containerType: optional(structureCode(40)),
})

export const containerTreeQuery = z.object({ projectId: id(), keyword: filterText(60) })

/**
 * A move: the new parent (null or absent: a root — the console's client leaves nulls out of a body) and
 * the place among its children (0 = first; beyond the end = last).
 */
export const containerMove = z.object({
  containerId: id(),
  parentId: id().nullable().default(null),
  index: int({ min: 0 }).default(Number.MAX_SAFE_INTEGER),
  /** The version the move was based on (20008 when the node changed meanwhile). */
  version: version().optional(),
})

export const containerCopy = z.object({
  containerId: id(),
  /** Where the copy goes (null or absent: a root). */
  parentId: id().nullable().default(null),
  /** Appended to every copied code (codes are unique within a project): letters, digits, '-', '_', '.'. */
  codeSuffix: str()
    .trim()
    .min(1, { error: V.required })
    .max(20, { error: `${V.tooLong}:20` })
    .regex(/^[A-Za-z0-9._-]+$/, { error: V.code })
    .default('-1'),
})

/**
 * One row of the container import: the parent by its code (earlier in the file, or already in the
 * project); the type as an item's code or its zh or en label (the gateway reads it in the dictionary).
 */
export const containerImportRow = containerFields.extend({
  parentCode: z.preprocess((v) => (v === '' || v === null ? undefined : v), structureCode().optional()),
  containerType: text(60),
})

export type ContainerFields = z.infer<typeof containerFields>
export interface Container extends ContainerFields, Stamped {
  containerId: string
  projectId: string
  parentId: string | null
}
/**
 * A node of `listTree`: flat, parents before children, siblings in their order; only what the tree
 * and its edit form need (20,000 nodes travel at once). `remark` is left out when empty.
 */
export interface ContainerNode extends Pick<Container, 'containerId' | 'parentId' | 'containerName' | 'containerCode' | 'version'> {
  containerType: ContainerType
  nature: ContainerNature
  remark?: string
  /** Number of direct children. */
  childCount: number
}
export interface ContainerCopyResult {
  rootId: string
  copied: number
}

// ---- design units --------------------------------------------------------------------------------

/** Start < end, and a centre within them: on the field, the same rule in the form and the gateway. */
export function mileageOrder(
  v: { startMileage: string; endMileage: string; centerMileage?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  const start = parseChainage(v.startMileage)
  const end = parseChainage(v.endMileage)
  if (!start || !end) return
  if (end.metres <= start.metres) ctx.addIssue({ code: 'custom', path: ['endMileage'], message: V.mileageOrder })
  const center = v.centerMileage ? parseChainage(v.centerMileage) : null
  if (center && (center.metres < start.metres || center.metres > end.metres))
    ctx.addIssue({ code: 'custom', path: ['centerMileage'], message: V.mileageCenter })
}

/** A design unit's fields, as declared (../fields/projectStructure.ts). */
export const designUnitFields = z.object(declaredShape(DESIGN_UNIT_FIELDS))

export const designUnitAdd = designUnitFields.extend({ designUnitId: id().optional(), projectId: id() }).superRefine(mileageOrder)
export const designUnitUpdate = designUnitFields.extend({ designUnitId: id(), version: version() }).superRefine(mileageOrder)
/** The form's schema (projectId comes from the picker, the ids from the record). */
export const designUnitForm = designUnitFields.superRefine(mileageOrder)

export const designUnitListQuery = listQuery.extend({
  projectId: id().optional(),
  lineId: id().optional(),
  designUnitName: filterText(60),
  major: filterText(40),
})

/** Of a design unit's 工点, at most this many are answered with it (in code order); `workSiteCount` counts them all. */
export const DESIGN_UNIT_SITES_SHOWN = 100

/** A work site placed in a design unit, as the unit's list and form show it (the site itself is edited in 工点信息). */
export interface DesignUnitWorkSite {
  workSiteId: string
  workSiteName: string
  workSiteCode: string
  startMileage: string | null
  endMileage: string | null
}

export type DesignUnitFields = z.infer<typeof designUnitFields>
export interface DesignUnit extends DesignUnitFields, Stamped {
  designUnitId: string
  /** Its 工点: the work sites whose design unit it is, in code order, the first DESIGN_UNIT_SITES_SHOWN. */
  workSites: DesignUnitWorkSite[]
  /** How many work sites it has. */
  workSiteCount: number
  projectId: string
  projectName?: string | null
  lineName?: string | null
  containerName?: string | null
  /** Derived by the database from the mileages. */
  startPrefix: string
  startMetres: number
  endPrefix: string
  endMetres: number
}

// ---- unit engineering ------------------------------------------------------------------------------

/** A unit's fields, as declared (../fields/projectStructure.ts). */
export const unitEngineeringFields = z.object(declaredShape(UNIT_ENGINEERING_FIELDS))

/** A 子单位工程 names its 单位工程. */
function subunitParent(v: { category: UnitEngineeringCategory; parentId?: string | null | undefined }, ctx: z.RefinementCtx): void {
  if (v.category === 'subunit' && !v.parentId) ctx.addIssue({ code: 'custom', path: ['parentId'], message: V.required })
}

export const unitEngineeringAdd = unitEngineeringFields
  .extend({ unitEngineeringId: id().optional(), projectId: id() })
  .superRefine(subunitParent)
export const unitEngineeringUpdate = unitEngineeringFields
  .extend({ unitEngineeringId: id(), version: version() })
  .superRefine(subunitParent)

export const unitEngineeringListQuery = listQuery.extend({
  projectId: id().optional(),
  designUnitId: id().optional(),
  category: z.enum(UNIT_ENGINEERING_CATEGORIES, { error: V.invalid }).optional(),
  unitName: filterText(60),
})

export type UnitEngineeringFields = z.infer<typeof unitEngineeringFields>
export interface UnitEngineering extends UnitEngineeringFields, Stamped {
  unitEngineeringId: string
  projectId: string
  projectName?: string | null
  parentName?: string | null
  designUnitName?: string | null
  containerName?: string | null
}
