/** The terminal module's public surface: its routes and the figures the dashboard shows. */
export { registerTerminalRoutes, terminalStatistics } from './routes'
