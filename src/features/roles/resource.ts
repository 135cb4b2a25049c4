import { resourcePaths } from '@/contract'
import { roleAdd, roleUpdate, type Role } from '@/contract/schemas/role'
import { defineResource } from '@/lib/crud'
import { roleKeys } from './queries'

export const roleResource = defineResource<Role>({
  key: roleKeys.all()[0],
  paths: resourcePaths('role'),
  idKey: 'roleId',
  addSchema: roleAdd,
  updateSchema: roleUpdate,
  entity: 'roles.entity',
  nameOf: (r) => r.roleName,
})
