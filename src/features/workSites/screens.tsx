import type { LazyNamespace } from '@/lib/i18n'
/** The work-site screens as the routes load them (one component per route, no props). */
import { WorkSitePage } from './WorkSitePage'

export const WorkSiteScreen = () => <WorkSitePage variant="workSite" />
export const ProjectWorkSiteScreen = () => <WorkSitePage variant="projectWorkSite" />

/** The i18n namespaces these screens show, loaded with the chunk (lazyScreen). */
export const texts = ['crud', 'files', 'projectStructure', 'sync', 'workSites'] as const satisfies readonly LazyNamespace[]
