/**
 * Page titles. Menu names come from the server and are Chinese: in zh a page is called by its
 * menu name; in en by the routes.* text when there is one, else the menu name; a page without a
 * menu by its routes.* text; an unknown path by itself.
 */
import type { MenuEntry } from '@/contract/schemas/shell'
import { hasKey, translate, useT, type Locale } from '@/lib/i18n'
import { findMenuByPath, normalizePath, useMenus, type MenuNode } from '@/lib/permissions'

export function pageTitle(path: string, locale: Locale, menus: readonly MenuEntry[] | undefined): string {
  const p = normalizePath(path)
  const entry = findMenuByPath(menus, p)
  const key = `routes.${p}`
  if (locale === 'zh' && entry) return entry.menuName
  if (hasKey(key)) return translate(locale, key)
  return entry?.menuName ?? p
}

/** The name of a menu node in the current locale (groups have no routes.* text: their server name). */
export function menuNodeName(node: Pick<MenuNode, 'menuName' | 'action'>, locale: Locale): string {
  if (locale === 'en' && node.action) {
    const key = `routes.${normalizePath(node.action)}`
    if (hasKey(key)) return translate('en', key)
  }
  return node.menuName
}

/** A title function bound to the current locale and menus. */
export function usePageTitle() {
  const { locale } = useT()
  const { data: menus } = useMenus()
  return (path: string) => pageTitle(path, locale, menus)
}
