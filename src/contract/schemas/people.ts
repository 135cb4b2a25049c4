/**
 * Departments, people (staff records), their education / certificates / project experience /
 * career resume, and the user audit (SPEC §3, §4, §7). One definition for the console's forms and
 * the gateway's validation.
 *
 * Calls (base /api/admin/v1, see PEOPLE_API):
 *   department: GET listTreeByOrgId?organizationId  → DeptTreeNode[] (the organisation itself as the root node)
 *               GET listByOrgId?organizationId      → Department[] (departments of that organisation only)
 *               POST addByOrgId  (deptAdd)           → DeptTreeNode (type company/subsidiary: a child organisation,
 *                                                       category 1; type department: a department, category 2)
 *               PUT update (deptUpdate)              → Department   (departments only; organisations: org/update)
 *               POST delete  form ids=a,b            (departments only; refused 20021 while it has sub-departments or staff)
 *   user:       GET listPage (userListQuery) → Page<Person> (view=staff: Page<StaffRow>); GET list → Person[] (≤ 5000)
 *               POST add (userAdd) / PUT update (userUpdate) / POST delete form ids
 *               GET getIdCard?userId → { userId, idCard }; GET getCellphone?userId → { userId, cellphone }
 *                   (functions viewIdCard / viewCellphone on /admin/organization; every reveal is logged)
 *               POST move (userMove) → { moved }; POST archive (userArchive) → { updated }
 *   userEducation | userCertificate | userJob | userProject:
 *               GET list?userId → records (photo urls embedded); POST addFullByUserId { userId, items } replaces
 *               all records of that person → the new list; POST delete form ids
 *   userAudit:  GET listPage (auditListQuery) → Page<AuditRow>; POST audit (auditBody) → { updated };
 *               GET submission?userId → AuditSubmission (what was submitted, what a profile changed);
 *               a record waiting in a running audit process (AuditRow.process) is decided by its task,
 *               not by audit (20021)
 *   userCheck:  GET checkIdcard?idCard[&userId] → { birthDate, sex } or 20001 (invalid) / 20006 (already
 *               registered; who has it is not said)
 *   post:       GET list → Post[] (SPEC §3 Post: postId, userTypeName): the enabled items of the data
 *               dictionary key `post` in their order, postId the item's code (what a staff record's and a
 *               project experience's `post` hold), userTypeName its name in the request's language; any
 *               signed-in caller. A `post` not among them is refused (20001 v.notInDictionary:<code> on the
 *               field; a record keeps a post disabled since it was chosen). The console reads the key's
 *               items through dictionary/items (both names, the disabled ones' too: lib/dictionary.ts).
 *   user import / export (Excel, see importExportPaths('user') in files.ts): GET user/importTemplate,
 *               POST user/import (rows: userImportRow; a bad row fails alone, with a report),
 *               GET user/importStatus?jobId, GET user/export?<userListQuery> (numbers masked)
 *
 * In lists idCard and cellphone are masked (110***********1234, 138****5678). On update leave
 * idCard / cellphone out to keep the stored values; send them to change them.
 */
import { z } from 'zod'
import type { FnOf } from '../catalogue'
import {
  V,
  email,
  filterText,
  idCard,
  isoDate,
  isValidIdCard,
  name,
  noRepeats,
  optional,
  optionalText,
  phone,
  sortCode,
  text,
} from '../rules'
import { maxima } from '../fields'
import {
  CERTIFICATE_FIELDS,
  DEGREES,
  DEPT_FIELDS,
  DEPT_TYPES,
  EDUCATION_FIELDS,
  JOB_FIELDS,
  PERSON_FIELDS,
  POSITION_LEVELS,
  RESUME_FIELDS,
  SEXES,
  TITLE_LEVELS,
  type Degree,
  type DeptType,
  type PositionLevel,
  type PostCode,
  type Sex,
  type TitleLevel,
} from '../fields/people'
import { id, idList, listQuery, reviewFields, reasonOnReject, version, type Stamped } from './common'
import { DICT_CODE_MAX } from './fields'
import { structureCode } from './structureRules'

