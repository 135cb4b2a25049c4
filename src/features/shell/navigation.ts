/**
 * Navigation behaviour (SPEC §2), wired once to the router:
 * - before each navigation, the current menu is set from the target path (so the request
 *   client's `menuId` header and `useCan` are right for the page being loaded), and the menu
 *   state's page flags (./menuState: home, signing);
 * - leaving /login resets the request client's dialog flag;
 * - after each navigation the document title is the platform name in Chinese, and a command's
 *   intent for another page than the one opened is dropped;
 * - each navigation to another path scrolls the window and the content area to the top;
 * - when the account's grants change under the current page (a role edited while it is open),
 *   the route guards run again, so a page whose menu was revoked becomes the 403 page.
 */
import type { AnyRouter } from '@tanstack/react-router'
import { dropIntentElsewhere } from '@/lib/commands'
import { resetDialogFlag } from '@/lib/http'
import { documentTitle } from '@/lib/i18n'
import { normalizePath, onPageGrantChange, setCurrentMenuForPath } from '@/lib/permissions'
import { isLoggedIn } from '@/lib/session'
import { menuFlags, setPageFlags } from './menuState'

export const LOGIN_PATH = '/login'
const MAIN_CONTENT_ID = 'main-content'

export function scrollToTop() {
  document.getElementById(MAIN_CONTENT_ID)?.scrollTo({ top: 0, left: 0 })
  window.scrollTo({ top: 0, left: 0 })
}

export function installNavigationEffects(router: AnyRouter): () => void {
  const offs = [
    router.subscribe('onBeforeNavigate', ({ fromLocation, toLocation }) => {
      const to = normalizePath(toLocation.pathname)
      if (fromLocation && normalizePath(fromLocation.pathname) === LOGIN_PATH && to !== LOGIN_PATH) resetDialogFlag()
      setPageFlags(to)
      if (isLoggedIn()) setCurrentMenuForPath(to)
    }),
    router.subscribe('onResolved', ({ toLocation }) => {
      document.title = documentTitle()
      dropIntentElsewhere(toLocation.pathname)
    }),
    // not the page's first render: it starts at the top, and scrolling forces a layout of the page
    // mid-task, before its first paint
    router.subscribe('onRendered', ({ fromLocation, pathChanged }) => {
      if (pathChanged && fromLocation) scrollToTop()
    }),
    onPageGrantChange(() => void router.invalidate()),
  ]
  return () => offs.forEach((off) => off())
}

/**
 * Where the request client sends the user when a session ends (20114, 20119, a cancelled
 * re-login): through the router — except away from the signing page, whose form needs no session.
 */
export function sessionNavigator(router: Pick<AnyRouter, 'navigate'>): (path: string) => void {
  return (path) => {
    if (path === LOGIN_PATH && menuFlags.get().signing) return
    void router.navigate({ to: path })
  }
}
