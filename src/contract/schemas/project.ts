/**
 * The project layer (issue 11; SPEC §3 Project, Line, Project organisation; SPEC §7 "Projects"):
 * projects, their participating units, lines, engineering majors, project organisations and their
 * department trees. Every record of a project carries `projectId`; the gateway answers 20002 for a
 * project the caller may not see (DESIGN §3 "Project scope").
 */
import { z } from 'zod'
import { V, code, filterText, int, isoDate, name, optional, optionalText, ref, sortCode, tel } from '../rules'
import { maxima } from '../fields'
import {
  ENGINEERING_MAJOR_FIELDS,
  LINE_FIELDS,
  LINE_TYPES,
  PARTICIPANT_TYPES,
  PROJECT_DEPARTMENT_FIELDS,
  PROJECT_FIELDS,
  PROJECT_ORG_FIELDS,
  PROJECT_ORG_TYPES,
  PROJECT_STATUSES,
  PROJECT_TYPES,
  PROJECT_UNIT_FIELDS,
  type LineType,
  type ParticipantType,
  type ProjectOrgType,
  type ProjectStatus,
  type ProjectType,
} from '../fields/project'
import { id, listQuery, type Stamped, recordSchemas } from './common'
import { filterShape } from './fields'

// ---- dictionaries --------------------------------------------------------------------------------

export { PROJECT_TYPES, PROJECT_STATUSES, PARTICIPANT_TYPES, LINE_TYPES, PROJECT_ORG_TYPES } from '../fields/project'
export type { ProjectType, ProjectStatus, ParticipantType, LineType, ProjectOrgType } from '../fields/project'
/** Bounds as declared (../fields/project.ts). */
const PROJECT = maxima(PROJECT_FIELDS)
const UNIT = maxima(PROJECT_UNIT_FIELDS)
const LINE = maxima(LINE_FIELDS)
const MAJOR = maxima(ENGINEERING_MAJOR_FIELDS)
const ORG = maxima(PROJECT_ORG_FIELDS)
const DEPARTMENT = maxima(PROJECT_DEPARTMENT_FIELDS)

/** A record's place among its siblings (1 when left empty). */
const sort = () => sortCode().default(1)
/** A record of a project: its project, its fields, its place among the project's records. */
const projectRecord = <S extends z.ZodRawShape, K extends string>(idKey: K, shape: S) =>
  recordSchemas({ projectId: ref(), ...shape, sort: sort() }, idKey)
/** A list of a project's records (all the caller's projects when absent). */
const inProjectQuery = listQuery.extend({ projectId: optional(id()) })

const dateOrder = <T extends { startDate?: string; endDate?: string }>(q: T) => !q.startDate || !q.endDate || q.endDate >= q.startDate

// ---- project -------------------------------------------------------------------------------------

const projectShape = {
  projectName: name(PROJECT.projectName),
  projectCode: code(PROJECT.projectCode),
  projectType: z.enum(PROJECT_TYPES, { error: V.required }),
  /** The owner (建设) unit, from the unit tree. */
  organizationId: ref(),
  startDate: optional(isoDate()),
  endDate: optional(isoDate()),
  location: optionalText(PROJECT.location),
  description: optionalText(PROJECT.description),
  status: z.enum(PROJECT_STATUSES, { error: V.invalid }).default('preparing'),
  progress: int({ min: 0, max: PROJECT.progress }).default(0),
  sort: sort(),
}
/** The form's fields (the console) — the gateway's add and update are these plus the id (and version). */
export const {
  fields: projectFields,
  add: projectAdd,
  update: projectUpdate,
} = recordSchemas(projectShape, 'projectId', (s) => s.refine(dateOrder, { path: ['endDate'], error: V.dateOrder }))

export const projectListQuery = listQuery.extend({
  /** Name or code contains. */
  keyword: filterText(100),
  status: z.enum(PROJECT_STATUSES, { error: V.invalid }).optional(),
  projectType: z.enum(PROJECT_TYPES, { error: V.invalid }).optional(),
  /** Projects this unit participates in (or owns). */
  organizationId: optional(id()),
})

export type ProjectFields = z.input<typeof projectFields>
export interface Project extends Stamped {
  projectId: string
  projectName: string
  projectCode: string
  projectType: ProjectType
  organizationId: string
  organizationName: string | null
  startDate: string | null
  endDate: string | null
  location: string | null
  description: string | null
  status: ProjectStatus
  progress: number
  sort: number
  /** Participating units (names, in their order). */
  unitCount: number
  unitNames: string[]
  lineCount: number
  /** Work sites of the project (0 until work sites exist). */
  workSiteCount: number
}

/** A project in a picker: what every project screen needs to choose one. */
export interface ProjectOption {
  projectId: string
  projectName: string
  projectCode: string
  status: ProjectStatus
}

// ---- participating units -------------------------------------------------------------------------

