/**
 * The applications the account may use (SPEC §7 api/listAppByPermission) and among them the current
 * one (this console's application code); the menus the account may use (SPEC §6: GET
 * listByMenuOperatePermission with the application code, sortBy=sort, desc=false), cached by TanStack
 * Query per account and mirrored into the session's `menuItems` (SPEC §3) — not asked for when the
 * account has no current application (SPEC §5) — and the current menu derived from a path.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { API } from '@/contract/paths'
import type { AppByPermission, MenuEntry } from '@/contract/schemas/shell'
import { APP_CODE, http } from '@/lib/http'
import { queryClient } from '@/lib/query'
import { getSession, setSession, useSession } from '@/lib/session'
import { findMenuByPath, toCurrentMenu } from './menu'

/** Menus change rarely (an administrator re-granting roles); a page reload or 5 min brings changes. */
const MENU_STALE_MS = 5 * 60_000

/** The application whose menus are loaded (the request client's application code). */
export const appCode = (): string => APP_CODE

/** Query keys of the menus: every account's (e.g. to refetch after an application or menu changed), one account's. */
export const menuKeys = {
  all: () => ['shell', 'menus'] as const,
  account: (accountName: string | null | undefined) => [...menuKeys.all(), appCode(), accountName ?? ''] as const,
  /** The applications one account may use. */
  apps: (accountName: string | null | undefined) => ['shell', 'apps', accountName ?? ''] as const,
}

export const menusQueryKey = menuKeys.account

/** The applications the account may use, in their order (the user menu lists them). */
export function appsQueryOptions(accountName: string | null | undefined) {
  return queryOptions({
    queryKey: menuKeys.apps(accountName),
    queryFn: ({ signal }) => http.get<AppByPermission[]>(API.auth.listAppByPermission, undefined, { signal, silent: true }),
    staleTime: MENU_STALE_MS,
  })
}

/** The application this console is, among the account's; null when the account may not use it. */
export const currentApplication = (apps: readonly AppByPermission[]): AppByPermission | null =>
  apps.find((a) => a.code === appCode()) ?? null

/** The applications of the signed-in account (the user menu's 应用). */
export function useApps() {
  const accountName = useSession((s) => s.userAccount?.accountName)
  return useQuery({ ...appsQueryOptions(accountName), enabled: !!accountName })
}

export function menusQueryOptions(accountName: string | null | undefined) {
  return queryOptions({
    queryKey: menusQueryKey(accountName),
    queryFn: async ({ signal }) => {
      // SPEC §5: with no current application there is no menu to load (unknown — offline — is not none)
      const apps = await queryClient.fetchQuery(appsQueryOptions(accountName)).catch(() => undefined)
      if (apps && !currentApplication(apps)) {
        setSession({ menuItems: [] })
        return []
      }
      // With the session's copy on screen (a reload, or offline), a failed refresh says nothing.
      const silent = (getSession().menuItems?.length ?? 0) > 0
      const data = await http.get<MenuEntry[] | null>(
        API.admin.menuByPermission,
        { appCode: appCode(), sortBy: 'sort', desc: false },
        { signal, silent },
      )
      const menus = Array.isArray(data) ? data : []
      setSession({ menuItems: menus })
      return menus
    },
    // After a page reload the session still holds the list: show it at once, refetch behind it.
    initialData: () => getSession().menuItems ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: MENU_STALE_MS,
  })
}

const currentAccount = () => getSession().userAccount?.accountName

/** The menus now known without fetching: the query cache, else the session. */
export function knownMenus(): MenuEntry[] {
  return queryClient.getQueryData(menusQueryKey(currentAccount())) ?? getSession().menuItems ?? []
}

/**
 * The menus, fetched when not known yet. A failed fetch (the request client has shown why)
 * leaves what is known — possibly nothing, in which case every guarded page is refused.
 */
export async function ensureMenus(): Promise<MenuEntry[]> {
  try {
    return await queryClient.ensureQueryData(menusQueryOptions(currentAccount()))
  } catch {
    return knownMenus()
  }
}

/** The menus for components (the sidebar, breadcrumbs, home links). */
export function useMenus() {
  const accountName = useSession((s) => s.userAccount?.accountName)
  return useQuery(menusQueryOptions(accountName))
}

/**
 * Sets the session's current menu from a path (SPEC §2: before each navigation, the target path
 * is matched against the menu actions). A path no menu leads to has no current menu, so no
 * function of the previous page leaks into it.
 */
export function setCurrentMenuForPath(path: string, menus: readonly MenuEntry[] = knownMenus()): void {
  const entry = findMenuByPath(menus, path)
  const prev = getSession().currentMenu
  if (!entry) {
    if (prev !== null) setSession({ currentMenu: null })
    return
  }
  const next = toCurrentMenu(entry)
  if (prev && prev.menuId === next.menuId && JSON.stringify(prev) === JSON.stringify(next)) return
  setSession({ currentMenu: next })
}
