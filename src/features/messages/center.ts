/**
 * 消息中心 as its route loads it: the screen without the settings screens of ./index, whose forms
 * would load with it (issue 32).
 */
import type { LazyNamespace } from '@/lib/i18n'

export { MessageCenterPage } from './MessageCenterPage'

/** The namespaces the centre shows (its marks of edits kept offline: sync), not the settings screens' (./texts). */
export const texts = ['messages', 'sync'] as const satisfies readonly LazyNamespace[]
