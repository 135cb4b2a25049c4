import type { LazyNamespace } from '@/lib/i18n'
export { HomePage } from './HomePage'

/** The i18n namespaces these screens show, loaded with the chunk (lazyScreen). */
export const texts = ['dashboard', 'sync'] as const satisfies readonly LazyNamespace[]
