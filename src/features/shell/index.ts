/**
 * The shell's public surface. The layout itself, the not-built page and the demo page are
 * loaded lazily from ./layout, ./not-built and ./demo.
 */
export { ForbiddenPage, NotFoundPage, PagePending, RouteErrorPage } from './pages'
export { NavigationProgress } from './NavigationProgress'
export { Toaster } from './Toaster'
export { installNavigationEffects, scrollToTop, sessionNavigator, LOGIN_PATH } from './navigation'
export { menuFlags, type MenuFlags } from './menuState'
export { initTheme, setTheme, themeStore, toggleTheme, type Theme } from './theme'
export { HOME_PATH } from './tabs'
export { displayName, useCurrentUser } from './user'
export { currentUserQueryOptions, shellKeys } from './queries'
export { dynamicTo } from './links'
