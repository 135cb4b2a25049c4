import { permissionsOf } from '@/lib/permissions'

/** <Can> and useCan of the 流程查询 screen: only its functions (delegate, withdraw, export) compile. */
export const { Can, useCan } = permissionsOf('/admin/workflow-query')
