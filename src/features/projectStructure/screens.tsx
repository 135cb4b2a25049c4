import type { LazyNamespace } from '@/lib/i18n'
/** The structure screens as the routes load them (one component per route, no props). */
import { DesignUnitPage } from './DesignUnitPage'
import { UnitEngineeringPage } from './UnitEngineeringPage'

export { ContainerPage } from './ContainerPage'
export const DesignUnitScreen = () => <DesignUnitPage variant="designUnit" />
export const ProjectDesignUnitScreen = () => <DesignUnitPage variant="projectDesignUnit" />
export const UnitEngineeringScreen = () => <UnitEngineeringPage variant="unitEngineering" />
export const UnitProjectScreen = () => <UnitEngineeringPage variant="unitProject" />

/** The i18n namespaces these screens show, loaded with the chunk (lazyScreen). */
export const texts = [
  'attributes',
  'crud',
  'dictionary',
  'files',
  'projectStructure',
  'sync',
  'tree',
] as const satisfies readonly LazyNamespace[]