// ---- enumerations (labels live in the console's i18n) ---------------------------------

/** The enumerations and field declarations of ../fields/people.ts. */
export * from '../fields/people'
/** Tree node categories (SPEC §9): organisation 1, department 2. */
export { TREE_CATEGORY } from '../enums'

export const PERSON_STATUSES = ['active', 'archived'] as const
export type PersonStatus = (typeof PERSON_STATUSES)[number]

/** User audit statuses (SPEC §4): to be reviewed, approved, rejected. */
export const AUDIT_STATUSES = ['pending', 'approved', 'rejected'] as const
export type AuditStatus = (typeof AUDIT_STATUSES)[number]

/** Dept/status flag: 1 active, 0 stopped (SPEC §9). */
const statusFlag = () => z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)], { error: V.invalid }))

/** `1`/`0`/`true`/`false` from a query string. */
const flag = () => z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1')

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/
/** `YYYY-MM`. */
export const month = () => z.string({ error: V.required }).trim().min(1, { error: V.required }).regex(MONTH, { error: V.invalid })
/** A file id of the file service (its purpose — avatar / photo / scan — is checked by the gateway). */
const fileId = () => optional(id())
/**
 * A post: the code of an item of the data dictionary key `post`, bounded as a dictionary item's code
 * (the gateway checks it is an enabled item: 20001 `v.notInDictionary:<code>` on the field).
 */
const postCode = () => optional(structureCode(DICT_CODE_MAX))

// ---- ID numbers -------------------------------------------------------------------------

/** Birth date (`YYYY-MM-DD`) written in a valid 18-character ID number. */
export function birthDateOfIdCard(value: string): string | null {
  if (!isValidIdCard(value)) return null
  return `${value.slice(6, 10)}-${value.slice(10, 12)}-${value.slice(12, 14)}`
}
/** Sex written in a valid ID number (17th character: odd male, even female). */
export function sexOfIdCard(value: string): Sex | null {
  if (!isValidIdCard(value)) return null
  return Number(value[16]) % 2 === 1 ? 'male' : 'female'
}
export { maskCellphone, maskIdCard } from '../masks'

/** Message key when the birth date differs from the ID number's: `v.birthDate:<date in the ID number>`. */
export const birthDateMismatch = (expected: string) => `${V.birthDate}:${expected}`

// ---- departments --------------------------------------------------------------------------

/** Bounds as declared (../fields/people.ts). */
const DEPT = maxima(DEPT_FIELDS)
const PERSON = maxima(PERSON_FIELDS)
const EDUCATION = maxima(EDUCATION_FIELDS)
const CERTIFICATE = maxima(CERTIFICATE_FIELDS)
const JOB = maxima(JOB_FIELDS)
const RESUME = maxima(RESUME_FIELDS)
export const deptFields = z.object({
  departmentName: name(DEPT.departmentName),
  status: statusFlag().default(1),
  sort: sortCode().default(1),
})

/**
 * Add under an organisation. `type` department: a department of `organizationId`, under the
 * department `parentId` (or directly under the organisation). company / subsidiary: a child
 * organisation of `organizationId` (parentId must be left out), named `departmentName`.
 */
export const deptAdd = deptFields
  .extend({
    departmentId: id().optional(),
    organizationId: id(),
    parentId: optional(id()),
    type: z.enum(DEPT_TYPES, { error: V.invalid }).default('department'),
  })
  .refine((v) => v.type === 'department' || !v.parentId, { path: ['parentId'], error: V.invalid })

/** Update a department; `parentId` left out (or null) puts it directly under its organisation. */
export const deptUpdate = deptFields.extend({
  departmentId: id(),
  parentId: optional(id().nullable()),
  version: version(),
})

export const deptOrgQuery = z.object({ organizationId: optional(id()) })

