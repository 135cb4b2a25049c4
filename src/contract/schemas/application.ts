import { z } from 'zod'
import { APP_TYPES } from '../enums'
import { V, filterText, name, optionalText, sortCode, text, PHONE, URL_RE, noRepeats } from '../rules'
import { id, listQuery, version, type Stamped } from './common'

export const applicationFields = z.object({
  name: name(50),
  shortName: optionalText(20),
  code: text(64).regex(/^[A-Za-z0-9_-]+$/, { error: V.code }),
  type: z.enum(APP_TYPES, { error: V.invalid }),
  url: optionalText(300).refine((v) => v === undefined || URL_RE.test(v), { error: V.url }),
  sort: sortCode().default(1),
  principal: optionalText(30),
  principalPhone: optionalText(20).refine((v) => v === undefined || PHONE.test(v), { error: V.phone }),
  industry: optionalText(50),
  major: optionalText(50),
  remark: optionalText(500),
})
export const applicationAdd = applicationFields.extend({ applicationId: id().optional() })
export const applicationUpdate = applicationFields.extend({ applicationId: id(), version: version() })
export const applicationListQuery = listQuery.extend({
  name: filterText(50),
  type: z.enum(APP_TYPES).optional(),
})
export type ApplicationFields = z.infer<typeof applicationFields>
export interface Application extends ApplicationFields, Stamped {
  applicationId: string
}

// ---- menus and their functions ---------------------------------------------

const ACTION = /^[A-Za-z][A-Za-z0-9_\-/]*$/
const MENU_ACTION = /^\/?[A-Za-z][A-Za-z0-9_\-/]*$/

export const menuFunctionFields = z.object({
  applicationMenuFunctionId: id().optional(),
  functionName: name(30),
  functionAction: text(50).regex(ACTION, { error: V.action }),
})

export const menuFields = z.object({
  applicationId: id(),
  parentId: id().nullable().optional(),
  menuName: name(30),
  /** English display name; without it the console shows the route's title, then menuName. */
  menuNameEn: optionalText(60),
  /** SPEC §2: a menu's action is a route — saved with its leading slash (`admin/x` → `/admin/x`). */
  action: optionalText(200)
    .refine((v) => v === undefined || MENU_ACTION.test(v), { error: V.action })
    .transform((v) => (v === undefined || v.startsWith('/') ? v : `/${v}`)),
  iconPath: optionalText(300),
  sort: sortCode().default(1),
  functionList: z
    .array(menuFunctionFields)
    .max(50)
    .default([])
    .superRefine(noRepeats((f) => f.functionAction)),
})
export const menuAdd = menuFields.extend({ applicationMenuId: id().optional() })
export const menuUpdate = menuFields.extend({ applicationMenuId: id(), version: version() })
export const menuListQuery = z.object({ applicationId: id() })

export type MenuFields = z.infer<typeof menuFields>
export interface ApplicationMenu extends Stamped {
  applicationMenuId: string
  applicationId: string
  parentId: string | null
  menuName: string
  menuNameEn: string | null
  action: string | null
  iconPath: string | null
  sort: number
  functionList: { applicationMenuFunctionId: string; functionName: string; functionAction: string }[]
}
