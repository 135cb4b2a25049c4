/** The shell module's public surface: its routes (the session's menus, click logs, the frame's data). */
export { registerShellRoutes } from './routes'
