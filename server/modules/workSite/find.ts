/** Work sites found by the console's search: by name or code, in the projects the caller sees. */
import { and } from 'drizzle-orm'
import type { Finder } from '../../lib/finder'
import { projectWhere } from '../../lib/projectScope'
import { anyLike, matchRank } from '../../lib/sql'
import { workSite } from '../../db/schema'

export const workSiteFinder: Finder = {
  kind: 'workSite',
  byProject: true,
  async find(db, q, scope, limit) {
    const rows = await db
      .select({ id: workSite.workSiteId, name: workSite.workSiteName, detail: workSite.workSiteCode, projectId: workSite.projectId })
      .from(workSite)
      .where(and(anyLike(q, workSite.workSiteName, workSite.workSiteCode), projectWhere(workSite.projectId, scope.projectIds)))
      .orderBy(...matchRank(q, workSite.workSiteName, workSite.workSiteCode))
      .limit(limit)
    return rows.map((r) => ({ kind: 'workSite', ...r, organizationId: null }))
  },
}
