/** The project module's public surface: its routes (whose answer is the resources' inserts the initialisation uses), project departments, the search's finder. */
export { setProjectAccounts } from './accountPort'
export { projectDepartmentChoice, projectDeptTree } from './departments'
export { projectFinder } from './find'
export { registerProjectRoutes } from './routes'
export type { ProjectHandles } from './routes'
