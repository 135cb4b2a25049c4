import type { LazyNamespace } from '@/lib/i18n'

/** The i18n namespaces the project screens show, loaded with the chunk (lazyScreen: ./index, ./info). */
export const texts = [
  'attributes',
  'crud',
  'files',
  'projectStructure',
  'projects',
  'sync',
  'tree',
] as const satisfies readonly LazyNamespace[]
