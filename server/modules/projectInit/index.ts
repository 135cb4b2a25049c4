/** The project initialisation module's public surface: its routes (the wizards). */
export { registerProjectInitRoutes } from './routes'
