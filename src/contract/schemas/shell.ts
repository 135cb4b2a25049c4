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

/** GET listByAccountNames: at most 100 names, comma-joined (SPEC §7 array params). */
export const accountNamesQuery = z.object({
  accountNames: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z
      .array(z.string().max(64, { error: V.tooLong }))
      .min(1, { error: V.required })
      .max(100, { error: V.tooLarge }),
  ),
})

/** The holder of an account and their unit. */
export interface AccountHolder {
  accountName: string
  userName: string | null
  organizationId: string | null
  organizationName: string | null
}

/** A node of the signed-in account's place: its unit and the units above it, then its department and those above (SPEC §9 tree categories). */
export interface OrgNode {
  nodeId: string
  nodeName: string
  /** 1 organisation (unit), 2 department. */
  category: 1 | 2
}

export interface AppByPermission {
  applicationId: string
  name: string
  code: string
  type: string
  url: string | null
}
