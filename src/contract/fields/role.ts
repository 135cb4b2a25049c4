/** A role's fields (declared once, issue 27): the form follows this list, the schema (../schemas/role.ts) takes its bounds from it. */
import { DATA_SCOPES } from '../enums'
import { defineFields } from '../fields'

export const ROLE_FIELDS = defineFields('roles.field', [
  {
    key: 'roleName',
    kind: 'text',
    max: 30,
    format: 'name',
    required: true,
    form: { wide: true },
    excel: { width: 24, hint: 'roles.excelHint.roleName' },
  },
  {
    key: 'dataScope',
    kind: 'choice',
    options: DATA_SCOPES,
    optionLabels: 'roles.dataScope',
    required: true,
    default: 'own',
    form: true,
    excel: { width: 16, hint: 'roles.excelHint.dataScope' },
  },
  {
    key: 'sort',
    kind: 'number',
    precision: 0,
    min: 1,
    required: true,
    default: 1,
    form: { hint: 'roles.sortHint' },
    excel: { width: 8, hint: 'roles.excelHint.sort' },
  },
  { key: 'status', kind: 'switch', numeric: true, default: 1, form: { wide: true, hint: 'roles.statusHint' } },
  { key: 'remark', kind: 'text', max: 200, multiline: true, form: true, excel: { width: 32, hint: 'roles.excelHint.remark' } },
])
