/**
 * Extension attributes, the bill of quantities and the resource pool (issue 13 part B; SPEC §3
 * "Attribute group", §5 decimals, §6 resource authorisation, §7 "Dictionaries and attributes").
 *
 * Attribute groups belong to a node type (1 project, 2 line, 3 design unit); a group of kind `form`
 * adds fields to that node's form, a group of kind `table` is a user-defined table whose items are
 * the columns (rows entered per node). Relations name the specific nodes a group applies to (a group
 * without relations applies to every node of its type). The values of a node are validated by ONE
 * schema built from its active items (`attributeValuesSchema`), by the console's form and by the
 * gateway (20001 on `values.<itemCode>`).
 *
 * Calls (besides the generic resource calls of attrGroup, attrItem, attrRelation, attrTableRow, boqItem, resourcePool):
 *   POST attrGroup/copy   (attrGroupCopy)          → AttrGroup (the copy, with copies of its items)
 *   GET  attrRelation/nodeOptions?nodeType=&projectId= → AttrNodeOption[] (the nodes a relation may name)
 *   GET  attrValue/get?nodeType=&nodeId=           → AttrForm (20002 for a node outside the caller's projects)
 *   POST attrValue/save   (attrValueSave)          → AttrForm (20008 on a stale version)
 *   GET  boqItem/totals?projectId=                 → BoqTotals (amounts rolled up the container tree)
 *   GET  boqItem/nodes?projectId=                  → BoqNodes (the nodes items may belong to, in tree order)
 *   GET  boqItem/quantities                        → BoqQuantity[] (the quantity dictionary's enabled entries an item may be of)
 *   boqItem/importTemplate, import?projectId=, export?projectId= (Excel)
 */
import { z } from 'zod'
import { maxima } from '../fields'
import { DICT_NODE_FIELDS } from '../fields/dictionary'
import {
  ATTR_GROUP_FIELDS,
  ATTR_GROUP_KINDS,
  ATTR_ITEM_FIELDS,
  ATTR_ITEM_TYPES,
  BOQ_ITEM_FIELDS,
  RESOURCE_POOL_FIELDS,
  RESOURCE_POOL_TYPES,
  type AttrGroupKind,
  type AttrItemType,
  type AttrNodeType,
  type ResourcePoolType,
} from '../fields/attributes'
import { V, code, filterText, isoDate, name, optional, optionalText, ref, sortCode, text } from '../rules'
import { resourcePaths } from '../paths'
import { id, listQuery, version, type Stamped, recordSchemas } from './common'
import { structureCode } from './structureRules'

const A = '/api/admin/v1'
/** A quantity dictionary entry's code (src/contract/fields/dictionary.ts). */
const DICT_NODE_CODE_MAX = maxima(DICT_NODE_FIELDS).nodeCode

export const ATTR_API = {
  attrGroup: { ...resourcePaths('attrGroup'), copy: `${A}/attrGroup/copy` },
  attrItem: resourcePaths('attrItem'),
  attrRelation: { ...resourcePaths('attrRelation'), nodeOptions: `${A}/attrRelation/nodeOptions` },
  attrTableRow: resourcePaths('attrTableRow'),
  attrValue: { get: `${A}/attrValue/get`, save: `${A}/attrValue/save` },
  boqItem: {
    ...resourcePaths('boqItem'),
    totals: `${A}/boqItem/totals`,
    nodes: `${A}/boqItem/nodes`,
    quantities: `${A}/boqItem/quantities`,
  },
  resourcePool: resourcePaths('resourcePool'),
} as const

// ---- dictionaries --------------------------------------------------------------------------------

export { ATTR_NODE_TYPES, ATTR_GROUP_KINDS, ATTR_ITEM_TYPES, RESOURCE_POOL_TYPES } from '../fields/attributes'
export type { AttrNodeType, AttrGroupKind, AttrItemType, ResourcePoolType } from '../fields/attributes'
/** 1 enabled, 0 disabled. */
export const ATTR_STATUSES = [1, 0] as const
/** Bounds as declared (../fields/attributes.ts). */
const GROUP = maxima(ATTR_GROUP_FIELDS)
const ITEM = maxima(ATTR_ITEM_FIELDS)
const BOQ = maxima(BOQ_ITEM_FIELDS)
const POOL = maxima(RESOURCE_POOL_FIELDS)

/** A number sent as a number or as query text. */
const numberIn = (v: unknown) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v)
const missing = (iss: { input?: unknown }) => (iss.input === undefined || iss.input === null || iss.input === '' ? V.required : V.invalid)
const nodeType = () => z.preprocess(numberIn, z.union([z.literal(1), z.literal(2), z.literal(3)], { error: missing }))
const status = () => z.preprocess(numberIn, z.union([z.literal(1), z.literal(0)], { error: missing }))
const bool = () => z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { error: V.invalid })

