import type { LazyNamespace } from '@/lib/i18n'
/** The personal centre (/personal-view): profile, security, signature, third-party accounts, devices. */
export { PersonalCenterPage } from './PersonalCenterPage'

/** The i18n namespaces these screens show, loaded with the chunk (lazyScreen). */
export const texts = ['crud', 'files', 'personal', 'sync'] as const satisfies readonly LazyNamespace[]
