/**
 * Page titles. A page with a menu is called by its menu label (`menuLabel`: zh the menu name;
 * en its English name, else the routes.* text, else the menu name); a page without a menu by
 * its routes.* text; an unknown path by itself.
 */
import type { MenuEntry } from '@/contract/schemas/shell'
import { hasKey, translate, useT, type Locale } from '@/lib/i18n'
import { findMenuByPath, menuLabel, normalizePath, useMenus } from '@/lib/permissions'

export function pageTitle(path: string, locale: Locale, menus: readonly MenuEntry[] | undefined): string {
  const p = normalizePath(path)
  const entry = findMenuByPath(menus, p)
  if (entry) return menuLabel(entry, locale)
  const key = `routes.${p}`
  return hasKey(key) ? translate(locale, key) : p
}

/** A title function bound to the current locale and menus. */
export function usePageTitle() {
  const { locale } = useT()
  const { data: menus } = useMenus()
  return (path: string) => pageTitle(path, locale, menus)
}
