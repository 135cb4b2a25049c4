import type { LazyNamespace } from '@/lib/i18n'
export { TerminalsPage } from './TerminalsPage'

/** The i18n namespaces these screens show, loaded with the chunk (lazyScreen). */
export const texts = ['crud', 'files', 'sync', 'terminals'] as const satisfies readonly LazyNamespace[]
