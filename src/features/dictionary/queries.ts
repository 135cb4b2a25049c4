/** The dictionary screens' resources and queries: the one place their query keys are written. */
import { queryOptions } from '@tanstack/react-query'
import { resourcePaths } from '@/contract'
import { DICT_API, type DictKind } from '@/contract/dictionaryApi'
import type { DictMajor, DictNode } from '@/contract/schemas/dictionary'
import { defineResource } from '@/lib/crud/resource'
import { http } from '@/lib/http'
import type { RoutePreload } from '@/lib/query'

export const dictKeys = {
  /** Everything of a dictionary (the resource's key: a change refetches the tree too). */
  kind: (kind: DictKind) => [kind] as const,
  tree: (kind: DictKind) => [kind, 'tree'] as const,
  majors: (kind: DictKind) => ['dictMajor', 'options', kind] as const,
  standard: (majorId: string) => ['ebs', 'standard', majorId] as const,
  relTree: (kind: 'wbs' | 'ebs') => ['wbsEbsRel', 'tree', kind] as const,
  relList: (wbsId: string) => ['wbsEbsRel', 'list', wbsId] as const,
}

const nodeResource = (kind: DictKind) =>
  defineResource<DictNode>({
    key: kind,
    paths: resourcePaths(kind),
    idKey: 'nodeId',
    schemas: () => import('@/contract/schemas/dictionary').then((m) => ({ add: m.dictNodeAdd, update: m.dictNodeUpdate })),
    entity: `dictionary.${kind}.entity`,
    nameOf: (n) => n.nodeName,
    invalidates: [['wbsEbsRel'], ['ebs', 'standard']],
  })
export const dictResources: Record<DictKind, ReturnType<typeof nodeResource>> = {
  ebs: nodeResource('ebs'),
  wbs: nodeResource('wbs'),
  quantity: nodeResource('quantity'),
}

export const majorResource = defineResource<DictMajor>({
  key: 'dictMajor',
  paths: resourcePaths('dictMajor'),
  idKey: 'majorId',
  schemas: () => import('@/contract/schemas/dictionary').then((m) => ({ add: m.dictMajorAdd, update: m.dictMajorUpdate })),
  entity: 'dictionary.majors.entity',
  nameOf: (m) => m.majorName,
})

/** The whole tree of a dictionary (flat, parents before children, siblings in order). */
export const dictTreeQueryOptions = (kind: DictKind) =>
  queryOptions({
    queryKey: dictKeys.tree(kind),
    queryFn: ({ signal }) => http.get<DictNode[]>(DICT_API.tree(kind), {}, { signal }),
  })

/** The engineering majors, read under a dictionary's own menu (the forms' choices). */
export const dictMajorsQueryOptions = (kind: DictKind) =>
  queryOptions({
    queryKey: dictKeys.majors(kind),
    queryFn: ({ signal }) => http.get<DictMajor[]>(DICT_API.majors(kind), {}, { signal }),
  })

/** What a dictionary screen's route preloads: its tree and the majors its forms choose from. */
export const dictScreenPreloads = (kind: DictKind): RoutePreload[] => [dictTreeQueryOptions(kind), dictMajorsQueryOptions(kind)]

/** The EBS standard of a major: its nodes with their ancestors (GET ebs/listByMajor?marjorId=). */
export const standardQueryOptions = (majorId: string) =>
  queryOptions({
    queryKey: dictKeys.standard(majorId),
    queryFn: ({ signal }) => http.get<DictNode[]>(DICT_API.standard, { marjorId: majorId }, { signal }),
  })

/** A tree of the relations screen (read under its own menu). */
export const relTreeQueryOptions = (kind: 'wbs' | 'ebs') =>
  queryOptions({
    queryKey: dictKeys.relTree(kind),
    queryFn: ({ signal }) => http.get<DictNode[]>(DICT_API.relTree, { kind }, { signal }),
  })

/** The EBS ids linked to a WBS node. */
export const relListQueryOptions = (wbsId: string) =>
  queryOptions({
    queryKey: dictKeys.relList(wbsId),
    queryFn: ({ signal }) => http.get<string[]>(DICT_API.relList, { wbsId }, { signal }),
  })
