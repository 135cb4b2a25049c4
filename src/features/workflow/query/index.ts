import type { LazyNamespace } from '@/lib/i18n'
export { WorkflowQueryPage } from './QueryPage'

/** The i18n namespaces this screen shows, loaded with the chunk (lazyScreen). */
export const texts = ['crud', 'workflow'] as const satisfies readonly LazyNamespace[]
