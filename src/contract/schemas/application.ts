import { z } from 'zod'
import { APP_TYPES } from '../enums'
import { maxima } from '../fields'
import { APP_FIELDS, MENU_FIELDS, MENU_FUNCTION_FIELDS, VERSION_FIELDS } from '../fields/apps'
import { V, code, filterText, int, name, optionalText, sortCode, text, PHONE, URL_RE, noRepeats } from '../rules'
import type { FileInfo } from './files'
import { fileRef, id, listQuery, version, type Stamped, recordSchemas } from './common'
import type { MenuEntry } from './shell'

/** Bounds as declared (../fields/apps.ts). */
const APP = maxima(APP_FIELDS)
const VERSION = maxima(VERSION_FIELDS)
const MENU = maxima(MENU_FIELDS)
const MENU_FUNCTION = maxima(MENU_FUNCTION_FIELDS)

export const {
  fields: applicationFields,
  add: applicationAdd,
  update: applicationUpdate,
} = recordSchemas(
  {
    name: name(APP.name),
    shortName: optionalText(APP.shortName),
    code: code(APP.code),
    type: z.enum(APP_TYPES, { error: V.invalid }),
    url: optionalText(APP.url).refine((v) => v === undefined || URL_RE.test(v), { error: V.url }),
    sort: sortCode().default(1),
    principal: optionalText(APP.principal),
    principalPhone: optionalText(APP.principalPhone).refine((v) => v === undefined || PHONE.test(v), { error: V.phone }),
    industry: optionalText(APP.industry),
    major: optionalText(APP.major),
    remark: optionalText(APP.remark),
    /** An uploaded image (purpose photo). */
    iconFileId: fileRef(),
  },
  'applicationId',
)
export const applicationListQuery = listQuery.extend({
  name: filterText(APP.name),
  type: z.enum(APP_TYPES).optional(),
})
export type ApplicationFields = z.infer<typeof applicationFields>
export interface Application extends ApplicationFields, Stamped {
  applicationId: string
  iconUrl?: string | null
}

// ---- access key, versions, authorisation (SPEC §3/§7) ---------------------------------------

export const appIdBody = z.object({ applicationId: id() })
/** The answer of updateKey: the new key, shown once; the old key is refused from now on. */
export interface AppKeyAnswer {
  appKey: string
  rotatedAt: string
}

/** A client asks for the latest published version with its application code and key. */
export const latestPublishBody = z.object({ appCode: text(APP.code), appKey: text(200) })

const versionPart = (max: number) => int({ min: 0, max })
export const {
  fields: appVersionFields,
  add: appVersionAdd,
  update: appVersionUpdate,
} = recordSchemas(
  {
    applicationId: id(),
    major: versionPart(VERSION.major),
    minor: versionPart(VERSION.minor),
    revision: versionPart(VERSION.revision),
    attachmentFileId: fileRef(),
    releaseNote: optionalText(VERSION.releaseNote),
  },
  'applicationVersionId',
)
export const appVersionListQuery = listQuery.extend({ applicationId: id() })
export const appVersionPublish = z.object({ applicationVersionId: id(), version: version() })
export const appVersionEnable = z.object({
  applicationVersionId: id(),
  version: version(),
  isUsed: z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true'),
})

export interface AppVersion extends Stamped {
  applicationVersionId: string
  applicationId: string
  major: number
  minor: number
  revision: number
  /** The installer package (upload purpose `package`). */
  attachmentFileId: string | null
  attachmentUrl?: string | null
  /** The package's name, size and SHA-256 (null when it is not visible to the caller). */
  attachmentFile?: FileInfo | null
  releaseNote: string | null
  published: boolean
  publishTime: string | null
  publisher: string | null
  isUsed: boolean
}
export interface LatestPublish {
  appCode: string
  version: string
  major: number
  minor: number
  revision: number
  releaseNote: string | null
  publishTime: string
  attachmentFileId: string | null
}

export const appGrantsBody = z.object({
  applicationId: id(),
  orgIds: z.array(id()).max(2000).default([]),
  roleIds: z.array(id()).max(500).default([]),
})
export type AppGrants = z.infer<typeof appGrantsBody>

export const APP_PATHS = {
  updateKey: '/api/admin/v1/application/updateKey',
  grants: '/api/admin/v1/application/grants',
  saveGrants: '/api/admin/v1/application/saveGrants',
  publish: '/api/admin/v1/applicationVersion/publish',
  enable: '/api/admin/v1/applicationVersion/enable',
  /** For clients: no session, the application's code and key. */
  latestPublish: '/api/auth/v1/application/latestPublish',
} as const

// ---- menus and their functions ---------------------------------------------

const ACTION = /^[A-Za-z][A-Za-z0-9_\-/]*$/
const MENU_ACTION = /^\/?[A-Za-z][A-Za-z0-9_\-/]*$/

export const menuFunctionFields = z.object({
  applicationMenuFunctionId: id().optional(),
  functionName: name(MENU_FUNCTION.functionName),
  functionAction: text(MENU_FUNCTION.functionAction).regex(ACTION, { error: V.action }),
})

export const {
  fields: menuFields,
  add: menuAdd,
  update: menuUpdate,
} = recordSchemas(
  {
    applicationId: id(),
    /** Null or none: a top-level menu; the edit form holds a top-level menu's null as an empty control (''). */
    parentId: z.preprocess((v) => (v === '' ? null : v), id().nullable().optional()),
    menuName: name(MENU.menuName),
    /** English display name; without it the console shows the route's title, then menuName. */
    menuNameEn: optionalText(MENU.menuNameEn),
    /** SPEC §2: a menu's action is a route — saved with its leading slash (`admin/x` → `/admin/x`). */
    action: optionalText(MENU.action)
      .refine((v) => v === undefined || MENU_ACTION.test(v), { error: V.action })
      .transform((v) => (v === undefined || v.startsWith('/') ? v : `/${v}`)),
    iconPath: optionalText(MENU.iconPath),
    sort: sortCode().default(1),
    functionList: z
      .array(menuFunctionFields)
      .max(50)
      .default([])
      .superRefine(noRepeats((f) => f.functionAction)),
  },
  'applicationMenuId',
)
/** An application's menus; without `applicationId`, the caller's current application's (SPEC §5), none when it has none. */
export const menuListQuery = z.object({ applicationId: id().optional() })

export type MenuFields = z.infer<typeof menuFields>
/** A menu as 应用管理 edits it: the left menu's entry (without the caller's grants) and its application. */
export interface ApplicationMenu extends Stamped, Omit<MenuEntry, 'authFunctionList'> {
  applicationId: string
}