export const {
  fields: projectUnitFields,
  add: projectUnitAdd,
  update: projectUnitUpdate,
} = projectRecord('projectUnitId', {
  unitType: z.enum(PARTICIPANT_TYPES, { error: V.required }),
  organizationId: ref(),
  unitCode: optional(code(UNIT.unitCode)),
  contactPerson: optionalText(UNIT.contactPerson),
  contactPhone: optional(tel()),
})
export const projectUnitListQuery = inProjectQuery.extend(filterShape(PROJECT_UNIT_FIELDS))
export type ProjectUnitFields = z.input<typeof projectUnitFields>
export interface ProjectUnit extends Stamped {
  projectUnitId: string
  projectId: string
  unitType: ParticipantType
  organizationId: string
  organizationName: string | null
  unitCode: string | null
  contactPerson: string | null
  contactPhone: string | null
  sort: number
}

// ---- lines ---------------------------------------------------------------------------------------

export const {
  fields: lineFields,
  add: lineAdd,
  update: lineUpdate,
} = projectRecord('lineId', {
  lineCode: code(LINE.lineCode),
  lineName: name(LINE.lineName),
  lineType: z.enum(LINE_TYPES, { error: V.required }),
  /** Length in km (three decimals). */
  lengthKm: optional(
    z.coerce
      .number({ error: V.invalid })
      .refine((n) => Number.isFinite(n) && n >= 0, { error: V.invalid })
      .refine((n) => n <= LINE.lengthKm, { error: `${V.tooLarge}:${LINE.lengthKm}` }),
  ),
})
export const lineListQuery = inProjectQuery.extend({ ...filterShape(LINE_FIELDS), keyword: filterText(100) })
export type LineFields = z.input<typeof lineFields>
export interface Line extends Stamped {
  lineId: string
  projectId: string
  lineCode: string
  lineName: string
  lineType: LineType
  lengthKm: number | null
  sort: number
}

// ---- engineering majors --------------------------------------------------------------------------

export const {
  fields: engineeringMajorFields,
  add: engineeringMajorAdd,
  update: engineeringMajorUpdate,
} = projectRecord('engineeringMajorId', { majorCode: code(MAJOR.majorCode), majorName: name(MAJOR.majorName) })
export const engineeringMajorListQuery = inProjectQuery
export type EngineeringMajorFields = z.input<typeof engineeringMajorFields>
export interface EngineeringMajor extends Stamped {
  engineeringMajorId: string
  projectId: string
  majorCode: string
  majorName: string
  sort: number
}

// ---- project organisations and their departments -------------------------------------------------

export const {
  fields: projectOrgFields,
  add: projectOrgAdd,
  update: projectOrgUpdate,
} = projectRecord('projectOrganizationId', {
  projectOrganizationName: name(ORG.projectOrganizationName),
  projectOrgTypeId: z.enum(PROJECT_ORG_TYPES, { error: V.required }),
  /** The participating unit it belongs to (optional). */
  organizationId: optional(id()),
})
export const projectOrgListQuery = inProjectQuery.extend({ keyword: filterText(100) })
export type ProjectOrgFields = z.input<typeof projectOrgFields>

/** A department node of a project organisation's tree (SPEC §3 `projectDepartmentNodeVOS`): a department without its stamps. */
export interface ProjectDepartmentNode extends Omit<ProjectDepartment, 'createTime' | 'updateTime' | 'createBy' | 'updateBy'> {
  /** Accounts in this department. */
  accountCount: number
  projectDepartmentNodeVOS?: ProjectDepartmentNode[]
}
export interface ProjectOrg extends Stamped {
  projectOrganizationId: string
  projectId: string
  projectOrganizationName: string
  projectOrgTypeId: ProjectOrgType
  organizationId: string | null
  organizationName: string | null
  sort: number
  /** The department tree (roots, each with its children). */
  projectDepartmentNodeVOS: ProjectDepartmentNode[]
}

const projectDepartmentShape = {
  projectOrganizationId: ref(),
  /** null / absent: a top department of the organisation. */
  parentId: optional(id()),
  departmentName: name(DEPARTMENT.departmentName),
  sort: sort(),
}
export const {
  fields: projectDepartmentFields,
  add: projectDepartmentAdd,
  update: projectDepartmentUpdate,
} = recordSchemas(projectDepartmentShape, 'projectDepartmentId')
export const projectDepartmentListQuery = inProjectQuery.extend({ projectOrganizationId: optional(id()) })
export type ProjectDepartmentFields = z.input<typeof projectDepartmentFields>
export interface ProjectDepartment extends Stamped {
  projectDepartmentId: string
  projectOrganizationId: string
  projectId: string
  parentId: string | null
  departmentName: string
  sort: number
}

/** A department to choose for an account: with its organisation and project (项目账号管理's 项目部门). */
export interface ProjectDepartmentOption {
  projectDepartmentId: string
  departmentName: string
  /** Names of the departments above it, root first. */
  pathNames: string[]
  projectOrganizationId: string
  projectOrganizationName: string
  projectId: string
  projectName: string
}

export const projectDepartmentMove = z.object({
  projectDepartmentId: id(),
  /** The new parent (absent: a top department of its organisation). */
  parentId: optional(id()),
})

// the paths: ../projectApi (no zod: the project pickers and lists start without the schemas)
export { PROJECT_API } from '../projectApi'

export const projectIdQuery = z.object({ projectId: id() })
