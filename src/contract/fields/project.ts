/**
 * The fields of a project and of its participating units, lines, engineering majors, project
 * organisations and their departments (declared once, issue 27): the forms follow these lists, the
 * initialisation wizard's sheets take their columns from them (server/modules/projectInit/sheets.ts),
 * the schemas (../schemas/project.ts) take their bounds from them.
 */
import { defineFields } from '../fields'

/** 项目类型. */
export const PROJECT_TYPES = ['railway', 'highway', 'urbanRail', 'building', 'water', 'other'] as const
export type ProjectType = (typeof PROJECT_TYPES)[number]

/** 项目状态: 筹备, 在建, 停工, 竣工. */
export const PROJECT_STATUSES = ['preparing', 'ongoing', 'suspended', 'completed'] as const
export type ProjectStatus = (typeof PROJECT_STATUSES)[number]

/** 参建单位类型: 建设, 设计, 施工, 监理, 检测, 咨询, 其他. */
export const PARTICIPANT_TYPES = ['build', 'design', 'construction', 'supervision', 'testing', 'consulting', 'other'] as const
export type ParticipantType = (typeof PARTICIPANT_TYPES)[number]

/** 线路类型: 正线, 联络线, 站线, 段所线, 专用线. */
export const LINE_TYPES = ['main', 'connecting', 'station', 'depot', 'dedicated'] as const
export type LineType = (typeof LINE_TYPES)[number]

/** 项目组织类型 (projectOrgTypeId): 建设指挥部, 项目经理部, 监理站, 设计代表处, 检测中心, 其他. */
export const PROJECT_ORG_TYPES = ['command', 'manager', 'supervision', 'design', 'testing', 'other'] as const
export type ProjectOrgType = (typeof PROJECT_ORG_TYPES)[number]

/** A record's place among its siblings (1 when left empty). */
const sort = { key: 'sort', kind: 'number', precision: 0, min: 1, required: true, default: 1, form: true } as const
/** In the form and the initialisation sheet. */
const both = { form: true, excel: true } as const
const sheetSort = { ...sort, ...both } as const

export const PROJECT_FIELDS = defineFields('projects.field', [
  { key: 'projectName', kind: 'text', max: 100, format: 'name', required: true, form: { wide: true } },
  { key: 'projectCode', kind: 'text', max: 50, required: true, form: { hint: 'projects.hint.code' } },
  { key: 'projectType', kind: 'choice', options: PROJECT_TYPES, optionLabels: 'projects.type', required: true, form: true },
  /** The owner unit. */
  { key: 'organizationId', kind: 'choice', source: 'organization', required: true, form: { wide: true, hint: 'projects.hint.owner' } },
  { key: 'startDate', kind: 'date', form: true },
  { key: 'endDate', kind: 'date', form: true },
  {
    key: 'status',
    kind: 'choice',
    options: PROJECT_STATUSES,
    optionLabels: 'projects.status',
    required: true,
    default: 'preparing',
    form: true,
  },
  { key: 'progress', kind: 'number', precision: 0, min: 0, max: 100, default: 0, form: { hint: 'projects.hint.progress' } },
  { key: 'location', kind: 'text', max: 200, form: { wide: true } },
  sort,
  { key: 'description', kind: 'text', max: 2000, multiline: true, form: true },
])

/** The sheet names the unit (of the unit tree) by its name. */
export const PROJECT_UNIT_FIELDS = defineFields('projects.field', [
  { key: 'unitType', kind: 'choice', options: PARTICIPANT_TYPES, optionLabels: 'projects.unitType', required: true, filter: true, ...both },
  { key: 'unitCode', kind: 'text', max: 50, ...both },
  {
    key: 'organizationId',
    label: 'projects.field.unitOrg',
    kind: 'choice',
    source: 'organization',
    required: true,
    form: { wide: true, hint: 'projects.hint.unitOrg' },
    excel: true,
  },
  { key: 'contactPerson', kind: 'text', max: 30, ...both },
  { key: 'contactPhone', kind: 'text', max: 20, format: 'tel', ...both },
  sheetSort,
])

export const LINE_FIELDS = defineFields('projects.field', [
  { key: 'lineCode', kind: 'text', max: 30, required: true, form: { hint: 'projects.hint.lineCode' }, excel: true },
  { key: 'lineType', kind: 'choice', options: LINE_TYPES, optionLabels: 'projects.lineType', required: true, filter: true, ...both },
  { key: 'lineName', kind: 'text', max: 100, format: 'name', required: true, form: { wide: true }, excel: true },
  /** Kilometres, three decimals. */
  { key: 'lengthKm', kind: 'number', precision: 3, min: 0, max: 10_000, ...both },
  sheetSort,
])

export const ENGINEERING_MAJOR_FIELDS = defineFields('projects.field', [
  { key: 'majorCode', kind: 'text', max: 30, required: true, form: { hint: 'projects.hint.majorCode' } },
  { key: 'majorName', kind: 'text', max: 50, format: 'name', required: true, form: true },
  sort,
])

/** The sheet names the participating unit by its name. */
export const PROJECT_ORG_FIELDS = defineFields('projects.field', [
  { key: 'projectOrganizationName', kind: 'text', max: 100, format: 'name', required: true, form: { wide: true }, excel: true },
  { key: 'projectOrgTypeId', kind: 'choice', options: PROJECT_ORG_TYPES, optionLabels: 'projects.orgType', required: true, ...both },
  sheetSort,
  /** The participating unit it belongs to. */
  { key: 'organizationId', label: 'projects.field.orgUnit', kind: 'choice', source: 'organization', form: { wide: true }, excel: true },
])

/** The sheet names the parent department by its path of names. */
export const PROJECT_DEPARTMENT_FIELDS = defineFields('projects.field', [
  { key: 'departmentName', kind: 'text', max: 50, format: 'name', required: true, form: { wide: true }, excel: true },
  /** Empty: a top department of the organisation. */
  { key: 'parentId', kind: 'choice', source: 'projectDepartment', form: { hint: 'projects.dept.top' }, excel: true },
  sheetSort,
])
