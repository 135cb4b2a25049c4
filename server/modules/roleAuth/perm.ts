/** The permissions of the role authorisation calls: reads need the 角色管理 menu, writes a function of it. */
import { perm, type FnOf, type MenuPath } from '../../../src/contract/catalogue'

export const MENU = '/admin/role-manage' as const satisfies MenuPath
export const read = { auth: 'signed' as const, perm: perm(MENU) }
export const write = (fn: Extract<FnOf<typeof MENU>, 'member' | 'authorize'>) => ({ auth: 'signed' as const, perm: perm(MENU, fn) })