export type DeptFields = z.infer<typeof deptFields>
export interface Department extends DeptFields, Stamped {
  departmentId: string
  organizationId: string
  /** The parent department; null directly under the organisation. */
  parentId: string | null
  type: 'department'
  /** Active staff in this department and its sub-departments. */
  headCount: number
}

/** A node of listTreeByOrgId: an organisation (category 1) or a department (category 2). */
export interface DeptTreeNode {
  id: string
  name: string
  category: 1 | 2
  type: DeptType
  /** Parent node id (an organisation or a department); null for the root. */
  parentId: string | null
  /** The organisation the node belongs to (its own id for an organisation node). */
  organizationId: string
  headCount: number
  status: number
  sort: number
  version: number
  children?: DeptTreeNode[]
}

// ---- people ------------------------------------------------------------------------------

const personBase = z.object({
  name: name(PERSON.name),
  sex: z.enum(SEXES, { error: V.invalid }),
  /** Left out: taken from the ID number. */
  birthDate: optional(isoDate()),
  email: optional(email()),
  /** A JPG of at most 2 MB uploaded with purpose `avatar`. */
  avatarFileId: fileId(),
  post: postCode(),
  positionLevel: optional(z.enum(POSITION_LEVELS, { error: V.invalid })),
  /** Link to a sign-in account (in your data scope, not linked to another person). */
  accountId: optional(id()),
  sort: sortCode().default(1),
})

/** The ID number's birth date and the given one agree (checked where both are known). */
function birthDateAgrees(v: { idCard?: string; birthDate?: string }, ctx: z.RefinementCtx) {
  if (!v.idCard || !v.birthDate) return
  const expected = birthDateOfIdCard(v.idCard.toUpperCase())
  if (expected && expected !== v.birthDate) ctx.addIssue({ code: 'custom', path: ['birthDate'], message: birthDateMismatch(expected) })
}

const idCardUpper = () => idCard().transform((s) => s.toUpperCase())

export const personFields = personBase.extend({ idCard: idCardUpper(), cellphone: phone() })

export const userAdd = personFields
  .extend({
    userId: id().optional(),
    organizationId: id(),
    /** A department of organizationId; left out: directly under the organisation. */
    departmentId: optional(id()),
  })
  .superRefine(birthDateAgrees)

export const userUpdate = personBase
  .extend({
    userId: id(),
    version: version(),
    /** Left out: unchanged. */
    idCard: optional(idCardUpper()),
    /** Left out: unchanged. */
    cellphone: optional(phone()),
  })
  .superRefine(birthDateAgrees)

/**
 * A row of the staff import (Excel): the person's fields, the organisation and department by name
 * (organisation left out: the importer's own; department left out: directly under the organisation).
 */
export const userImportRow = personFields
  .extend({
    organizationName: optional(text(100)),
    departmentName: optional(text(50)),
    /** The post by an item's code or its zh or en name (the gateway reads it in the data dictionary key `post`). */
    post: optional(text(100)),
  })
  .superRefine(birthDateAgrees)

/**
 * Where an import started from a unit's staff panel puts its rows (signed query of user/import):
 * a row with no 单位 goes to `organizationId`; with neither 单位 nor 部门, into `departmentId` (a
 * department of that unit) when given.
 */
export const userImportTarget = z.object({
  organizationId: optional(id()),
  departmentId: optional(id()),
})
export type UserImportTarget = z.infer<typeof userImportTarget>

export const userListQuery = listQuery.extend({
  organizationId: optional(id()),
  departmentId: optional(id()),
  /** With the staff of child organisations / sub-departments. */
  includeChildren: flag().default(false),
  /** Name or account name (contains), or exactly a cellphone or ID number. */
  keyword: filterText(50),
  status: optional(z.enum(PERSON_STATUSES)),
  post: postCode(),
  auditStatus: optional(z.enum(AUDIT_STATUSES)),
  /** `staff`: rows of the staff panel only (StaffRow) — what it shows and what editing a row needs. */
  view: optional(z.enum(['staff'])),
})

