import type { LazyNamespace } from '@/lib/i18n'
export { ConfigPage } from './ConfigPage'
export { SettingPage } from './SettingPage'
export { BoqPage } from './BoqPage'
export { ResourcePoolPage } from './ResourcePoolPage'

/** The i18n namespaces these screens show, loaded with the chunk (lazyScreen). */
export const texts = ['attributes', 'crud', 'files', 'projectStructure', 'sync'] as const satisfies readonly LazyNamespace[]
