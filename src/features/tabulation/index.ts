import type { LazyNamespace } from '@/lib/i18n'
export { TabulationPage } from './TabulationPage'

/** The i18n namespaces these screens show, loaded with the chunk (lazyScreen). */
export const texts = ['crud', 'tabulation'] as const satisfies readonly LazyNamespace[]
