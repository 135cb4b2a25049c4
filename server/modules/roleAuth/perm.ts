/** The permissions of the role authorisation calls: reads need the 角色管理 menu, writes a function of it. */
export const MENU = '/admin/role-manage'
export const read = { auth: 'signed' as const, perm: { menu: MENU } }
export const write = (fn: 'member' | 'authorize') => ({ auth: 'signed' as const, perm: { menu: MENU, fn } })
