/**
 * A department's and a person's fields, and those of a person's education, certificates, project
 * experience and career resume (declared once, issue 27): the forms follow these lists, the schemas
 * (../schemas/people.ts) take their bounds from them.
 */
import { defineFields } from '../fields'

export const DEPT_TYPES = ['company', 'subsidiary', 'department'] as const
export type DeptType = (typeof DEPT_TYPES)[number]

export const DEPT_FIELDS = defineFields('people.dept', [
  /** Adding under an organisation only: a department, or a child organisation. */
  {
    key: 'type',
    kind: 'choice',
    options: DEPT_TYPES,
    optionLabels: 'people.dept.types',
    required: true,
    default: 'department',
    form: { wide: true },
  },
  { key: 'departmentName', label: 'people.dept.name', kind: 'text', max: 50, format: 'name', required: true, form: { wide: true } },
  { key: 'sort', kind: 'number', precision: 0, min: 1, required: true, default: 1, form: true },
  { key: 'status', kind: 'switch', numeric: true, default: 1, form: true },
])

export const SEXES = ['male', 'female'] as const
export type Sex = (typeof SEXES)[number]

/**
 * A post (SPEC §3 Post: postId, userTypeName): an item of the data dictionary key `post` (数据字典),
 * seeded with senior executive, engineering technology, quality, safety, cost/contract, accounting,
 * administration, materials, environment/water conservation, coordination and design (migration
 * 0042_post_dictionary). A staff record and a project experience store the item's code.
 */
export type PostCode = string

/** Position levels of SPEC §3: organisation head, deputy, full-time head, department head, deputy department head, staff member. */
export const POSITION_LEVELS = ['orgHead', 'orgDeputy', 'fullTimeHead', 'deptHead', 'deptDeputy', 'staff'] as const
export type PositionLevel = (typeof POSITION_LEVELS)[number]

/**
 * A person's basic information, as the staff dialog shows it (the ID number and cellphone are
 * required when a person is added; an edit leaves them empty to keep them). The avatar is a
 * field of the form's own (an upload of purpose `avatar`).
 */
export const PERSON_FIELDS = defineFields('people.field', [
  { key: 'name', kind: 'text', max: 30, format: 'name', required: true, form: true, excel: { hint: 'people.hint.nameInSheet' } },
  { key: 'sex', kind: 'choice', options: SEXES, optionLabels: 'people.sex', required: true, form: true, excel: true },
  { key: 'idCard', kind: 'text', max: 18, required: true, form: true, excel: true },
  { key: 'birthDate', kind: 'date', form: { hint: 'people.hint.birthDate' }, excel: { hint: 'people.hint.birthDateInSheet' } },
  { key: 'cellphone', kind: 'text', max: 11, required: true, form: true, excel: true },
  { key: 'email', kind: 'text', max: 100, form: true, excel: true },
  { key: 'post', kind: 'choice', dictionary: 'post', form: true, excel: { hint: 'people.hint.postInSheet' } },
  { key: 'positionLevel', kind: 'choice', options: POSITION_LEVELS, optionLabels: 'people.positionLevel', form: true, excel: true },
  { key: 'sort', kind: 'number', precision: 0, min: 1, required: true, default: 1, form: true },
])

export const DEGREES = ['juniorCollege', 'undergraduate', 'master', 'doctor'] as const
export type Degree = (typeof DEGREES)[number]

/** Certificate title levels: senior-high (正高级), senior, intermediate, primary. */
export const TITLE_LEVELS = ['seniorHigh', 'senior', 'intermediate', 'primary'] as const
export type TitleLevel = (typeof TITLE_LEVELS)[number]

// A sub-record's months (start, end) and scans are fields of the form's own.

export const EDUCATION_FIELDS = defineFields('people.education', [
  { key: 'school', kind: 'text', max: 50, format: 'name', required: true, form: true },
  { key: 'major', kind: 'text', max: 50, form: true },
  { key: 'degree', kind: 'choice', options: DEGREES, optionLabels: 'people.education.degrees', required: true, form: true },
])

export const CERTIFICATE_FIELDS = defineFields('people.certificate', [
  { key: 'certificateName', kind: 'text', max: 50, format: 'name', required: true, form: true },
  { key: 'titleLevel', kind: 'choice', options: TITLE_LEVELS, optionLabels: 'people.certificate.titleLevels', required: true, form: true },
  { key: 'certificateNo', kind: 'text', max: 50, required: true, form: true },
  { key: 'issuingUnit', kind: 'text', max: 100, format: 'name', form: true },
  { key: 'validFrom', kind: 'date', form: true },
  /** Left out: long-term. */
  { key: 'validTo', kind: 'date', form: { hint: 'people.certificate.validToHint' } },
])

/** Project experience (SPEC §3): institution, organisation, department, position, job level, post. */
export const JOB_FIELDS = defineFields('people.job', [
  { key: 'institution', kind: 'text', max: 100, format: 'name', required: true, form: { wide: true } },
  { key: 'organizationName', kind: 'text', max: 100, format: 'name', form: true },
  { key: 'departmentName', kind: 'text', max: 50, format: 'name', form: true },
  { key: 'position', kind: 'text', max: 50, form: true },
  { key: 'jobLevel', kind: 'choice', options: POSITION_LEVELS, optionLabels: 'people.positionLevel', form: true },
  { key: 'post', kind: 'choice', dictionary: 'post', form: true },
])

/** Career resume: after its months, the organisation, position and description. */
export const RESUME_FIELDS = defineFields('people.project', [
  { key: 'organizationName', kind: 'text', max: 100, format: 'name', required: true, form: true },
  { key: 'position', kind: 'text', max: 50, form: true },
  { key: 'description', kind: 'text', max: 500, multiline: true, form: true },
])
