/**
 * Pure menu logic (SPEC §2 "Left menu", §6): the flat server list becomes a tree by parentId,
 * actions get their leading slash, a path finds its menu, a menu answers which function
 * actions it grants.
 */
import type { MenuEntry, MenuFunction } from '@/contract/schemas/shell'
import { hasKey, translate, type Locale } from '@/lib/i18n'

/** A menu entry with a normalised action ('' for a group) and its children, sorted. */
export interface MenuNode extends Omit<MenuEntry, 'action'> {
  action: string
  children: MenuNode[]
}

/** The current menu as stored in the session (SPEC §3: menuId and authFunctionList). */
export interface CurrentMenu {
  menuId: string
  menuName: string
  menuNameEn: string | null
  action: string
  authFunctionList: MenuFunction[]
}

/** Adds the leading slash a menu action may lack; trims; '' for no action. */
export function normalizeAction(action: string | null | undefined): string {
  const a = (action ?? '').trim()
  if (!a) return ''
  return a.startsWith('/') ? a : `/${a}`
}

/** Normalises a location path for comparison: no trailing slash (but '/' stays), no query/hash. */
export function normalizePath(path: string): string {
  const p = normalizeAction(path.split(/[?#]/)[0])
  return p.length > 1 ? p.replace(/\/+$/, '') : p
}

/** Builds the tree by parentId; an entry whose parent is absent becomes a root. Sorted by `sort`, stable. */
export function buildMenuTree(entries: readonly MenuEntry[]): MenuNode[] {
  const nodes = new Map<string, MenuNode>()
  for (const e of entries) nodes.set(e.applicationMenuId, { ...e, action: normalizeAction(e.action), children: [] })
  const roots: MenuNode[] = []
  for (const e of entries) {
    const node = nodes.get(e.applicationMenuId)!
    const parent = e.parentId && e.parentId !== e.applicationMenuId ? nodes.get(e.parentId) : undefined
    if (parent) parent.children.push(node)
    else roots.push(node)
  }
  const sortRec = (list: MenuNode[]) => {
    list.sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
    list.forEach((n) => sortRec(n.children))
  }
  sortRec(roots)
  return roots
}

/** Depth-first list of the entries that lead somewhere (an action), each with its ancestors. */
export function menuLeaves(tree: readonly MenuNode[]): { node: MenuNode; ancestors: MenuNode[] }[] {
  const out: { node: MenuNode; ancestors: MenuNode[] }[] = []
  const walk = (list: readonly MenuNode[], ancestors: MenuNode[]) => {
    for (const n of list) {
      if (n.action) out.push({ node: n, ancestors })
      walk(n.children, [...ancestors, n])
    }
  }
  walk(tree, [])
  return out
}

/** The chain root → … → the entry whose action is `path`, or [] when none matches. */
export function menuTrail(tree: readonly MenuNode[], path: string): MenuNode[] {
  const target = normalizePath(path)
  const hit = menuLeaves(tree).find((l) => normalizePath(l.node.action) === target)
  return hit ? [...hit.ancestors, hit.node] : []
}

/** The entry whose action equals `path` (after normalising both), from the flat list. */
export function findMenuByPath(entries: readonly MenuEntry[] | null | undefined, path: string): MenuEntry | undefined {
  if (!entries?.length) return undefined
  const target = normalizePath(path)
  return entries.find((e) => {
    const a = normalizeAction(e.action)
    return a !== '' && normalizePath(a) === target
  })
}

/** What a menu's display name is made of (an entry, a tree node, the session's current menu). */
export interface MenuLabelSource {
  menuName: string
  menuNameEn?: string | null
  action?: string | null
}

/**
 * The one way a menu name is shown (sidebar, breadcrumbs, tabs, home, 403, not-built, demo).
 * zh: the server's menuName. en: the menu's English name; else the console's routes.<path> title
 * when there is one; else the (Chinese) menuName.
 */
export function menuLabel(entry: MenuLabelSource, locale: Locale): string {
  if (locale === 'zh') return entry.menuName
  const en = entry.menuNameEn?.trim()
  if (en) return en
  const path = normalizeAction(entry.action)
  if (path) {
    const key = `routes.${normalizePath(path)}`
    if (hasKey(key)) return translate(locale, key)
  }
  return entry.menuName
}

/** The session's currentMenu for an entry. */
export function toCurrentMenu(entry: MenuEntry): CurrentMenu {
  return {
    menuId: entry.applicationMenuId,
    menuName: entry.menuName,
    menuNameEn: entry.menuNameEn ?? null,
    action: normalizeAction(entry.action),
    authFunctionList: entry.authFunctionList ?? [],
  }
}

/** The granted function of `action` in a menu, if any. */
export function findFunction(menu: Pick<CurrentMenu, 'authFunctionList'> | null | undefined, action: string): MenuFunction | undefined {
  if (!menu?.authFunctionList?.length || !action) return undefined
  return menu.authFunctionList.find((f) => f.functionAction === action)
}

/** Whether the menu grants `action` (SPEC §6). */
export function canIn(menu: Pick<CurrentMenu, 'authFunctionList'> | null | undefined, action: string): boolean {
  return findFunction(menu, action) !== undefined
}

/** Whether any menu grants `action` (SPEC §6 "a menu-permission check"). */
export function hasActionInMenus(entries: readonly MenuEntry[] | null | undefined, action: string): boolean {
  return !!entries?.some((e) => canIn(e, action))
}
