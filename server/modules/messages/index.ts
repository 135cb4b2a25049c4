/** The messages module's public surface: its routes, whose answer is the live hub the gateway starts and stops with the database's LISTEN. */
export { registerMessageRoutes } from './routes'
