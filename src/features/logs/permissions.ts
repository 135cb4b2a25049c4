import { permissionsOf } from '@/lib/permissions'

/** <Can> and useCan of the 系统日志 screen: only its functions (src/contract/catalogue.ts) compile. */
export const { Can, useCan } = permissionsOf('/admin/systemLog')
