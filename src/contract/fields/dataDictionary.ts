/**
 * The fields of the data dictionary (数据字典, issue 33; SPEC §7 `dictionary`): keys and each key's
 * ordered items, declared once — the screen's forms follow these lists, the schemas
 * (../schemas/dataDictionary.ts) are built from them.
 */
import { defineFields } from '../fields'

const remark = { key: 'remark', kind: 'text', max: 200, multiline: true, form: { wide: true } } as const

export const DATA_DICT_KEY_FIELDS = defineFields('dataDictionary.field', [
  { key: 'keyCode', kind: 'text', max: 50, format: 'code', required: true, form: true },
  { key: 'keyName', kind: 'text', max: 50, format: 'name', required: true, form: true },
  { key: 'keyNameEn', kind: 'text', max: 100, format: 'name', required: true, form: true },
  remark,
])

export const DATA_DICT_ITEM_FIELDS = defineFields('dataDictionary.field', [
  { key: 'itemCode', kind: 'text', max: 40, format: 'code', required: true, form: true },
  { key: 'label', kind: 'text', max: 50, format: 'name', required: true, form: true },
  { key: 'labelEn', kind: 'text', max: 100, format: 'name', required: true, form: true },
  { key: 'sort', kind: 'number', precision: 0, min: 1, required: true, default: 1, form: true },
  { key: 'status', kind: 'switch', numeric: true, default: 1, form: true },
  remark,
])
