import { resourcePaths } from '@/contract'
import { roleAdd, roleUpdate, type Role } from '@/contract/schemas/role'
import { defineResource } from '@/lib/crud'

export const roleResource = defineResource<Role>({
  key: 'role',
  paths: resourcePaths('role'),
  idKey: 'roleId',
  addSchema: roleAdd,
  updateSchema: roleUpdate,
  entity: 'roles.entity',
})
