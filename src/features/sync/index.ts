/**
 * The sync area (issue 5): the header badge, the sync centre sheet, the conflict screen, the
 * /admin/home widget and the logout guard. `./install` is imported first by main.tsx.
 *
 *   <SyncBadge /> + <SyncHost /> in the header · <SyncWidget /> on /admin/home · requestLogout()
 */
export { SyncBadge } from './SyncBadge'
export { SyncHost } from './SyncHost'
export { SyncWidget } from './SyncWidget'
export { requestLogout } from './signout'
export { openCentre } from './state'
