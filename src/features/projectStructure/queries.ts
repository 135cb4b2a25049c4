/** The structure screens' resources and queries: the one place their query keys are written. */
import { queryOptions } from '@tanstack/react-query'
import { resourcePaths } from '@/contract'
import {
  PROJECT_STRUCTURE_API,
  containerAdd,
  containerUpdate,
  designUnitAdd,
  designUnitUpdate,
  unitEngineeringAdd,
  unitEngineeringUpdate,
  type ContainerNode,
  type DesignUnit,
  type StructureOptions,
  type StructureResource,
  type UnitEngineering,
} from '@/contract/schemas/projectStructure'
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
  addSchema: containerAdd,
  updateSchema: containerUpdate,
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
    addSchema: designUnitAdd,
    updateSchema: designUnitUpdate,
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
    addSchema: unitEngineeringAdd,
    updateSchema: unitEngineeringUpdate,
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
