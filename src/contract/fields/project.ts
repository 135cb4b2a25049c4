/** A project's fields (declared once, issue 27): the form follows this list, the schema (../schemas/project.ts) takes its bounds from it. */
import { defineFields } from '../fields'

/** 项目类型. */
export const PROJECT_TYPES = ['railway', 'highway', 'urbanRail', 'building', 'water', 'other'] as const
export type ProjectType = (typeof PROJECT_TYPES)[number]

/** 项目状态: 筹备, 在建, 停工, 竣工. */
export const PROJECT_STATUSES = ['preparing', 'ongoing', 'suspended', 'completed'] as const
export type ProjectStatus = (typeof PROJECT_STATUSES)[number]

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
  { key: 'sort', kind: 'number', precision: 0, min: 1, required: true, default: 1, form: true },
  { key: 'description', kind: 'text', max: 2000, multiline: true, form: true },
])
