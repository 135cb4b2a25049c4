/**
 * Grants of roles beyond menus and functions (server/modules/roleAuth): the organisations a role's
 * data permission covers besides its scope (role_org), and records of other kinds a role may use
 * (role_resource: applications now, projects later). role, role_menu, role_menu_function and
 * account_role are in ../schema.ts.
 */
import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { organization, role } from '../schema'
import { added, ownerRef } from './columns'

export const roleOrg = pgTable(
  'role_org',
  {
    roleId: ownerRef('role_id', () => role.roleId),
    organizationId: ownerRef('organization_id', () => organization.organizationId),
    ...added,
  },
  (t) => [primaryKey({ columns: [t.roleId, t.organizationId] }), index('role_org_org_idx').on(t.organizationId)],
)

export const roleResourceGrant = pgTable(
  'role_resource',
  {
    roleId: ownerRef('role_id', () => role.roleId),
    /** A ROLE_RESOURCE_TYPES value ('application'). */
    resourceType: text('resource_type').notNull(),
    /** The record's id (no foreign key: the type decides the table; a deleted record's grant is dropped by its module or ignored). */
    resourceId: text('resource_id').notNull(),
    ...added,
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.resourceType, t.resourceId] }),
    index('role_resource_res_idx').on(t.resourceType, t.resourceId),
  ],
)
