/** The department module's public surface: its routes and the department tree other modules read (a unit's departments, a subtree). */
export { registerDepartmentRoutes } from './routes'
export { setDepartmentStaff } from './staffPort'
export { departmentPath, deptSubtreeSql, deptTree, existingDepartmentIds } from './tree'
