import type { MenuPath } from '@/contract/catalogue'
import { isLoggedIn } from '@/lib/session'
import { ensureMenus, setCurrentMenuForPath } from './menus'
import { findMenuByPath, normalizePath } from './menu'

/** A route guard's refusal: the account has no menu for `path`. Rendered as the 403 page. */
export class ForbiddenError extends Error {
  override readonly name = 'ForbiddenError'
  constructor(readonly path: string) {
    super(`No menu grants ${path}`)
  }
}

export const isForbiddenError = (e: unknown): e is ForbiddenError => e instanceof ForbiddenError

/**
 * Route guard for `beforeLoad`: `path` is a menu of the catalogue (a route whose path is not one
 * does not compile); lets the navigation through only when one of the account's
 * menus leads to `path` (fetching the menus first if they are not known), and makes that menu
 * the current one — unless the router is only preloading the route (hovering a link must not
 * change the current menu). Otherwise throws a ForbiddenError, shown as the 403 page.
 *
 *   beforeLoad: ({ preload }) => requireMenu('/admin/role-manage', { preload })
 */
export async function requireMenu(path: MenuPath, opts: { preload?: boolean } = {}): Promise<void> {
  const menus = await ensureMenus()
  if (!findMenuByPath(menus, path)) throw new ForbiddenError(path)
  if (!opts.preload) setCurrentMenuForPath(path, menus)
}

/**
 * `beforeLoad` of a page whose route path is its menu (every page of the shell): requireMenu of the
 * path navigated to, so a route file names its path once. src/lib/permissions/routes.test.ts checks that each
 * route using it has a path the catalogue lists.
 *
 *   beforeLoad: guardPage
 */
export const guardPage = ({ location, preload }: { location: { pathname: string }; preload: boolean }): Promise<void> =>
  requireMenu(normalizePath(location.pathname) as MenuPath, { preload })

/**
 * The shell's guard: no session token → /login (thrown as the router's redirect by the caller's
 * `redirect`). With one, the menus are made known (fetched once) and the current menu set from
 * the location, so every page below starts with its menu.
 */
export async function enterShell(pathname: string, opts: { preload?: boolean } = {}): Promise<'login' | 'ok'> {
  if (!isLoggedIn()) return 'login'
  const menus = await ensureMenus()
  if (!opts.preload) setCurrentMenuForPath(pathname, menus)
  return 'ok'
}
