import type { LazyNamespace } from '@/lib/i18n'
export { OrganizationPage } from './OrganizationPage'

/** The i18n namespaces these screens show, loaded with the chunk (lazyScreen). */
export const texts = [
  'accounts',
  'crud',
  'files',
  'invite',
  'organization',
  'people',
  'sync',
  'tree',
] as const satisfies readonly LazyNamespace[]
