/** The search module's public surface: its route (GET search, the command palette's). */
export { registerSearchRoutes } from './routes'
