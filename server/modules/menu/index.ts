/** The menu module's public surface: its routes, a menu's columns and the functions of menus (the shell and the role grants read them), and the menus that open a page (a process bound to it). */
export { functionsOf, menuColumns, menuIdsOfAction, registerMenuRoutes } from './routes'
