import { permissionsOf } from '@/lib/permissions'

/** <Can> and useCan of the 表格管理 screen: only its functions (src/contract/catalogue.ts) compile. */
export const { Can, useCan } = permissionsOf('/admin/table-manage')
