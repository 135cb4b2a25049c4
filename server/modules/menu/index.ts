/** The menu module's public surface: its routes and the functions of a menu (the shell reads them). */
export { functionsOf, registerMenuRoutes } from './routes'
