/**
 * Page titles. A page with a menu is called by its menu label (`menuLabel`: zh the menu name;
 * en its English name, else the routes.* text, else the menu name); a menu's sub-screen
 * (/admin/table-manage/design/…) by the menu's title and its own routes.* text; a page without a
 * menu by its routes.* text; an unknown path by itself.
 */
import type { MenuEntry } from '@/contract/schemas/shell'
import { hasKey, translate, useT, type Locale } from '@/lib/i18n'
import { isMenuPath } from '@/contract/catalogue'
import { useLocation } from '@tanstack/react-router'
import { findMenuByPath, menuLabel, normalizePath, useMenus } from '@/lib/permissions'

/** A menu's sub-screen: the menu's path and the routes.* key of the sub-screen (`routes./admin/table-manage/design`). */
export function subScreenOf(path: string): { menu: string; key: string } | null {
  const m = /^(\/admin\/[^/]+)\/([^/]+)/.exec(path)
  return m && isMenuPath(m[1]!) ? { menu: m[1]!, key: `routes.${m[1]}/${m[2]}` } : null
}

export function pageTitle(path: string, locale: Locale, menus: readonly MenuEntry[] | undefined): string {
  const p = normalizePath(path)
  const entry = findMenuByPath(menus, p)
  if (entry) return menuLabel(entry, locale)
  const sub = subScreenOf(p)
  if (sub) {
    const menu = pageTitle(sub.menu, locale, menus)
    return hasKey(sub.key) ? `${menu} · ${translate(locale, sub.key)}` : menu
  }
  const key = `routes.${p}`
  return hasKey(key) ? translate(locale, key) : p
}

/** A title function bound to the current locale and menus. */
export function usePageTitle() {
  const { locale } = useT()
  const { data: menus } = useMenus()
  return (path: string) => pageTitle(path, locale, menus)
}

/** The title of the page shown now: a screen's heading is its page's name, the one the menu, the tab and the palette show. */
export function useCurrentPageTitle(): string {
  const title = usePageTitle()
  return title(useLocation({ select: (l) => l.pathname }))
}
