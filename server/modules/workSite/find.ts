/** Work sites found by the console's search: by name or code, in the projects the caller sees. */
import { projectRecordFinder } from '../../lib/finder'
import { workSite } from '../../db/schema'

export const workSiteFinder = projectRecordFinder('workSite', workSite, {
  id: workSite.workSiteId,
  name: workSite.workSiteName,
  code: workSite.workSiteCode,
  projectId: workSite.projectId,
})
