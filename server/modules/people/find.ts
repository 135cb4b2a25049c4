/** People found by the console's search: approved, not archived, by name, within the units the caller sees. */
import { and, eq } from 'drizzle-orm'
import type { Finder } from '../../lib/finder'
import { inScope } from '../../lib/orgScope'
import { anyLike, matchRank } from '../../lib/sql'
import { person } from '../../db/schema'

export const personFinder: Finder = {
  kind: 'person',
  async find(db, q, scope, limit) {
    const rows = await db
      .select({ id: person.userId, name: person.name, organizationId: person.organizationId })
      .from(person)
      .where(
        and(
          anyLike(q, person.name),
          eq(person.auditStatus, 'approved'),
          eq(person.status, 'active'),
          inScope(person.organizationId, scope.orgIds),
        ),
      )
      .orderBy(...matchRank(q, person.name))
      .limit(limit)
    return rows.map((r) => ({ kind: 'person', ...r, detail: null, projectId: null }))
  },
}
