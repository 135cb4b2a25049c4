import type { LazyNamespace } from '@/lib/i18n'

/** The i18n namespaces the messages screens show, loaded with their chunk (lazyScreen: ./index; 消息中心 declares its own in ./center). */
export const texts = ['crud', 'files', 'invite', 'messages', 'roles', 'sync', 'tree'] as const satisfies readonly LazyNamespace[]
