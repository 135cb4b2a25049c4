/** The project structure module's public surface: its routes (containers, design units, unit engineering), the container rows the initialisation writes, and the port it asks the work sites through (./workSitePort.ts: a design unit's 工点). */
export { CONTAINER_COLUMNS, containerTypeResolver, insertContainerRows, treeRows } from './containers'
export { setContainerTypeUse as setProjectStructurePorts } from './containers'
export { structureChoices } from './designUnits'
export { registerProjectStructureRoutes } from './routes'
export { setDesignUnitSites, type DesignUnitSites } from './workSitePort'
