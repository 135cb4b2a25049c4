import type { LazyNamespace } from '@/lib/i18n'
export { WfRolesPage } from './WfRolesPage'

/** The i18n namespaces these screens show, loaded with the chunk (lazyScreen). */
export const texts = ['crud', 'people', 'workflow'] as const satisfies readonly LazyNamespace[]
