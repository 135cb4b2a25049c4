import type { LazyNamespace } from '@/lib/i18n'
export { ProjectManagePage } from './ProjectManagePage'
export { ProjectInfoPage } from './ProjectInfoPage'
export { ProjectPartiesPage } from './ProjectPartiesPage'
export { ProjectConfigPage } from './ProjectConfigPage'
export { ProjectFormFields, projectDefaults } from './fields'

/** The i18n namespaces these screens show, loaded with the chunk (lazyScreen). */
export const texts = [
  'attributes',
  'crud',
  'files',
  'projectStructure',
  'projects',
  'roles',
  'sync',
  'tree',
] as const satisfies readonly LazyNamespace[]
