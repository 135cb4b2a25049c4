export { WorkSitePage } from './WorkSitePage'
export { WorkSiteFields } from './WorkSiteFields'
export { workSiteResources, workSiteOptionsQueryOptions } from './queries'
