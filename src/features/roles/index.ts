import type { LazyNamespace } from '@/lib/i18n'
export { RoleManagePage } from './RoleManagePage'
export { roleResource } from './resource'

/** The i18n namespaces these screens show, loaded with the chunk (lazyScreen). */
export const texts = ['crud', 'files', 'people', 'roles', 'sync', 'tree'] as const satisfies readonly LazyNamespace[]
