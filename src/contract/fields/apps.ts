/**
 * An application's fields (declared once, issue 27): the list's columns and filters and the form follow
 * this list, the schema (../schemas/application.ts) takes its bounds from it.
 */
import { APP_TYPES } from '../enums'
import { defineFields } from '../fields'

/** The icon is an upload of the form's own (purpose photo), before the remark. */
export const APP_FIELDS = defineFields('apps.field', [
  { key: 'name', kind: 'text', max: 50, format: 'name', required: true, list: { sortable: true }, filter: true, form: true },
  { key: 'shortName', kind: 'text', max: 20, list: true, form: true },
  { key: 'code', kind: 'text', max: 64, required: true, list: { sortable: true }, form: { hint: 'apps.codeHint' } },
  { key: 'type', kind: 'choice', options: APP_TYPES, optionLabels: 'apps.type', required: true, list: true, filter: true, form: true },
  { key: 'url', kind: 'text', max: 300, list: true, form: { wide: true, placeholder: 'https://' } },
  { key: 'sort', kind: 'number', precision: 0, min: 1, required: true, default: 1, list: { sortable: true }, form: true },
  { key: 'principal', kind: 'text', max: 30, list: true, form: true },
  { key: 'principalPhone', kind: 'text', max: 20, list: true, form: true },
  { key: 'industry', kind: 'text', max: 50, list: { hidden: true }, form: true },
  { key: 'major', kind: 'text', max: 50, list: { hidden: true }, form: true },
  { key: 'remark', kind: 'text', max: 500, multiline: true, list: { hidden: true }, form: true },
])
