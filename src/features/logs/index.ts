import type { LazyNamespace } from '@/lib/i18n'
export { LogsPage } from './LogsPage'

/** The i18n namespaces these screens show, loaded with the chunk (lazyScreen). */
export const texts = ['crud', 'files', 'logs', 'sync', 'terminals'] as const satisfies readonly LazyNamespace[]
