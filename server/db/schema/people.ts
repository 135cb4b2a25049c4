/**
 * Departments and people (server/modules/department, server/modules/people): staff records with
 * their education, certificates, project experience and career resume, and the user audit state.
 * Sub-organisations added through department/addByOrgId are `organization` rows (unit_kind).
 */
import { sql } from 'drizzle-orm'
import { date, index, integer, jsonb, pgTable, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { account, organization } from '../schema'
import { ownerRef, sortedStamped, ts } from './columns'

export const department = pgTable(
  'department',
  {
    departmentId: text('department_id').primaryKey(),
    organizationId: ownerRef('organization_id', () => organization.organizationId),
    /** The parent department; null directly under the organisation. */
    parentId: text('parent_id').references((): AnyPgColumn => department.departmentId),
    /** Materialised path '/top/…/self/' of department ids (COLLATE "C"; kept by server/lib/tree.ts). */
    path: text('path'),
    departmentName: text('department_name').notNull(),
    status: integer('status').notNull().default(1),
    ...sortedStamped,
  },
  (t) => [
    index('department_org_idx').on(t.organizationId, t.sort),
    index('department_parent_idx').on(t.parentId),
    index('department_path_idx').on(t.path),
    uniqueIndex('department_name_uq').on(t.organizationId, sql`coalesce(${t.parentId}, '')`, t.departmentName),
  ],
)

export const person = pgTable(
  'person',
  {
    userId: text('user_id').primaryKey(),
    /** Null only for a registration without an organisation (seen by administrators with data scope 'all'). */
    organizationId: text('organization_id').references(() => organization.organizationId, { onDelete: 'cascade' }),
    departmentId: text('department_id').references(() => department.departmentId, { onDelete: 'set null' }),
    name: text('name').notNull(),
    sex: text('sex'),
    idCard: text('id_card'),
    birthDate: date('birth_date', { mode: 'string' }),
    cellphone: text('cellphone'),
    email: text('email'),
    avatarFileId: text('avatar_file_id'),
    post: text('post'),
    positionLevel: text('position_level'),
    status: text('status').notNull().default('active'),
    auditStatus: text('audit_status').notNull().default('approved'),
    auditReason: text('audit_reason'),
    auditBy: text('audit_by'),
    auditTime: ts('audit_time'),
    /** When and how it came to review (SubmitKind); for a profile, the record before it (SubmittedBefore). */
    submitTime: ts('submit_time'),
    submitKind: text('submit_kind'),
    submittedBefore: jsonb('submitted_before'),
    accountId: text('account_id').references(() => account.accountId, { onDelete: 'set null' }),
    ...sortedStamped,
  },
  (t) => [
    index('person_org_idx').on(t.organizationId, t.sort, t.userId),
    index('person_dept_idx').on(t.departmentId),
    index('person_audit_idx').on(t.auditStatus),
    uniqueIndex('person_id_card_uq').on(t.idCard),
    uniqueIndex('person_account_uq').on(t.accountId),
    index('person_cellphone_idx').on(t.cellphone),
  ],
)

const owner = () => ownerRef('user_id', () => person.userId)

export const personEducation = pgTable(
  'person_education',
  {
    educationId: text('education_id').primaryKey(),
    userId: owner(),
    startMonth: text('start_month').notNull(),
    endMonth: text('end_month').notNull(),
    school: text('school').notNull(),
    major: text('major'),
    degree: text('degree').notNull(),
    graduationPhotoFileId: text('graduation_photo_file_id'),
    degreePhotoFileId: text('degree_photo_file_id'),
    ...sortedStamped,
  },
  (t) => [index('person_education_user_idx').on(t.userId)],
)

export const personCertificate = pgTable(
  'person_certificate',
  {
    certificateId: text('certificate_id').primaryKey(),
    userId: owner(),
    titleLevel: text('title_level').notNull(),
    certificateName: text('certificate_name').notNull(),
    certificateNo: text('certificate_no').notNull(),
    issuingUnit: text('issuing_unit'),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    frontPhotoFileId: text('front_photo_file_id'),
    backPhotoFileId: text('back_photo_file_id'),
    ...sortedStamped,
  },
  (t) => [index('person_certificate_user_idx').on(t.userId)],
)

/** Project experience. */
export const personJob = pgTable(
  'person_job',
  {
    jobId: text('job_id').primaryKey(),
    userId: owner(),
    institution: text('institution').notNull(),
    position: text('position'),
    organizationName: text('organization_name'),
    departmentName: text('department_name'),
    jobLevel: text('job_level'),
    post: text('post'),
    ...sortedStamped,
  },
  (t) => [index('person_job_user_idx').on(t.userId)],
)

/** Career resume. */
export const personProject = pgTable(
  'person_project',
  {
    projectId: text('project_id').primaryKey(),
    userId: owner(),
    startMonth: text('start_month').notNull(),
    endMonth: text('end_month'),
    organizationName: text('organization_name').notNull(),
    position: text('position'),
    description: text('description'),
    ...sortedStamped,
  },
  (t) => [index('person_project_user_idx').on(t.userId)],
)
