/** Work sites found by the console's search: by name or code, in the projects the caller sees. */
import { recordFinder } from '../../lib/finder'
import { workSite } from '../../db/schema'

export const workSiteFinder = recordFinder('workSite', workSite, {
  id: workSite.workSiteId,
  name: workSite.workSiteName,
  detail: workSite.workSiteCode,
  projectId: workSite.projectId,
  scope: 'projects',
})