/** A decimal with up to `scale` places (SPEC §5: inputs keep only the first dot — a second dot is v.invalid here). */
export const DECIMAL = /^-?\d{1,14}(\.\d+)?$/
export const decimal = (scale = 4, { nonNegative = false } = {}) =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
    z
      .string({ error: missing })
      .trim()
      .min(1, { error: V.required })
      .refine((v) => DECIMAL.test(v) && (v.split('.')[1] ?? '').length <= scale, { error: V.invalid })
      .refine((v) => !nonNegative || !v.startsWith('-'), { error: V.negative }),
  )

// ---- groups ----------------------------------------------------------------------------------------

const groupShape = {
  groupName: name(GROUP.groupName),
  groupCode: code(GROUP.groupCode),
  nodeType: nodeType(),
  groupKind: z.enum(ATTR_GROUP_KINDS, { error: V.invalid }).default('form'),
  status: status().default(1),
  sort: sortCode().default(1),
  remark: optionalText(GROUP.remark),
}
export const { fields: attrGroupFields, add: attrGroupAdd, update: attrGroupUpdate } = recordSchemas(groupShape, 'groupId')
export const attrGroupListQuery = listQuery.extend({
  keyword: filterText(50),
  nodeType: optional(nodeType()),
  status: optional(status()),
  groupKind: z.enum(ATTR_GROUP_KINDS, { error: V.invalid }).optional(),
})
export const attrGroupCopy = z.object({ groupId: id(), groupName: groupShape.groupName, groupCode: groupShape.groupCode })
export type AttrGroupFields = z.input<typeof attrGroupFields>

export interface AttrGroup extends Stamped {
  groupId: string
  groupName: string
  groupCode: string
  nodeType: AttrNodeType
  groupKind: AttrGroupKind
  status: number
  sort: number
  remark: string | null
  itemCount: number
  relationCount: number
}

// ---- items -----------------------------------------------------------------------------------------

const itemShape = {
  groupId: ref(),
  itemName: name(ITEM.itemName),
  itemCode: code(ITEM.itemCode),
  itemType: z.enum(ATTR_ITEM_TYPES, { error: V.required }),
  required: bool().default(false),
  /** Choices of select and multi-select items (no repeats). */
  options: z
    .array(text(50), { error: V.invalid })
    .max(100)
    .default([])
    .superRefine((items, ctx) => {
      const seen = new Set<string>()
      for (const o of items) {
        if (seen.has(o)) ctx.addIssue({ code: 'custom', message: `${V.repeat}:${o}` })
        seen.add(o)
      }
    }),
  /** The value a new node starts with (must be a valid value of the item). */
  defaultValue: optionalText(ITEM.defaultValue),
  unit: optionalText(ITEM.unit),
  status: status().default(1),
  sort: sortCode().default(1),
}
const itemRules = <T extends { itemType: AttrItemType; options: string[]; defaultValue?: string }>(v: T, ctx: z.RefinementCtx) => {
  const choices = v.itemType === 'select' || v.itemType === 'multiSelect'
  if (choices && v.options.length === 0) ctx.addIssue({ code: 'custom', path: ['options'], message: V.required })
  if (v.defaultValue !== undefined && !defaultFits(v)) ctx.addIssue({ code: 'custom', path: ['defaultValue'], message: V.invalid })
}
export const attrItemFields = z.object(itemShape).superRefine(itemRules)
export const attrItemAdd = z.object({ ...itemShape, itemId: id().optional() }).superRefine(itemRules)
export const attrItemUpdate = z.object({ ...itemShape, itemId: id(), version: version() }).superRefine(itemRules)
export const attrItemListQuery = listQuery.extend({ groupId: optional(id()), keyword: filterText(50) })
export type AttrItemFields = z.input<typeof attrItemFields>

export interface AttrItemDef {
  itemId: string
  groupId: string
  itemName: string
  itemCode: string
  itemType: AttrItemType
  required: boolean
  options: string[]
  defaultValue: string | null
  unit: string | null
  status: number
  sort: number
}
export interface AttrItem extends AttrItemDef, Stamped {}

// ---- values built from items -----------------------------------------------------------------------

type ItemLike = Pick<AttrItemDef, 'itemType' | 'required' | 'options'>

