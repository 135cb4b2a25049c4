import { permissionsOf } from '@/lib/permissions'

/** <Can> and useCan of 项目容器: only its functions (src/contract/catalogue.ts) compile. */
export const { Can, useCan } = permissionsOf('/admin/project-container')
