/**
 * The checkbox logic of the 菜单与功能 tab (pure): menus with their functions in one tree.
 *
 *  - A menu with an action is granted on its own (the page, read only); its functions need it.
 *  - A menu without an action (a group) is granted when something below it is (its state is derived).
 *  - A menu shows checked when it and everything below it is granted, indeterminate when part is.
 *  - Checking a menu grants it, its functions and everything below; checking a function grants its
 *    menu too. Unchecking a menu takes away everything below; unchecking a function only itself.
 *  - Only grantable items (the caller holds them) change; others keep their state.
 *
 * The walking, tallying and searching are the tree toolkit's (src/lib/tree); these are the rules.
 */
import type { RoleMenuNode } from '@/contract/schemas/role'
import { checkState, forestState, walk as walkTree, type CheckState, type TreeAccess } from '@/lib/tree'

export type { CheckState }

export const menuNodeAccess: TreeAccess<RoleMenuNode> = { id: (m) => m.applicationMenuId, children: (m) => m.children }

export interface Checked {
  menus: ReadonlySet<string>
  fns: ReadonlySet<string>
}

const hasAction = (m: RoleMenuNode) => !!m.action?.trim()

/** The granted state of a tree as the gateway answered it. */
export function initialChecked(tree: readonly RoleMenuNode[]): Checked {
  const menus = new Set<string>()
  const fns = new Set<string>()
  walk(tree, (m) => {
    if (m.granted && hasAction(m)) menus.add(m.applicationMenuId)
    for (const f of m.functions) if (f.granted) fns.add(f.applicationMenuFunctionId)
  })
  return { menus, fns }
}

export function walk(tree: readonly RoleMenuNode[], visit: (m: RoleMenuNode, ancestors: readonly RoleMenuNode[]) => void): void {
  walkTree(tree, menuNodeAccess.children, (m, _depth, ancestors) => visit(m, ancestors))
}

/** What a menu itself holds: [granted, countable] over its own checkbox (when it has an action) and its functions. */
const own =
  (c: Checked) =>
  (m: RoleMenuNode): [number, number] => {
    let on = 0
    let all = 0
    if (hasAction(m)) {
      all++
      if (c.menus.has(m.applicationMenuId)) on++
    }
    for (const f of m.functions) {
      all++
      if (c.fns.has(f.applicationMenuFunctionId)) on++
    }
    return [on, all]
  }

export function menuState(m: RoleMenuNode, c: Checked): CheckState {
  return checkState(m, menuNodeAccess.children, own(c))
}

/** Whether anything below and including a menu could be changed by the caller. */
export function menuGrantable(m: RoleMenuNode): boolean {
  return (hasAction(m) && m.grantable) || m.functions.some((f) => f.grantable) || m.children.some(menuGrantable)
}

function setSubtree(m: RoleMenuNode, on: boolean, menus: Set<string>, fns: Set<string>): void {
  if (hasAction(m) && m.grantable) {
    if (on) menus.add(m.applicationMenuId)
    else menus.delete(m.applicationMenuId)
  }
  for (const f of m.functions) {
    if (!f.grantable) continue
    if (on) fns.add(f.applicationMenuFunctionId)
    else fns.delete(f.applicationMenuFunctionId)
  }
  for (const child of m.children) setSubtree(child, on, menus, fns)
}

/** Whether something the caller may grant, below and including a menu, is not checked. */
function grantableOff(m: RoleMenuNode, c: Checked): boolean {
  return (
    (hasAction(m) && m.grantable && !c.menus.has(m.applicationMenuId)) ||
    m.functions.some((f) => f.grantable && !c.fns.has(f.applicationMenuFunctionId)) ||
    m.children.some((child) => grantableOff(child, c))
  )
}

/** Checks a menu with everything below it — or, when all of that the caller may grant is checked, unchecks it. */
export function toggleMenu(m: RoleMenuNode, c: Checked): Checked {
  const menus = new Set(c.menus)
  const fns = new Set(c.fns)
  setSubtree(m, grantableOff(m, c), menus, fns)
  return { menus, fns }
}

/** Checks or unchecks a function; checking also grants its menu. */
export function toggleFunction(menu: RoleMenuNode, fnId: string, c: Checked): Checked {
  const menus = new Set(c.menus)
  const fns = new Set(c.fns)
  if (fns.has(fnId)) fns.delete(fnId)
  else {
    fns.add(fnId)
    if (hasAction(menu)) menus.add(menu.applicationMenuId)
  }
  return { menus, fns }
}

/** Everything grantable checked, or (when all of it already is) unchecked. */
export function toggleAll(tree: readonly RoleMenuNode[], c: Checked): Checked {
  const menus = new Set(c.menus)
  const fns = new Set(c.fns)
  const on = tree.some((m) => grantableOff(m, c))
  for (const m of tree) setSubtree(m, on, menus, fns)
  return { menus, fns }
}

export function allState(tree: readonly RoleMenuNode[], c: Checked): CheckState {
  return forestState(tree, menuNodeAccess.children, own(c))
}

/**
 * The save payload: menus with an action that are checked, groups above anything checked, and the
 * checked functions whose menu is checked (a function without its menu is dropped, as its menu was
 * unchecked).
 */
export function toPayload(tree: readonly RoleMenuNode[], c: Checked): { menuIds: string[]; functionIds: string[] } {
  const menuIds = new Set<string>()
  const functionIds: string[] = []
  walk(tree, (m, ancestors) => {
    if (!hasAction(m) || !c.menus.has(m.applicationMenuId)) return
    menuIds.add(m.applicationMenuId)
    for (const a of ancestors) menuIds.add(a.applicationMenuId)
    for (const f of m.functions) if (c.fns.has(f.applicationMenuFunctionId)) functionIds.push(f.applicationMenuFunctionId)
  })
  return { menuIds: [...menuIds], functionIds }
}

/** Whether a menu matches a search keyword (its name or one of its functions' names or actions, case-insensitive); the tree shows a match with its ancestors and all below it. */
export function menuMatches(m: RoleMenuNode, keyword: string, label: (m: RoleMenuNode) => string): boolean {
  const k = keyword.trim().toLowerCase()
  return (
    !!k &&
    (label(m).toLowerCase().includes(k) ||
      m.functions.some((f) => f.functionName.toLowerCase().includes(k) || f.functionAction.toLowerCase().includes(k)))
  )
}

/** Numbers for the tab's summary: granted menus (with an action) and functions. */
export function countChecked(c: Checked): { menus: number; fns: number } {
  return { menus: c.menus.size, fns: c.fns.size }
}
