import type { LazyNamespace } from '@/lib/i18n'

export { DataDictionaryPage } from './DataDictionaryPage'

/** The i18n namespaces the screen shows, loaded with its chunk (lazyScreen). */
export const texts = ['crud', 'dataDictionary', 'tree'] as const satisfies readonly LazyNamespace[]