/** The schema of one item's value (empty values are absent: required → v.required). */
export function itemValueSchema(item: ItemLike): z.ZodType {
  const base = ((): z.ZodType => {
    switch (item.itemType) {
      case 'text':
        return text(500)
      case 'number':
        return decimal(6)
      case 'date':
        return isoDate()
      case 'select':
        return z.string({ error: V.required }).refine((v) => item.options.includes(v), { error: V.invalid })
      case 'multiSelect':
        return z
          .array(z.string({ error: V.invalid }), { error: missing })
          .refine((v) => v.every((x) => item.options.includes(x)), { error: V.invalid })
          .refine((v) => new Set(v).size === v.length, { error: V.repeat })
          .refine((v) => !item.required || v.length > 0, { error: V.required })
      case 'boolean':
        return bool()
    }
  })()
  const empty = (v: unknown) =>
    v === undefined || v === null || v === '' || (item.itemType !== 'multiSelect' && Array.isArray(v) && !v.length)
  return item.required
    ? z.preprocess((v) => (empty(v) ? undefined : v), base)
    : z.preprocess((v) => (empty(v) ? undefined : v), base.optional())
}

/** Schemas by their items: building one (and zod's first parse of it) costs far more than a parse, and items rarely change. */
const built = new Map<string, z.ZodObject>()
const SCHEMA_CACHE = 200

/** The values of a node, ONE schema built from the node's active items (form and gateway alike); unknown keys are dropped. */
export function attributeValuesSchema(items: readonly (ItemLike & { itemCode: string })[]): z.ZodObject {
  const key = items.map((i) => [i.itemCode, i.itemType, i.required ? 1 : 0, i.options.join('\u0001')].join('\u0002')).join('\u0003')
  const hit = built.get(key)
  if (hit) return hit
  const schema = z.object(Object.fromEntries(items.map((i) => [i.itemCode, itemValueSchema(i)])))
  if (built.size >= SCHEMA_CACHE) built.delete(built.keys().next().value!)
  built.set(key, schema)
  return schema
}

/** A default value as the item's value (multi-select: comma-separated; boolean: 'true'/'false'). */
export function defaultOf(item: Omit<ItemLike, 'required'> & { defaultValue?: string | null }): unknown {
  const d = item.defaultValue
  if (d === undefined || d === null || d === '') return undefined
  if (item.itemType === 'multiSelect')
    return d
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  if (item.itemType === 'boolean') return d === 'true'
  return d
}
function defaultFits(item: Omit<ItemLike, 'required'> & { defaultValue?: string }): boolean {
  if (item.itemType === 'boolean') return item.defaultValue === 'true' || item.defaultValue === 'false'
  return itemValueSchema({ ...item, required: false }).safeParse(defaultOf(item)).success
}

export const attrValueQuery = z.object({ nodeType: nodeType(), nodeId: ref() })
export const attrValueSave = z.object({
  nodeType: nodeType(),
  nodeId: ref(),
  /** Keyed by item code; validated against the node's items by the gateway. */
  values: z.record(z.string(), z.unknown(), { error: V.invalid }).default({}),
  /** The version read (absent before the node's first save). */
  version: version().optional(),
})

export interface AttrFormGroup {
  groupId: string
  groupName: string
  groupCode: string
  items: AttrItemDef[]
}
/** The attributes of a node: its active form groups (in order), their active items, the stored values. */
export interface AttrForm {
  nodeType: AttrNodeType
  nodeId: string
  groups: AttrFormGroup[]
  values: Record<string, unknown>
  /** null before the first save. */
  version: number | null
}

// ---- relations and user-defined table rows ----------------------------------------------------------

export const attrRelationAdd = z.object({ relationId: id().optional(), groupId: ref(), nodeId: ref() })
export const attrRelationUpdate = attrRelationAdd.extend({ relationId: id(), version: version() })
export const attrRelationListQuery = listQuery.extend({ groupId: optional(id()), nodeId: optional(id()) })
export const attrNodeOptionsQuery = z.object({ nodeType: nodeType(), projectId: id() })
export interface AttrNodeOption {
  nodeId: string
  nodeName: string
  nodeCode: string
}
export interface AttrRelation extends Stamped {
  relationId: string
  groupId: string
  nodeId: string
  /** The node's name (project, line or design unit). */
  nodeName: string | null
  /** The node's project (null only when the node is gone). */
  projectId: string | null
}

const tableRowShape = {
  groupId: ref(),
  nodeType: nodeType(),
  nodeId: ref(),
  values: z.record(z.string(), z.unknown(), { error: V.invalid }).default({}),
  sort: sortCode().default(1),
}
export const attrTableRowAdd = z.object({ ...tableRowShape, rowId: id().optional() })
export const attrTableRowUpdate = z.object({ ...tableRowShape, rowId: id(), version: version() })
export const attrTableRowListQuery = listQuery.extend({ groupId: optional(id()), nodeId: optional(id()) })
export interface AttrTableRow extends Stamped {
  rowId: string
  groupId: string
  nodeType: AttrNodeType
  nodeId: string
  projectId: string
  values: Record<string, unknown>
  sort: number
}

// ---- bill of quantities ------------------------------------------------------------------------------

