/** Units found by the console's search: by name, short name or credit code, within the units the caller sees. */
import { and } from 'drizzle-orm'
import type { Finder } from '../../lib/finder'
import { orgVisible } from './queries'
import { anyLike, matchRank } from '../../lib/sql'
import { organization } from '../../db/schema'

export const unitFinder: Finder = {
  kind: 'unit',
  async find(db, q, scope, limit) {
    const rows = await db
      .select({ id: organization.organizationId, name: organization.organizationName, detail: organization.creditCode })
      .from(organization)
      .where(and(anyLike(q, organization.organizationName, organization.shortName, organization.creditCode), orgVisible(scope.orgIds)))
      .orderBy(...matchRank(q, organization.organizationName, organization.shortName))
      .limit(limit)
    return rows.map((r) => ({ kind: 'unit', ...r, organizationId: r.id, projectId: null }))
  },
}
