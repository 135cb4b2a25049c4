import { z } from 'zod'
import { DATA_SCOPES, type AccountLevel, type AccountStatus, type DataScope } from '../enums'
import { V, filterText, name, noRepeats, optionalText, sortCode } from '../rules'
import { maxima } from '../fields'
import { ROLE_FIELDS } from '../fields/role'
import { id, listQuery, type Stamped, recordSchemas } from './common'

/** Bounds as declared (../fields/role.ts). */
const ROLE = maxima(ROLE_FIELDS)

/** Fields a user edits; the form and the gateway share this. */
export const {
  fields: roleFields,
  add: roleAdd,
  update: roleUpdate,
} = recordSchemas(
  {
    roleName: name(ROLE.roleName),
    remark: optionalText(ROLE.remark),
    status: z.coerce
      .number()
      .pipe(z.union([z.literal(0), z.literal(1)], { error: V.invalid }))
      .default(1),
    sort: sortCode().default(1),
    dataScope: z.enum(DATA_SCOPES, { error: V.invalid }).default('own'),
  },
  'roleId',
)

export const roleListQuery = listQuery.extend({
  roleName: filterText(ROLE.roleName),
  status: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(1)]))
    .optional(),
})

export type RoleFields = z.infer<typeof roleFields>
export interface Role extends RoleFields, Stamped {
  roleId: string
  organizationId: string | null
  organizationName: string | null
  memberCount: number
  /** Built in (the system administrator role): the gateway refuses to delete or stop it (20021). */
  builtin: boolean
  /** The caller holds this role: the gateway refuses to delete or stop it (20021). */
  held?: boolean
}

// ---- role members and authorisation (roleAccount, roleMenu, roleOrg, dataPermission, roleResource) ----

const uuidList = (max: number) =>
  z
    .union([z.array(z.string()), z.string()])
    .optional()
    .transform((v) =>
      v === undefined
        ? []
        : Array.isArray(v)
          ? v
          : v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
    )
    .pipe(
      z
        .array(z.uuid({ error: V.invalid }))
        .max(max, { error: V.invalid })
        .superRefine(noRepeats((s: string) => s)),
    )

/** Paths of the role authorisation calls (DESIGN §2: `/api/admin/v1/<resource>/<action>`). */
export const ROLE_AUTH_API = {
  members: '/api/admin/v1/roleAccount/list',
  memberCandidates: '/api/admin/v1/roleAccount/listCandidates',
  addMembers: '/api/admin/v1/roleAccount/add',
  deleteMembers: '/api/admin/v1/roleAccount/delete',
  menuApps: '/api/admin/v1/roleMenu/listApp',
  menuTree: '/api/admin/v1/roleMenu/listTree',
  saveMenus: '/api/admin/v1/roleMenu/save',
  orgs: '/api/admin/v1/roleOrg/list',
  saveOrgs: '/api/admin/v1/roleOrg/save',
  dataPermission: '/api/admin/v1/dataPermission/get',
  saveDataPermission: '/api/admin/v1/dataPermission/save',
  resources: '/api/admin/v1/roleResource/list',
  saveResources: '/api/admin/v1/roleResource/save',
} as const

export { GRANTS_VERSION_HEADER } from '../signing'

/**
 * Kinds of records a role may be granted (resource authorisation): the resource pool (资源池),
 * applications, and workflow models (流程模型: which roles may start which); projects come later.
 */
export const ROLE_RESOURCE_TYPES = ['resource', 'application', 'wfModel'] as const
export type RoleResourceType = (typeof ROLE_RESOURCE_TYPES)[number]

export const roleIdQuery = z.object({ roleId: id() })

export const roleMembersQuery = roleIdQuery.extend({ keyword: filterText(30) })
export const roleCandidatesQuery = roleIdQuery.extend({ keyword: filterText(30) })
export const roleMembersBody = z.object({ roleId: id(), accountIds: uuidList(500).pipe(z.array(z.string()).min(1, { error: V.required })) })
/** Removing members: the same, or as a delete is sent (DESIGN §2) — form data `roleId` and `ids=a,b`. */
export const roleMembersDeleteBody = z.preprocess(
  (v) =>
    v && typeof v === 'object' && !('accountIds' in v) && 'ids' in v
      ? { ...(v as Record<string, unknown>), accountIds: (v as { ids: unknown }).ids }
      : v,
  roleMembersBody,
)

export const roleMenuTreeQuery = roleIdQuery.extend({ appId: id().optional() })
export const roleMenuSave = z.object({
  roleId: id(),
  applicationId: id(),
  menuIds: uuidList(5000),
  functionIds: uuidList(20000),
})

export const roleOrgSave = z.object({ roleId: id(), organizationIds: uuidList(5000) })

export const dataPermissionSave = z.object({ roleId: id(), scope: z.enum(DATA_SCOPES, { error: V.invalid }) })

export const roleResourceQuery = roleIdQuery.extend({
  resourceType: z.enum(ROLE_RESOURCE_TYPES, { error: V.invalid }).default('application'),
})
export const roleResourceSave = z.object({
  roleId: id(),
  resourceType: z.enum(ROLE_RESOURCE_TYPES, { error: V.invalid }),
  resourceIds: uuidList(5000),
})

/** A member of a role (roleAccount/list) or a candidate account (roleAccount/listCandidates). */
export interface RoleMember {
  accountId: string
  accountName: string
  userName: string | null
  organizationId: string | null
  organizationName: string | null
  level: AccountLevel
  status: AccountStatus
}

/** An application the caller may grant menus of (roleMenu/listApp). */
export interface RoleMenuApp {
  applicationId: string
  name: string
  code: string
}

export interface RoleMenuFunctionNode {
  applicationMenuFunctionId: string
  functionName: string
  functionAction: string
  granted: boolean
  /** The caller holds it, so may grant it. */
  grantable: boolean
}

export interface RoleMenuNode {
  applicationMenuId: string
  parentId: string | null
  menuName: string
  menuNameEn: string | null
  action: string | null
  sort: number
  granted: boolean
  grantable: boolean
  functions: RoleMenuFunctionNode[]
  children: RoleMenuNode[]
}

/** roleMenu/listTree: the application's menu tree with the role's grants. */
export interface RoleMenuTree {
  applicationId: string
  applicationName: string
  menus: RoleMenuNode[]
}

/**
 * roleOrg/list: the organisations granted, and the organisations to pick from (flat, with parents):
 * those the caller may grant, plus granted ones beyond that (not grantable: shown, kept, removable).
 */
export interface RoleOrgGrant {
  organizationIds: string[]
  options: { organizationId: string; organizationName: string; parentId: string | null; grantable: boolean }[]
}

/** dataPermission/get: the role's scope and the widest the caller may give. */
export interface DataPermission {
  roleId: string
  scope: DataScope
  maxScope: DataScope
}

/** roleResource/list: the records of a type, each with whether the role has it and the caller may grant it. */
export interface RoleResourceItem {
  resourceId: string
  resourceName: string
  resourceCode: string | null
  granted: boolean
  grantable: boolean
}
