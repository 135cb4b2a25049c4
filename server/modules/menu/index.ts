/** The menu module's public surface: its routes, a menu's columns and the functions of menus (the shell and the role grants read them). */
export { functionsOf, menuColumns, registerMenuRoutes } from './routes'
