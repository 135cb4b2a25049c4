/**
 * Accounts found by the console's search: a unit's accounts (not a project's registered ones, which
 * have their own page), by account or user name, within the units the caller sees.
 */
import { and, ne } from 'drizzle-orm'
import type { Finder } from '../../lib/finder'
import { inScope } from '../../lib/orgScope'
import { anyLike, matchRank } from '../../lib/sql'
import { account } from '../../db/schema'

export const accountFinder: Finder = {
  kind: 'account',
  async find(db, q, scope, limit) {
    const rows = await db
      .select({ id: account.accountId, name: account.accountName, detail: account.userName, organizationId: account.organizationId })
      .from(account)
      .where(
        and(
          anyLike(q, account.accountName, account.userName),
          ne(account.level, 'registered'),
          inScope(account.organizationId, scope.orgIds),
        ),
      )
      .orderBy(...matchRank(q, account.accountName, account.userName))
      .limit(limit)
    return rows.map((r) => ({ kind: 'account', ...r, projectId: null }))
  },
}
