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

/** A menu of an application; its functions are MENU_FUNCTION_FIELDS (the schema takes the bounds of both). */
export const MENU_FIELDS = defineFields('apps.menu', [
  { key: 'menuName', kind: 'text', max: 30, format: 'name', required: true, form: true },
  { key: 'menuNameEn', kind: 'text', max: 60, form: { hint: 'apps.menu.menuNameEnHint' } },
  { key: 'action', kind: 'text', max: 200, form: { hint: 'apps.menu.actionHint' } },
  { key: 'iconPath', kind: 'text', max: 300, form: true },
  { key: 'sort', kind: 'number', precision: 0, min: 1, required: true, default: 1, form: true },
])
export const MENU_FUNCTION_FIELDS = defineFields('apps.menu', [
  { key: 'functionName', kind: 'text', max: 30, format: 'name', required: true, form: true },
  { key: 'functionAction', kind: 'text', max: 50, required: true, form: true },
])

/** A version number's part (main.sub.revision). */
const versionPart = { kind: 'number', precision: 0, min: 0, max: 9999, required: true, form: true } as const
/** An application's version; the attachment is an upload of the form's own (purpose scan), before the release note. */
export const VERSION_FIELDS = defineFields('apps.version', [
  { key: 'major', ...versionPart },
  { key: 'minor', ...versionPart },
  { key: 'revision', ...versionPart },
  { key: 'releaseNote', kind: 'text', max: 2000, multiline: true, form: true },
])
