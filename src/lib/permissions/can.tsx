import { Slot } from 'radix-ui'
import type { ReactElement } from 'react'
import { API } from '@/contract/paths'
import type { MenuFunction } from '@/contract/schemas/shell'
import { http } from '@/lib/http'
import { getSession, useSession } from '@/lib/session'
import { canIn, findFunction, hasActionInMenus } from './menu'
import { appCode, knownMenus } from './menus'

/** Whether the current menu grants `action` (SPEC §6); re-renders when the current menu changes. */
export function useCan(action: string): boolean {
  return useSession((s) => canIn(s.currentMenu, action))
}

/** Whether any of the account's menus grants `action` (SPEC §6 "a menu-permission check"). */
export function hasMenuAction(action: string): boolean {
  return hasActionInMenus(knownMenus(), action)
}

/**
 * Records the use of a granted function: POST operateLog/add {accountName, appCode, functionId,
 * menuId}. Fire and forget — never awaited, never shown, never in the user's way.
 */
export function logOperation(fn: Pick<MenuFunction, 'applicationMenuFunctionId'>): void {
  const { currentMenu, userAccount } = getSession()
  if (!currentMenu?.menuId || !userAccount?.accountName) return
  const body = { accountName: userAccount.accountName, appCode: appCode(), functionId: fn.applicationMenuFunctionId, menuId: currentMenu.menuId }
  try {
    void http.post(API.admin.operateLogAdd, body, { silent: true }).catch(() => undefined)
  } catch {
    /* logging must never break the click */
  }
}

/**
 * Renders its single child only when the current menu grants `action`; clicking it then also
 * records the operation log. `<Can action="add"><Button onClick={…}>新增</Button></Can>`
 */
export function Can({ action, children }: { action: string; children: ReactElement }) {
  const fn = useSession((s) => findFunction(s.currentMenu, action))
  if (!fn) return null
  return <Slot.Root onClick={() => logOperation(fn)}>{children}</Slot.Root>
}
