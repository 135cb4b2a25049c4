/**
 * The menu tree of an application: the flat menu list as a tree by parentId (sorted by `sort`
 * then name, built by the tree toolkit), and what a move of a menu writes.
 */
import type { ApplicationMenu } from '@/contract/schemas/application'
import { buildTree, siblingsAfterMove, type MovePlace, type Nested, type TreeAccess, type TreeIndex } from '@/lib/tree'

export type MenuTreeNode = Nested<ApplicationMenu>

export const menuAccess: TreeAccess<MenuTreeNode> = { id: (m) => m.applicationMenuId, children: (m) => m.children }

export function buildMenuTree(menus: readonly ApplicationMenu[]): MenuTreeNode[] {
  return buildTree(menus, {
    id: (m) => m.applicationMenuId,
    parentId: (m) => m.parentId,
    compare: (a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.menuName.localeCompare(b.menuName),
  })
}

/** The next free sort code among siblings. */
export function nextSort(siblings: readonly { sort: number }[]): number {
  return siblings.reduce((m, s) => Math.max(m, s.sort ?? 0), 0) + 1
}

export interface MenuMove {
  menu: ApplicationMenu
  parentId: string | null
  sort: number
}

/**
 * The updates a move makes: the moved menu under its new parent first, then sort codes 1…n in
 * the new sibling order for the siblings whose code changes (under the parent they are shown
 * under: an orphan shown as a root is written as one).
 */
export function moveUpdates(index: TreeIndex<MenuTreeNode>, id: string, place: MovePlace): MenuMove[] {
  const order = siblingsAfterMove(index, id, place)
  const out: MenuMove[] = []
  order.forEach((sid, i) => {
    const menu = index.node.get(sid)
    if (!menu) return
    const sort = i + 1
    if (sid === id) out.unshift({ menu, parentId: place.parentId, sort })
    else if (menu.sort !== sort || (menu.parentId ?? null) !== place.parentId) out.push({ menu, parentId: place.parentId, sort })
  })
  return out
}

/** The whole-record update of a moved menu (its functions kept by their ids). */
export function moveBody({ menu, parentId, sort }: MenuMove) {
  return {
    applicationMenuId: menu.applicationMenuId,
    applicationId: menu.applicationId,
    parentId,
    menuName: menu.menuName,
    menuNameEn: menu.menuNameEn,
    action: menu.action,
    iconPath: menu.iconPath,
    sort,
    functionList: menu.functionList.map((f) => ({
      applicationMenuFunctionId: f.applicationMenuFunctionId,
      functionName: f.functionName,
      functionAction: f.functionAction,
    })),
    version: menu.version,
  }
}
