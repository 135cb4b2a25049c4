/** The personal centre's public surface: its routes and the profile photo the shell shows. */
export { profilePhoto, registerPersonalRoutes } from './routes'
