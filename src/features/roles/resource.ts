import { resourcePaths } from '@/contract'
import type { Role } from '@/contract/schemas/role'
import { defineResource } from '@/lib/crud'
import { roleKeys } from './queries'

export const roleResource = defineResource<Role>({
  key: roleKeys.all()[0],
  paths: resourcePaths('role'),
  idKey: 'roleId',
  schemas: () => import('@/contract/schemas/role').then((m) => ({ add: m.roleAdd, update: m.roleUpdate })),
  entity: 'roles.entity',
  nameOf: (r) => r.roleName,
})
