import type { LazyNamespace } from '@/lib/i18n'
export { MessageCenterPage } from './MessageCenterPage'
export { MessageSettingPage, MessageCustomConfigPage } from './MessageSettingPage'

/** The i18n namespaces these screens show, loaded with the chunk (lazyScreen). */
export const texts = ['crud', 'files', 'invite', 'messages', 'roles', 'sync', 'tree'] as const satisfies readonly LazyNamespace[]
