import { permissionsOf } from '@/lib/permissions'

/** <Can> and useCan of the 流程角色管理 screen: only its functions (src/contract/catalogue.ts) compile. */
export const { Can, useCan } = permissionsOf('/admin/process-role-management')
