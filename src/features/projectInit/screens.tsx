import type { LazyNamespace } from '@/lib/i18n'
/** The four wizard screens as the routes load them (one machinery, a preset each). */
import { InitWizardPage } from './InitWizardPage'

export const ProjectInitialScreen = () => <InitWizardPage preset="projectInitial" />
export const ProjectInitializationScreen = () => <InitWizardPage preset="projectInitialization" />
export const WorkSiteInitializationScreen = () => <InitWizardPage preset="workSiteInitialization" />
export const IndustrialInitialScreen = () => <InitWizardPage preset="industrialInitial" />

/** The i18n namespaces these screens show, loaded with the chunk (lazyScreen). */
export const texts = [
  'attributes',
  'crud',
  'files',
  'projectInit',
  'projectStructure',
  'projects',
  'sync',
  'tree',
] as const satisfies readonly LazyNamespace[]
