import type { LazyNamespace } from '@/lib/i18n'
export { ModelsPage } from './ModelsPage'

/** The i18n namespaces these screens show, loaded with the chunk (lazyScreen). */
export const texts = ['crud', 'workflow'] as const satisfies readonly LazyNamespace[]
