/**
 * The change history of accounts (server/modules/account): one row per changed field — status,
 * level, valid periods, unit, password reset (never the password), project department, phone
 * login, roles, creation and deletion. No foreign key to account: the history outlives a deleted
 * account (its name is kept on each row).
 */
import { index, pgTable, text } from 'drizzle-orm/pg-core'
import { ts } from './columns'

export const accountChange = pgTable(
  'account_change',
  {
    changeId: text('change_id').primaryKey(),
    accountId: text('account_id').notNull(),
    accountName: text('account_name').notNull(),
    field: text('field').notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    remark: text('remark'),
    changedBy: text('changed_by'),
    changedByName: text('changed_by_name'),
    changedAt: ts('changed_at').notNull(),
  },
  (t) => [index('account_change_account_idx').on(t.accountId, t.changedAt)],
)
