import type { LazyNamespace } from '@/lib/i18n'
export { Designer } from './Designer'

/** The i18n namespaces this screen shows, loaded with the chunk (lazyScreen). */
export const texts = ['crud', 'tabulation'] as const satisfies readonly LazyNamespace[]
