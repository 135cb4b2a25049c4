/** The project structure module's public surface: its routes (containers, design units, unit engineering) and the container rows the initialisation writes. */
export { CONTAINER_COLUMNS, insertContainerRows, treeRows } from './containers'
export { registerProjectStructureRoutes } from './routes'
