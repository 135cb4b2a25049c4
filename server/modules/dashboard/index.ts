/** The home dashboard module's public surface: its route (dashboard/summary). */
export { registerDashboardRoutes } from './routes'
