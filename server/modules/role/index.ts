/** The role module's public surface: its routes and the role queries other modules use (roles are read through these, never from the table). */
export { roleExists, roleNamesByIds, roleNamesInOrder, roleNamesOfAccount, rolesByIds } from './queries'
export { registerRoleRoutes } from './routes'
