/** Query keys and query options of the attribute, bill-of-quantities and resource-pool screens. */
import {
  ATTR_API,
  type AttrItem,
  type AttrNodeOption,
  type BoqNodes,
  type BoqQuantity,
  type BoqTotals,
} from '@/contract/schemas/attributes'
import { http } from '@/lib/http'

export const attrKeys = {
  group: 'attrGroup',
  item: 'attrItem',
  relation: 'attrRelation',
  boq: 'boqItem',
  pool: 'resourcePool',
  row: 'attrTableRow',
}

export const attributeKeys = {
  groups: () => [attrKeys.group] as const,
  nodeOptions: (nodeType: number, projectId: string | undefined) => [attrKeys.relation, 'nodeOptions', nodeType, projectId] as const,
}

export const groupItemsQueryOptions = (groupId: string) => ({
  queryKey: [attrKeys.item, 'list', { groupId }] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => http.get<AttrItem[]>(ATTR_API.attrItem.list, { groupId }, { signal }),
})

export const nodeOptionsQueryOptions = (nodeType: number, projectId: string | undefined) => ({
  queryKey: attributeKeys.nodeOptions(nodeType, projectId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    http.get<AttrNodeOption[]>(ATTR_API.attrRelation.nodeOptions, { nodeType, projectId }, { signal }),
  enabled: !!projectId,
})
export const boqNodesQueryOptions = (projectId: string) => ({
  queryKey: [attrKeys.boq, 'nodes', projectId] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => http.get<BoqNodes>(ATTR_API.boqItem.nodes, { projectId }, { signal }),
})
export const boqTotalsQueryOptions = (projectId: string) => ({
  queryKey: [attrKeys.boq, 'totals', projectId] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => http.get<BoqTotals>(ATTR_API.boqItem.totals, { projectId }, { signal }),
})
/** The quantity dictionary's enabled entries an item may be of (the form's choice). */
export const boqQuantitiesQueryOptions = () => ({
  queryKey: [attrKeys.boq, 'quantities'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => http.get<BoqQuantity[]>(ATTR_API.boqItem.quantities, {}, { signal }),
  staleTime: 5 * 60_000,
})
