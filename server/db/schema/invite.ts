/** Invitations (server/modules/invite): a link for one record and purpose, single use, expiring. Only the token's SHA-256 is stored. */
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { ts } from './columns'

export const invite = pgTable(
  'invite',
  {
    inviteId: text('invite_id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose').notNull(),
    targetId: text('target_id').notNull(),
    organizationId: text('organization_id'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createBy: text('create_by'),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invite_token_uq').on(t.tokenHash), index('invite_target_idx').on(t.purpose, t.targetId)],
)
