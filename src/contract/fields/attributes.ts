/**
 * The fields of attribute groups, attribute items, quantity items and the resource pool (issue 13
 * part B; declared once, issue 27): the forms follow this list, the schemas (../schemas/attributes.ts)
 * take their bounds from it.
 */
import { defineFields } from '../fields'

/** Node types: 1 project, 2 line, 3 design unit (SPEC §3). */
export const ATTR_NODE_TYPES = [1, 2, 3] as const
export type AttrNodeType = (typeof ATTR_NODE_TYPES)[number]
export const ATTR_GROUP_KINDS = ['form', 'table'] as const
export type AttrGroupKind = (typeof ATTR_GROUP_KINDS)[number]
export const ATTR_ITEM_TYPES = ['text', 'number', 'date', 'select', 'multiSelect', 'boolean'] as const
export type AttrItemType = (typeof ATTR_ITEM_TYPES)[number]
export const RESOURCE_POOL_TYPES = ['api', 'menu', 'data', 'file', 'other'] as const
export type ResourcePoolType = (typeof RESOURCE_POOL_TYPES)[number]

const sort = { key: 'sort', kind: 'number', precision: 0, min: 1, required: true, default: 1, form: true } as const
const status = { key: 'status', kind: 'switch', numeric: true, default: 1, form: true } as const
const remark = { key: 'remark', kind: 'text', max: 500, multiline: true, form: { wide: true } } as const

export const ATTR_GROUP_FIELDS = defineFields('attributes.field', [
  { key: 'groupName', kind: 'text', max: 50, format: 'name', required: true, form: true },
  { key: 'groupCode', kind: 'text', max: 50, required: true, form: true },
  {
    key: 'nodeType',
    kind: 'choice',
    options: ATTR_NODE_TYPES,
    optionLabels: 'attributes.nodeType',
    optionKey: 'n',
    required: true,
    filter: true,
    form: true,
  },
  {
    key: 'groupKind',
    kind: 'choice',
    options: ATTR_GROUP_KINDS,
    optionLabels: 'attributes.groupKind',
    required: true,
    default: 'form',
    form: true,
  },
  sort,
  status,
  remark,
])

/** Besides these, the choices of a select item (`options`, a list of texts edited as one). */
export const ATTR_ITEM_FIELDS = defineFields('attributes.field', [
  { key: 'itemName', kind: 'text', max: 50, format: 'name', required: true, form: true },
  { key: 'itemCode', kind: 'text', max: 50, required: true, form: true },
  { key: 'itemType', kind: 'choice', options: ATTR_ITEM_TYPES, optionLabels: 'attributes.itemType', required: true, form: true },
  { key: 'unit', kind: 'text', max: 20, form: true },
  { key: 'defaultValue', kind: 'text', max: 500, form: true },
  sort,
  { key: 'required', kind: 'switch', default: false, form: true },
  status,
])

export const BOQ_ITEM_FIELDS = defineFields('attributes.boq.field', [
  /** The quantity dictionary's entry: the item's name and unit are its (SPEC §7 "Dictionaries and attributes"). */
  { key: 'quantityNodeId', kind: 'choice', source: 'quantity', required: true, form: { wide: true, hint: 'attributes.boq.quantityHint' } },
  { key: 'itemCode', kind: 'text', max: 50, required: true, form: { hint: 'attributes.boq.itemCodeHint' }, excel: true },
  // copied from the entry: answered and exported, never written
  { key: 'itemName', kind: 'text', max: 100, format: 'name', excel: true },
  { key: 'unit', kind: 'text', max: 20, excel: true },
  sort,
  { key: 'quantity', kind: 'number', precision: 4, min: 0, required: true, form: true, excel: { hint: 'attributes.boq.decimalsHint' } },
  { key: 'unitPrice', kind: 'number', precision: 4, min: 0, required: true, form: true, excel: { hint: 'attributes.boq.decimalsHint' } },
  { ...remark, excel: true },
])

export const RESOURCE_POOL_FIELDS = defineFields('attributes.pool.field', [
  { key: 'resourceName', kind: 'text', max: 50, format: 'name', required: true, form: true, excel: true },
  { key: 'resourceCode', kind: 'text', max: 80, required: true, form: true, excel: { hint: 'attributes.pool.codeHint' } },
  {
    key: 'resourceType',
    kind: 'choice',
    options: RESOURCE_POOL_TYPES,
    optionLabels: 'attributes.pool.type',
    required: true,
    filter: true,
    form: true,
    excel: true,
  },
  sort,
  { key: 'uri', kind: 'text', max: 500, form: { wide: true }, excel: true },
  { ...status, excel: true },
  { ...remark, excel: true },
])