export const userIdQuery = z.object({ userId: id() })

/** A post as post/list answers it (SPEC §3). */
export interface Post {
  /** The data dictionary item's code: what a record's `post` holds. */
  postId: PostCode
  /** The item's name in the request's language. */
  userTypeName: string
}

const userIds = () => idList(2000)

/** Move people to a department (its organisation follows) or directly under an organisation. */
export const userMove = z
  .object({ userIds: userIds(), departmentId: optional(id()), organizationId: optional(id()) })
  .refine((v) => v.departmentId || v.organizationId, { path: ['departmentId'], error: V.required })

export const userArchive = z.object({ userIds: userIds(), archived: z.boolean({ error: V.invalid }) })

export const checkIdcardQuery = z.object({ idCard: idCardUpper(), userId: optional(id()) })

export type PersonFields = z.infer<typeof personFields>
export interface Person extends Stamped {
  userId: string
  organizationId: string | null
  organizationName: string | null
  departmentId: string | null
  departmentName: string | null
  name: string
  sex: Sex | null
  /** Masked in lists. */
  idCard: string | null
  birthDate: string | null
  /** Masked in lists. */
  cellphone: string | null
  email: string | null
  avatarFileId: string | null
  avatarUrl: string | null
  post: PostCode | null
  positionLevel: PositionLevel | null
  status: PersonStatus
  auditStatus: AuditStatus
  auditReason: string | null
  sort: number
  accountId: string | null
  accountName: string | null
  accountLevel: string | null
  accountStatus: string | null
  roleNames: string[]
}

/**
 * The fields of a `view=staff` row: the staff panel's columns, and what an edit of the row needs
 * (the edit form starts from the row, with the person's lists read online; offline the row is the
 * base of the edit). Left out: the unit's name, the review's fields, the record's times and
 * authors — ~40 % of a 2,000-row answer.
 */
export const STAFF_ROW_FIELDS = [
  'userId',
  'organizationId',
  'departmentId',
  'departmentName',
  'name',
  'sex',
  'idCard',
  'birthDate',
  'cellphone',
  'email',
  'avatarFileId',
  'post',
  'positionLevel',
  'status',
  'sort',
  'accountId',
  'accountName',
  'accountLevel',
  'accountStatus',
  'roleNames',
  'version',
] as const satisfies readonly (keyof Person)[]
/** A `view=staff` row; avatarUrl as in every answer (the avatar's address, added to the row). */
export type StaffRow = Pick<Person, (typeof STAFF_ROW_FIELDS)[number] | 'avatarUrl'>

// ---- sub-records ------------------------------------------------------------------------------

function monthOrder(v: { startMonth?: string; endMonth?: string }, ctx: z.RefinementCtx) {
  if (v.startMonth && v.endMonth && v.endMonth < v.startMonth) ctx.addIssue({ code: 'custom', path: ['endMonth'], message: V.dateOrder })
}

export const educationFields = z
  .object({
    educationId: id().optional(),
    startMonth: month(),
    endMonth: month(),
    school: name(EDUCATION.school),
    major: optional(text(EDUCATION.major)),
    degree: z.enum(DEGREES, { error: V.invalid }),
    graduationPhotoFileId: fileId(),
    degreePhotoFileId: fileId(),
  })
  .superRefine(monthOrder)

export const certificateFields = z
  .object({
    certificateId: id().optional(),
    titleLevel: z.enum(TITLE_LEVELS, { error: V.invalid }),
    certificateName: name(CERTIFICATE.certificateName),
    certificateNo: text(CERTIFICATE.certificateNo),
    issuingUnit: optional(name(CERTIFICATE.issuingUnit)),
    validFrom: optional(isoDate()),
    /** Left out: long-term. */
    validTo: optional(isoDate()),
    frontPhotoFileId: fileId(),
    backPhotoFileId: fileId(),
  })
  .superRefine((v, ctx) => {
    if (v.validFrom && v.validTo && v.validTo < v.validFrom) ctx.addIssue({ code: 'custom', path: ['validTo'], message: V.dateOrder })
  })

