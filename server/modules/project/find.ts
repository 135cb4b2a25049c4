/** Projects found by the console's search: by name or code, among the projects the caller sees. */
import { and } from 'drizzle-orm'
import type { Finder } from '../../lib/finder'
import { projectWhere } from '../../lib/projectScope'
import { anyLike, matchRank } from '../../lib/sql'
import { project } from '../../db/schema'

export const projectFinder: Finder = {
  kind: 'project',
  byProject: true,
  async find(db, q, scope, limit) {
    const rows = await db
      .select({ id: project.projectId, name: project.projectName, detail: project.projectCode, organizationId: project.organizationId })
      .from(project)
      .where(and(anyLike(q, project.projectName, project.projectCode), projectWhere(project.projectId, scope.projectIds)))
      .orderBy(...matchRank(q, project.projectName, project.projectCode))
      .limit(limit)
    return rows.map((r) => ({ kind: 'project', ...r, projectId: r.id }))
  },
}
