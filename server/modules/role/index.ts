/** The role module's public surface: its routes. */
export { registerRoleRoutes } from './routes'
