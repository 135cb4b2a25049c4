import type { LazyNamespace } from '@/lib/i18n'
export { AppManagePage } from './AppManagePage'
export { MenuPanel } from './MenuPanel'
export { applicationResource, menuResource } from './resource'
export { buildMenuTree, type MenuTreeNode } from './menuTree'

/** The i18n namespaces these screens show, loaded with the chunk (lazyScreen). */
export const texts = ['apps', 'crud', 'files', 'sync', 'tree'] as const satisfies readonly LazyNamespace[]
