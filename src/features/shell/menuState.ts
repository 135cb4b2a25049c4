/**
 * The menu state's flags (SPEC §2 "Left menu": beside the menu tree and the current menu, which
 * lib/permissions keeps, "the state also holds flags for the home page, the signing page and the
 * menu header"). Each is set in one place and read by the shell:
 * - `home`: the home page is open (set before each navigation; /test/demo shows the flags).
 * - `signing`: the signing page (/sign, an invitation being answered) is open (set before each
 *   navigation). A session that ends meanwhile (20114, 20119: the outbox replaying in the
 *   background, say) is cleared, but the page is not taken away to the login page: the form being
 *   filled needs no session.
 * - `header`: the side menu shows its header — the platform's name — and its pages' names; off,
 *   it is a column of icons. The user's choice is kept on this device; until there is one, it is
 *   on from 1280 px wide (a 1024 px tablet in landscape starts with the icons).
 */
import { createStore } from '@/lib/store'
import { HOME_PATH } from './tabs'

export const SIGN_PATH = '/sign'
/** Below this width the menu starts as icons unless the user chose otherwise. */
const WIDE_SIDEBAR_MIN = 1280
const COLLAPSED_KEY = 'trestle.sidebarCollapsed'

export interface MenuFlags {
  home: boolean
  signing: boolean
  header: boolean
}

function storedHeader(): boolean {
  try {
    const stored = globalThis.localStorage?.getItem(COLLAPSED_KEY)
    if (stored === '1' || stored === '0') return stored === '0'
  } catch {
    /* storage unavailable */
  }
  return (globalThis.innerWidth ?? WIDE_SIDEBAR_MIN) >= WIDE_SIDEBAR_MIN
}

export const menuFlags = createStore<MenuFlags>({ home: false, signing: false, header: storedHeader() })

/** The page flags for the path about to open (normalised: no trailing slash). */
export function setPageFlags(path: string): void {
  const home = path === HOME_PATH
  const signing = path === SIGN_PATH
  const prev = menuFlags.get()
  if (prev.home !== home || prev.signing !== signing) menuFlags.set({ ...prev, home, signing })
}

/** Shows or hides the menu header (and the pages' names), and keeps the choice on this device. */
export function setMenuHeader(header: boolean): void {
  try {
    globalThis.localStorage?.setItem(COLLAPSED_KEY, header ? '0' : '1')
  } catch {
    /* storage unavailable: the choice holds for this page */
  }
  menuFlags.set({ ...menuFlags.get(), header })
}
