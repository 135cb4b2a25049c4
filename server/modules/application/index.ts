/** The application module's public surface: its routes (applications, keys, versions, grants). */
export { registerApplicationRoutes } from './routes'
