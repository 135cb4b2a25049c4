/** An application's fields (declared once, issue 27): the form follows this list, the schema (../schemas/application.ts) takes its bounds from it. */
import { APP_TYPES } from '../enums'
import { defineFields } from '../fields'

/** The icon is an upload of the form's own (purpose photo), before the remark. */
export const APP_FIELDS = defineFields('apps.field', [
  { key: 'name', kind: 'text', max: 50, format: 'name', required: true, form: true },
  { key: 'shortName', kind: 'text', max: 20, form: true },
  { key: 'code', kind: 'text', max: 64, required: true, form: { hint: 'apps.codeHint' } },
  { key: 'type', kind: 'choice', options: APP_TYPES, optionLabels: 'apps.type', required: true, form: true },
  { key: 'url', kind: 'text', max: 300, form: { wide: true, placeholder: 'https://' } },
  { key: 'sort', kind: 'number', precision: 0, min: 1, required: true, default: 1, form: true },
  { key: 'principal', kind: 'text', max: 30, form: true },
  { key: 'principalPhone', kind: 'text', max: 20, form: true },
  { key: 'industry', kind: 'text', max: 50, form: true },
  { key: 'major', kind: 'text', max: 50, form: true },
  { key: 'remark', kind: 'text', max: 500, multiline: true, form: true },
])
