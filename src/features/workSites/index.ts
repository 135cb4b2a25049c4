export { WorkSitePage, WorkSiteFields } from './WorkSitePage'
export { workSiteResources, workSiteOptionsQueryOptions } from './queries'
