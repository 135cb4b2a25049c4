/** The project structure module's public surface: its routes (containers, design units, unit engineering) and the container rows the initialisation writes. */
export { CONTAINER_COLUMNS, containerTypeResolver, insertContainerRows, treeRows } from './containers'
export { setContainerTypeUse as setProjectStructurePorts } from './containers'
export { structureChoices } from './designUnits'
export { registerProjectStructureRoutes } from './routes'
