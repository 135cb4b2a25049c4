/** Resources and queries of the attribute, bill-of-quantities and resource-pool screens (gateway: server/modules/attributes). */
import { z } from 'zod'
import {
  ATTR_API,
  type AttrGroup,
  type AttrItem,
  type AttrRelation,
  type BoqItem,
  type ResourcePoolItem,
} from '@/contract/schemas/attributes'
import { defineResource, type FormValues } from '@/lib/crud'
import { attrKeys } from './queries'

export const attrGroupResource = defineResource<AttrGroup>({
  key: attrKeys.group,
  paths: ATTR_API.attrGroup,
  idKey: 'groupId',
  schemas: () => import('@/contract/schemas/attributes').then((m) => ({ add: m.attrGroupAdd, update: m.attrGroupUpdate })),
  entity: 'attributes.entity.group',
  nameOf: (g) => g.groupName,
})

/** Choices are edited as one comma-separated text. */
const splitOptions = (v: unknown) => {
  if (!v || typeof v !== 'object') return v
  const o = (v as FormValues).options
  return typeof o === 'string'
    ? {
        ...(v as FormValues),
        options: o
          .split(/[,，]/)
          .map((s) => s.trim())
          .filter(Boolean),
      }
    : v
}
export const attrItemResource = defineResource<AttrItem>({
  key: attrKeys.item,
  paths: ATTR_API.attrItem,
  idKey: 'itemId',
  schemas: () =>
    import('@/contract/schemas/attributes').then((m) => ({
      add: z.preprocess(splitOptions, m.attrItemAdd),
      update: z.preprocess(splitOptions, m.attrItemUpdate),
    })),
  entity: 'attributes.entity.item',
  nameOf: (i) => i.itemName,
  invalidates: [[attrKeys.group], ['attrValue']],
  toForm: (i) => ({ ...i, options: i.options.join(', ') }),
  toPayload: (values) => splitOptions(values) as FormValues,
})

export const attrRelationResource = defineResource<AttrRelation>({
  key: attrKeys.relation,
  paths: ATTR_API.attrRelation,
  idKey: 'relationId',
  schemas: () => import('@/contract/schemas/attributes').then((m) => ({ add: m.attrRelationAdd, update: m.attrRelationUpdate })),
  entity: 'attributes.entity.relation',
  nameOf: (r) => r.nodeName ?? r.nodeId,
  invalidates: [[attrKeys.group], ['attrValue']],
})

export const boqItemResource = defineResource<BoqItem>({
  key: attrKeys.boq,
  paths: ATTR_API.boqItem,
  idKey: 'boqItemId',
  schemas: () => import('@/contract/schemas/attributes').then((m) => ({ add: m.boqItemAdd, update: m.boqItemUpdate })),
  entity: 'attributes.entity.boq',
  nameOf: (b) => b.itemName,
})

export const resourcePoolResource = defineResource<ResourcePoolItem>({
  key: attrKeys.pool,
  paths: ATTR_API.resourcePool,
  idKey: 'resourceId',
  schemas: () => import('@/contract/schemas/attributes').then((m) => ({ add: m.resourcePoolAdd, update: m.resourcePoolUpdate })),
  entity: 'attributes.entity.resource',
  nameOf: (r) => r.resourceName,
  invalidates: [['role']],
})
