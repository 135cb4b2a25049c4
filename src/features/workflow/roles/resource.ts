import type { WfRoleAccountRow, WfRoleRow } from '@/contract/schemas/workflow'
import { defineResource } from '@/lib/crud'
import { wfKeys, wfRoleAccountPaths, wfRolePaths } from '../queries'

/** Workflow roles: listed, added, edited and deleted by the shared machinery; a change refetches the model editor's role options. */
export const wfRoleResource = defineResource<WfRoleRow>({
  key: wfKeys.roles()[0],
  paths: wfRolePaths,
  idKey: 'wfRoleId',
  schemas: () => import('@/contract/schemas/workflow').then((m) => m.wfRole),
  entity: 'workflow.roles.entity',
  nameOf: (r) => r.roleName,
  invalidates: [wfKeys.wfRoles()],
})

/**
 * A workflow role's accounts: listed paged by the list machinery (the role's id as extra query);
 * added and removed in bulk by their own calls (./WfRoleMembersSheet), which also refetch the role
 * list (its account counts).
 */
export const wfRoleAccountResource = defineResource<WfRoleAccountRow>({
  key: wfKeys.roleAccounts()[0],
  paths: wfRoleAccountPaths,
  idKey: 'accountId',
  schemas: () => import('@/contract/schemas/workflow').then((m) => ({ add: m.wfRoleAccountBody, update: m.wfRoleAccountBody })),
  nameOf: (a) => a.userName || a.accountName,
  invalidates: [wfKeys.roles()],
})
