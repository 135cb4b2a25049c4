import { permissionsOf } from '@/lib/permissions'

/** <Can> and useCan of the 终端授权 screen: only its functions (src/contract/catalogue.ts) compile. */
export const { Can, useCan } = permissionsOf('/admin/terminal-authentication')