const boqShape = {
  projectId: ref(),
  /** The node: a container node or a design unit (exactly one). */
  containerId: optional(id()),
  designUnitId: optional(id()),
  /** An enabled entry of the quantity dictionary: the item's name and unit are copied from it. */
  quantityNodeId: id(),
  itemCode: code(BOQ.itemCode),
  quantity: decimal(4, { nonNegative: true }),
  unitPrice: decimal(4, { nonNegative: true }),
  remark: optionalText(BOQ.remark),
  sort: sortCode().default(1),
}
const oneNode = (v: { containerId?: string; designUnitId?: string }) => !!v.containerId !== !!v.designUnitId
export const {
  fields: boqItemFields,
  add: boqItemAdd,
  update: boqItemUpdate,
} = recordSchemas(boqShape, 'boqItemId', (s) => s.refine(oneNode, { path: ['containerId'], error: V.required }))
export const boqItemListQuery = listQuery.extend({
  projectId: optional(id()),
  containerId: optional(id()),
  designUnitId: optional(id()),
  keyword: filterText(50),
})
/** One row of an Excel import: the node by its code (a container code, or a design unit code), the quantity dictionary's entry by its code. */
export const boqImportRow = z.object({
  nodeCode: code(50),
  quantityCode: structureCode(DICT_NODE_CODE_MAX),
  itemCode: boqShape.itemCode,
  quantity: boqShape.quantity,
  unitPrice: boqShape.unitPrice,
  remark: boqShape.remark,
})
export const boqTotalsQuery = z.object({ projectId: id() })
export type BoqItemFields = z.input<typeof boqItemFields>

export interface BoqItem extends Stamped {
  boqItemId: string
  projectId: string
  containerId: string | null
  designUnitId: string | null
  nodeName: string | null
  nodeCode: string | null
  /** Null on items written before items were picked from the dictionary. */
  quantityNodeId: string | null
  itemCode: string
  itemName: string
  unit: string
  /** Exact decimals as strings. */
  quantity: string
  unitPrice: string
  amount: string
  remark: string | null
  sort: number
}
export interface BoqNodeTotal {
  /** A container id or a design unit id. */
  nodeId: string
  kind: 'container' | 'designUnit'
  /** Amount of the node's own items. */
  own: string
  /** Own plus every descendant's (design units count towards their container). */
  total: string
  count: number
}
/** The nodes of a project items may belong to: containers in tree order (parents first) and design units. */
export interface BoqNodes {
  containers: { containerId: string; parentId: string | null; containerCode: string; containerName: string }[]
  designUnits: { designUnitId: string; containerId: string | null; designUnitCode: string; designUnitName: string }[]
}
/** GET boqItem/quantities: the enabled entries of the quantity dictionary an item may be of, in tree order. */
export interface BoqQuantity {
  nodeId: string
  parentId: string | null
  nodeCode: string
  nodeName: string
  unit: string | null
  level: number
}
export interface BoqTotals {
  projectId: string
  total: string
  count: number
  nodes: BoqNodeTotal[]
}

/** Sums exact decimal strings of scale ≤ 2 (amounts) as integers of cents. */
export function addAmounts(a: string, b: string): string {
  return centsToAmount(amountToCents(a) + amountToCents(b))
}
export function amountToCents(v: string): bigint {
  const negative = v.startsWith('-')
  const [whole = '0', frac = ''] = (negative ? v.slice(1) : v).split('.')
  const cents = BigInt(whole || '0') * 100n + BigInt((frac + '00').slice(0, 2))
  return negative ? -cents : cents
}
export function centsToAmount(c: bigint): string {
  const negative = c < 0n
  const abs = negative ? -c : c
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`
}

// ---- resource pool ---------------------------------------------------------------------------------

const resourceShape = {
  resourceName: name(POOL.resourceName),
  resourceCode: code(POOL.resourceCode),
  resourceType: z.enum(RESOURCE_POOL_TYPES, { error: V.required }),
  uri: optionalText(POOL.uri),
  status: status().default(1),
  sort: sortCode().default(1),
  remark: optionalText(POOL.remark),
}
export const { fields: resourcePoolFields, add: resourcePoolAdd, update: resourcePoolUpdate } = recordSchemas(resourceShape, 'resourceId')
export const resourcePoolListQuery = listQuery.extend({
  keyword: filterText(50),
  resourceType: z.enum(RESOURCE_POOL_TYPES, { error: V.invalid }).optional(),
  status: optional(status()),
})
export const resourcePoolImportRow = resourcePoolFields
export type ResourcePoolFields = z.input<typeof resourcePoolFields>
export interface ResourcePoolItem extends Stamped {
  resourceId: string
  resourceName: string
  resourceCode: string
  resourceType: ResourcePoolType
  uri: string | null
  status: number
  sort: number
  remark: string | null
}
