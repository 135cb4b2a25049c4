/**
 * The project layer (issue 11; SPEC §3 Project, Line, Project organisation; DESIGN §3 "Project
 * scope"): projects, their participating units, lines, engineering majors, project organisations
 * and their department trees. Every record of a project carries `projectId`; lists and calls are
 * limited to the projects the caller may see (server/lib/projectScope.ts).
 */
import { sql } from 'drizzle-orm'
import { date, doublePrecision, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { organization } from '../schema'
import { ownerRef, sortedStamped } from './columns'

/** A project record's project: removed with it. */
export const projectRef = () => ownerRef('project_id', () => project.projectId)

/** A construction project; `organizationId` is the owner (建设) unit. */
export const project = pgTable(
  'project',
  {
    projectId: text('project_id').primaryKey(),
    projectName: text('project_name').notNull(),
    projectCode: text('project_code').notNull(),
    /** A PROJECT_TYPES value. */
    projectType: text('project_type').notNull(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.organizationId),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    location: text('location'),
    description: text('description'),
    /** A PROJECT_STATUSES value. */
    status: text('status').notNull().default('preparing'),
    /** Overall progress in per cent (0–100). */
    progress: integer('progress').notNull().default(0),
    ...sortedStamped,
  },
  (t) => [
    uniqueIndex('project_code_uq').on(sql`lower(${t.projectCode})`),
    index('project_org_idx').on(t.organizationId),
    index('project_name_idx').on(t.projectName),
  ],
)

/** A participating unit (参建单位) of a project: a unit of the unit tree in a role (PARTICIPANT_TYPES). */
export const projectUnit = pgTable(
  'project_unit',
  {
    projectUnitId: text('project_unit_id').primaryKey(),
    projectId: projectRef(),
    unitType: text('unit_type').notNull(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.organizationId),
    unitCode: text('unit_code'),
    contactPerson: text('contact_person'),
    contactPhone: text('contact_phone'),
    ...sortedStamped,
  },
  (t) => [uniqueIndex('project_unit_uq').on(t.projectId, t.organizationId, t.unitType), index('project_unit_org_idx').on(t.organizationId)],
)

/** A line of a project (LINE_TYPES). */
export const line = pgTable(
  'line',
  {
    lineId: text('line_id').primaryKey(),
    projectId: projectRef(),
    lineCode: text('line_code').notNull(),
    lineName: text('line_name').notNull(),
    lineType: text('line_type').notNull(),
    lengthKm: doublePrecision('length_km'),
    ...sortedStamped,
  },
  (t) => [uniqueIndex('line_code_uq').on(t.projectId, sql`lower(${t.lineCode})`)],
)

/** An engineering major (专业) of a project: 路基, 桥梁, 隧道… */
export const engineeringMajor = pgTable(
  'engineering_major',
  {
    engineeringMajorId: text('engineering_major_id').primaryKey(),
    projectId: projectRef(),
    majorCode: text('major_code').notNull(),
    majorName: text('major_name').notNull(),
    ...sortedStamped,
  },
  (t) => [uniqueIndex('engineering_major_code_uq').on(t.projectId, sql`lower(${t.majorCode})`)],
)

/** A project organisation (项目组织: 建设指挥部, 项目经理部, 监理站…), optionally of one participating unit. */
export const projectOrg = pgTable(
  'project_org',
  {
    projectOrganizationId: text('project_organization_id').primaryKey(),
    projectId: projectRef(),
    projectOrganizationName: text('project_organization_name').notNull(),
    /** A PROJECT_ORG_TYPES value. */
    projectOrgTypeId: text('project_org_type_id').notNull(),
    organizationId: text('organization_id').references(() => organization.organizationId, { onDelete: 'set null' }),
    ...sortedStamped,
  },
  (t) => [index('project_org_project_idx').on(t.projectId)],
)

/** A department of a project organisation: one tree per project organisation (server/lib/tree.ts). */
export const projectDepartment = pgTable(
  'project_department',
  {
    projectDepartmentId: text('project_department_id').primaryKey(),
    projectOrganizationId: ownerRef('project_organization_id', () => projectOrg.projectOrganizationId),
    projectId: projectRef(),
    parentId: text('parent_id'),
    /** Materialised path '/root/…/self/' of ids (COLLATE "C"; kept by server/lib/tree.ts). */
    path: text('path'),
    departmentName: text('department_name').notNull(),
    ...sortedStamped,
  },
  (t) => [
    index('project_department_org_idx').on(t.projectOrganizationId, t.parentId),
    index('project_department_path_idx').on(t.path),
    index('project_department_project_idx').on(t.projectId),
  ],
)
