/** A department's fields (declared once, issue 27): the form follows this list, the schema (../schemas/people.ts) takes its bounds from it. */
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
