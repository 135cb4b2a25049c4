/**
 * Accounts found by the console's search: a unit's accounts (not a project's registered ones, which
 * have their own page), by account or user name, within the units the caller sees.
 */
import { ne } from 'drizzle-orm'
import { recordFinder } from '../../lib/finder'
import { account } from '../../db/schema'

export const accountFinder = recordFinder('account', account, {
  id: account.accountId,
  name: account.accountName,
  detail: account.userName,
  organizationId: account.organizationId,
  where: [ne(account.level, 'registered')],
  scope: 'units',
})