/** Project experience (SPEC §3): institution, position, organisation, department, job level, post. */
export const jobFields = z.object({
  jobId: id().optional(),
  institution: name(JOB.institution),
  position: optional(text(JOB.position)),
  organizationName: optional(name(JOB.organizationName)),
  departmentName: optional(name(JOB.departmentName)),
  jobLevel: optional(z.enum(POSITION_LEVELS, { error: V.invalid })),
  post: postCode(),
})

/** Career resume: start/end month (end left out: to date), organisation, position, description. */
export const projectFields = z
  .object({
    projectId: id().optional(),
    startMonth: month(),
    endMonth: optional(month()),
    organizationName: name(RESUME.organizationName),
    position: optional(text(RESUME.position)),
    description: optionalText(RESUME.description),
  })
  .superRefine(monthOrder)

const fullBody = <T extends z.ZodType>(item: T, key: (i: z.infer<T>) => string) =>
  z.object({ userId: id(), items: z.array(item).max(50).default([]).superRefine(noRepeats(key)) })

export const educationFull = fullBody(educationFields, (e) => `${e.school}/${e.degree}`)
export const certificateFull = fullBody(certificateFields, (c) => c.certificateNo)
export const jobFull = fullBody(jobFields, (j) => `${j.institution}/${j.position ?? ''}`)
export const projectFull = fullBody(projectFields, (p) => `${p.startMonth}/${p.organizationName}`)

export type EducationFields = z.infer<typeof educationFields>
export type CertificateFields = z.infer<typeof certificateFields>
export type JobFields = z.infer<typeof jobFields>
export type ProjectFields = z.infer<typeof projectFields>

interface SubRecord extends Stamped {
  userId: string
}
export interface Education extends SubRecord {
  educationId: string
  startMonth: string
  endMonth: string
  school: string
  major: string | null
  degree: Degree
  graduationPhotoFileId: string | null
  graduationPhotoUrl: string | null
  degreePhotoFileId: string | null
  degreePhotoUrl: string | null
}
export interface Certificate extends SubRecord {
  certificateId: string
  titleLevel: TitleLevel
  certificateName: string
  certificateNo: string
  issuingUnit: string | null
  validFrom: string | null
  validTo: string | null
  frontPhotoFileId: string | null
  frontPhotoUrl: string | null
  backPhotoFileId: string | null
  backPhotoUrl: string | null
}
export interface Job extends SubRecord {
  jobId: string
  institution: string
  position: string | null
  organizationName: string | null
  departmentName: string | null
  jobLevel: PositionLevel | null
  post: PostCode | null
}
export interface Project extends SubRecord {
  projectId: string
  startMonth: string
  endMonth: string | null
  organizationName: string
  position: string | null
  description: string | null
}

// ---- profile invitation ------------------------------------------------------------------------

/**
 * What a person fills in through a profile invitation (invite purpose `profile`, target: userId):
 * their own editable fields, education and certificates. idCard / cellphone left out: unchanged
 * (the form shows them masked). Photos: only files already on the record (the invitee is not signed
 * in, so cannot upload). Submitting puts the record up for review (auditStatus pending).
 */
export const profileForm = personBase
  .pick({ name: true, sex: true, birthDate: true, email: true, avatarFileId: true })
  .extend({
    idCard: optional(idCardUpper()),
    cellphone: optional(phone()),
    education: z
      .array(educationFields)
      .max(20)
      .default([])
      .superRefine(noRepeats((e: EducationFields) => `${e.school}/${e.degree}`)),
    certificates: z
      .array(certificateFields)
      .max(20)
      .default([])
      .superRefine(noRepeats((c: CertificateFields) => c.certificateNo)),
  })
  .superRefine(birthDateAgrees)
