import type { ReactElement } from 'react'
import type { FnAction, FnOf, MenuPath } from '@/contract/catalogue'
import type { MenuEntry, MenuFunction } from '@/contract/schemas/shell'
import { useSession } from '@/lib/session'
import { canIn, findFunction, findMenuByPath, hasActionInMenus } from './menu'
import { knownMenus } from './menus'

/** A menu of the catalogue and one of its function actions: `{ menu: '/admin/role-manage', action: 'member' }`. */
export type MenuAction = { [M in MenuPath]: { menu: M; action: FnOf<M> } }[MenuPath]

/** The granted function `action` of `menu` among the account's menus, if any (the list's own object: a stable selection). */
function grantedIn(menus: readonly MenuEntry[] | null | undefined, menu: string, action: string): MenuFunction | undefined {
  const entry = findMenuByPath(menus, menu)
  return entry ? findFunction(entry, action) : undefined
}

/**
 * Whether the current menu grants `action` (SPEC §6); with a menu first, whether that menu of the
 * catalogue grants one of its functions. Re-renders when the grants change. A function the
 * catalogue does not declare (for that menu) does not compile.
 */
export function useCan(action: FnAction): boolean
export function useCan<M extends MenuPath>(menu: M, action: FnOf<M>): boolean
export function useCan(first: string, second?: string): boolean {
  return useSession((s) => (second === undefined ? canIn(s.currentMenu, first) : grantedIn(s.menuItems, first, second) !== undefined))
}

/** Whether any of the account's menus grants `action` (SPEC §6 "a menu-permission check"). */
export function hasMenuAction(action: FnAction): boolean {
  return hasActionInMenus(knownMenus(), action)
}

/**
 * Renders its single child only when the current menu grants `action` — or, given `menu`, when
 * that menu grants it. A click records nothing: the operation log is the gateway's, one row per
 * operation it did (a dialog opened and cancelled is none).
 * `<Can action="add"><Button onClick={…}>新增</Button></Can>`, `<Can menu="/admin/role-manage" action="member">`.
 */
export function Can(props: ({ menu?: undefined; action: FnAction } | MenuAction) & { children: ReactElement }) {
  return (
    <CanIn menu={props.menu} action={props.action}>
      {props.children}
    </CanIn>
  )
}

function CanIn({ menu, action, children }: { menu: string | undefined; action: string; children: ReactElement }) {
  const fn = useSession((s) => (menu === undefined ? findFunction(s.currentMenu, action) : grantedIn(s.menuItems, menu, action)))
  return fn ? children : null
}

/**
 * `<Can>` and `useCan` bound to one screen's menu, so they take only that menu's functions:
 *
 *   const { Can, useCan } = permissionsOf('/admin/role-manage')
 *   <Can action="member">…</Can>          // <Can action="memeber"> does not compile
 */
export function permissionsOf<M extends MenuPath>(menu: M) {
  return {
    Can: ({ action, children }: { action: FnOf<M>; children: ReactElement }) => (
      <CanIn menu={menu} action={action}>
        {children}
      </CanIn>
    ),
    useCan: (action: FnOf<M>): boolean => useSession((s) => grantedIn(s.menuItems, menu, action) !== undefined),
  }
}
