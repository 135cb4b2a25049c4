/**
 * A role change takes effect on the member's next call (the gateway reads grants per request);
 * the console follows: every signed answer carries `grants-version` (a digest of the account's
 * grants), and when it differs from the one seen before, the menus are fetched again and the
 * current menu re-derived from the location — the sidebar and the buttons behind <Can> change
 * without signing out. When the reload changes whether the current page itself is granted, the
 * listeners of onPageGrantChange are told (the router then runs its guards again: a page whose
 * menu was revoked turns into the 403 page, and the 403 page into the page once it is granted).
 */
import { GRANTS_VERSION_HEADER } from '@/contract/signing'
import type { MenuEntry } from '@/contract/schemas/shell'
import { onResponseHeader } from '@/lib/http'
import { queryClient } from '@/lib/query'
import { getSession } from '@/lib/session'
import { findMenuByPath } from './menu'
import { knownMenus, menusQueryKey, menusQueryOptions, setCurrentMenuForPath } from './menus'

let last: { account: string; version: string } | null = null
let reloading: Promise<MenuEntry[]> | null = null
const pageGrantListeners = new Set<() => void>()

/** Calls `listener` when a reload of the menus changed whether the current path is granted. Returns an unsubscribe. */
export function onPageGrantChange(listener: () => void): () => void {
  pageGrantListeners.add(listener)
  return () => {
    pageGrantListeners.delete(listener)
  }
}

const currentPath = () => (typeof window === 'undefined' ? '/' : window.location.pathname)

/** Fetches the menus again (one reload at a time) and makes the current path's menu current. */
export function reloadMenus(): Promise<MenuEntry[]> {
  const account = getSession().userAccount?.accountName
  reloading ??= (async () => {
    const before = knownMenus()
    await queryClient.invalidateQueries({ queryKey: menusQueryKey(account) })
    const menus = await queryClient.fetchQuery(menusQueryOptions(account))
    const path = currentPath()
    setCurrentMenuForPath(path, menus)
    if (!!findMenuByPath(menus, path) !== !!findMenuByPath(before, path)) for (const l of pageGrantListeners) l()
    return menus
  })().finally(() => {
    reloading = null
  })
  return reloading
}

/**
 * One answer's grants-version. The first one seen for an account is remembered; a different one
 * later reloads the menus. Answers of a previous account (a late reply after switching) change nothing.
 */
export function noteGrantsVersion(version: string): void {
  const account = getSession().userAccount?.accountName
  if (!account || !version) return
  if (last?.account !== account) {
    last = { account, version }
    return
  }
  if (last.version === version) return
  last = { account, version }
  void reloadMenus().catch(() => undefined)
}

/** For tests: forget the version seen. */
export function resetGrantsVersion(): void {
  last = null
}

onResponseHeader(GRANTS_VERSION_HEADER, noteGrantsVersion)