export type ProfileForm = z.infer<typeof profileForm>

/** The invitation form's current values (`InviteOpened.data` of purpose `profile`). */
export interface ProfileData {
  name: string
  sex: Sex | null
  birthDate: string | null
  email: string | null
  avatarFileId: string | null
  avatarUrl: string | null
  /** Masked: 110***********1234 */
  idCardMasked: string | null
  /** Masked: 138****5678 */
  cellphoneMasked: string | null
  education: Education[]
  certificates: Certificate[]
}

// ---- user audit -------------------------------------------------------------------------------

export const auditListQuery = listQuery.extend({
  keyword: filterText(50),
  auditStatus: optional(z.enum(AUDIT_STATUSES)),
  organizationId: optional(id()),
})

export const AUDIT_DECISIONS = ['approve', 'reject'] as const
/** The same decision as generalAccount/audit (reviewFields: roles given on approval), by staff record. */
export const auditBody = z
  .object({ userIds: userIds(), ...reviewFields, decision: z.enum(AUDIT_DECISIONS, { error: V.invalid }) })
  .refine(...reasonOnReject)

/** A row of the audit list: the person (masked numbers) with the account it came with. */
export interface AuditRow {
  userId: string
  name: string
  sex: Sex | null
  idCard: string | null
  cellphone: string | null
  organizationId: string | null
  organizationName: string | null
  departmentName: string | null
  accountId: string | null
  accountName: string | null
  accountStatus: string | null
  auditStatus: AuditStatus
  auditReason: string | null
  /** Who decided (account name) and when; null while pending. */
  auditBy: string | null
  auditTime: string | null
  /** When it was submitted for review (a registration, or a profile completed through an invitation). */
  submitTime: string | null
  submitKind: SubmitKind | null
  createTime: string
  /** The running audit process the record waits in (a model bound to 用户审核, issue 29); null: none — decided here. */
  process: AuditProcessState | null
}

/** Where a record's running audit process waits: its instance (流程查询) and the names of its current nodes. */
export interface AuditProcessState {
  instanceId: string
  nodeNames: string[]
}

/** What came to review: a registration (/register), or a staff record completed through a profile invitation. */
export const SUBMIT_KINDS = ['registration', 'profile'] as const
export type SubmitKind = (typeof SUBMIT_KINDS)[number]

/** The fields 用户审核 shows of a submission, in order; education and certificates as their counts. */
export const SUBMISSION_FIELDS = [
  'name',
  'sex',
  'idCard',
  'birthDate',
  'cellphone',
  'email',
  'avatar',
  'education',
  'certificates',
] as const
export type SubmissionField = (typeof SUBMISSION_FIELDS)[number]

export const submissionQuery = z.object({ userId: id() })

/**
 * GET userAudit/submission?userId → what was submitted (numbers masked): the values as they are now and,
 * for a profile, each field it changed with its value before (`changes`; empty for a registration).
 * Values are display strings (sex: male/female, avatar: a file id, lists: their count).
 */
export interface AuditSubmission {
  userId: string
  submitKind: SubmitKind | null
  submitTime: string | null
  values: Record<SubmissionField, string | null>
  changes: { field: SubmissionField; before: string | null; after: string | null }[]
}

// ---- paths -------------------------------------------------------------------------------------

export { PEOPLE_API } from '../endpoints'

/** Function actions on /admin/organization (and /admin/user-audit for audit), from the catalogue. */
export const PEOPLE_FNS = {
  add: 'add',
  edit: 'edit',
  delete: 'delete',
  addDept: 'addDept',
  moveStaff: 'moveStaff',
  archive: 'archive',
  viewIdCard: 'viewIdCard',
  viewCellphone: 'viewCellphone',
  audit: 'audit',
} as const satisfies Record<string, FnOf<'/admin/organization' | '/admin/user-audit'>>
