/** A dictionary node's and an engineering major's fields (declared once, issue 27): the forms follow these lists, the schemas (../schemas/dictionary.ts) take their bounds from them. */
import { defineFields } from '../fields'

export const DICT_NODE_FIELDS = defineFields('dictionary.field', [
  { key: 'nodeName', kind: 'text', max: 100, format: 'name', required: true, form: true, excel: { width: 28 } },
  { key: 'nodeCode', kind: 'text', max: 40, format: 'code', required: true, form: true, excel: { width: 18 } },
  /** Unit of measure (m, m³, t, 座…). */
  { key: 'unit', kind: 'text', max: 20, form: true, excel: { width: 10 } },
  { key: 'majorId', kind: 'choice', source: 'major', form: true, excel: true },
  { key: 'status', kind: 'switch', numeric: true, default: 1, form: { wide: true }, excel: true },
  { key: 'description', kind: 'text', max: 500, multiline: true, form: true, excel: true },
])

export const DICT_MAJOR_FIELDS = defineFields('dictionary.majors', [
  { key: 'majorName', kind: 'text', max: 50, format: 'name', required: true, form: true },
  { key: 'majorCode', kind: 'text', max: 30, required: true, form: true },
  { key: 'sort', kind: 'number', precision: 0, min: 1, required: true, default: 1, form: true },
  { key: 'status', label: 'dictionary.field.status', kind: 'switch', numeric: true, default: 1, form: true },
])
