import { z } from 'zod'
import { V } from '../rules'
import type { UserAccount } from './auth'

/** GET listByMenuOperatePermission */
export const menuByPermissionQuery = z.object({
  appCode: z.string().min(1, { error: V.required }).max(64),
  sortBy: z.literal('sort').default('sort'),
  desc: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
})

export interface MenuFunction {
  applicationMenuFunctionId: string
  functionName: string
  functionAction: string
}

/** One entry of the left menu (flat; the console builds the tree by parentId). */
export interface MenuEntry {
  applicationMenuId: string
  parentId: string | null
  menuName: string
  /** English name, when the menu has one (the console falls back to the route's title, then menuName). */
  menuNameEn: string | null
  /** Action path; may lack its leading slash (the console adds it). Empty for a group. */
  action: string | null
  iconPath: string | null
  sort: number
  functionList: MenuFunction[]
  authFunctionList: MenuFunction[]
}

/** POST operateLog/add */
export const operateLogBody = z.object({
  accountName: z.string().min(1, { error: V.required }).max(64),
  appCode: z.string().min(1, { error: V.required }).max(64),
  functionId: z.uuid({ error: V.invalid }),
  menuId: z.uuid({ error: V.invalid }),
})

/** GET /api/portal/v1/user/info: the signed-in account (as login answers it) with its person's details. */
export interface CurrentUser extends UserAccount {
  cellphone: string | null
  email: string | null
  profilePhoto: string | null
  profilePhotoUrl: string | null
  roleNames: string[]
}

export interface AppByPermission {
  applicationId: string
  name: string
  code: string
  type: string
  url: string | null
}
