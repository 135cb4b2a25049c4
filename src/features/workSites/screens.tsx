/** The work-site screens as the routes load them (one component per route, no props). */
import { WorkSitePage } from './WorkSitePage'

export const WorkSiteScreen = () => <WorkSitePage variant="workSite" />
export const ProjectWorkSiteScreen = () => <WorkSitePage variant="projectWorkSite" />
