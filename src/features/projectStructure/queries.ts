/** The structure screens' resources and queries: the one place their query keys are written. */
import { queryOptions } from '@tanstack/react-query'
import { resourcePaths } from '@/contract'
import {
  PROJECT_STRUCTURE_API,
  type ContainerNode,
  type DesignUnit,
  type StructureOptions,
  type StructureResource,
  type UnitEngineering,
} from '@/contract/schemas/projectStructure'
import type { OptionSources } from '@/lib/crud/declared'
import type { FormFieldProps } from '@/lib/crud/form'
import { defineResource } from '@/lib/crud/resource'
import { http } from '@/lib/http'

export const structureKeys = {
  /** Everything of the container tree (the resource's key: a change refetches the tree too). */
  containers: () => ['container'] as const,
  containerTree: (projectId: string) => ['container', 'tree', projectId] as const,
  options: (resource: StructureResource, projectId: string) => ['structureOptions', resource, projectId] as const,
}

export const containerResource = defineResource<ContainerNode>({
  key: 'container',
  paths: resourcePaths('container'),
  idKey: 'containerId',
  schemas: () => import('@/contract/schemas/projectStructure').then((m) => ({ add: m.containerAdd, update: m.containerUpdate })),
  entity: 'projectStructure.container.entity',
  nameOf: (c) => c.containerName,
})

/** The whole container tree of a project (flat, parents before children, siblings in order). */
export const containerTreeQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: structureKeys.containerTree(projectId),
    queryFn: ({ signal }) => http.get<ContainerNode[]>(PROJECT_STRUCTURE_API.containerTree, { projectId }, { signal }),
  })

// design units and unit engineering: two menus each, one resource name per menu (the same records)
const designUnit = (name: 'designUnit' | 'projectDesignUnit') =>
  defineResource<DesignUnit>({
    key: 'designUnit',
    paths: resourcePaths(name),
    idKey: 'designUnitId',
    schemas: () => import('@/contract/schemas/projectStructure').then((m) => ({ add: m.designUnitAdd, update: m.designUnitUpdate })),
    entity: 'projectStructure.designUnit.entity',
    nameOf: (d) => d.designUnitName,
    invalidates: [['structureOptions']],
  })
export const designUnitResources = { designUnit: designUnit('designUnit'), projectDesignUnit: designUnit('projectDesignUnit') }

const unitEngineering = (name: 'unitEngineering' | 'unitProject') =>
  defineResource<UnitEngineering>({
    key: 'unitEngineering',
    paths: resourcePaths(name),
    idKey: 'unitEngineeringId',
    schemas: () =>
      import('@/contract/schemas/projectStructure').then((m) => ({ add: m.unitEngineeringAdd, update: m.unitEngineeringUpdate })),
    entity: 'projectStructure.unitEngineering.entity',
    nameOf: (u) => u.unitName,
    invalidates: [['structureOptions']],
  })
export const unitEngineeringResources = { unitEngineering: unitEngineering('unitEngineering'), unitProject: unitEngineering('unitProject') }

/** The forms' choices of a project, read under the screen's own menu. */
export const structureOptionsQueryOptions = (resource: StructureResource, projectId: string) =>
  queryOptions({
    queryKey: structureKeys.options(resource, projectId),
    queryFn: ({ signal }) => http.get<StructureOptions>(PROJECT_STRUCTURE_API.options(resource), { projectId }, { signal }),
  })

const coded = (name: string, code: string) => `${name}（${code}）`

/** The declared fields' choices (lines, design units, unit projects, containers), from a project's options. */
export function structureSources(data: StructureOptions | undefined): OptionSources {
  if (!data) return {}
  return {
    line: data.lines.map((l) => ({ value: l.lineId, label: coded(l.lineName, l.lineCode) })),
    designUnit: data.designUnits.map((d) => ({ value: d.designUnitId, label: coded(d.designUnitName, d.designUnitCode) })),
    unitEngineering: data.units.map((u) => ({ value: u.unitEngineeringId, label: coded(u.unitName, u.unitCode) })),
    container: data.containers.map((c) => ({ value: c.containerId, label: coded(c.containerName, c.containerCode) })),
  }
}

/** A major: chosen from the project's majors when it has them, typed otherwise. */
export const majorChoice = (data: StructureOptions | undefined): Partial<FormFieldProps> | undefined =>
  data?.majors.length ? { kind: 'select', options: data.majors.map((m) => ({ value: m, label: m })) } : undefined
