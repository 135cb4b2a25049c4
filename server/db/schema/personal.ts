/**
 * The personal centre and third-party sign-in (server/modules/personal, server/modules/oauth):
 * an account's own profile files, its WeChat/QQ identities, and the OAuth2 `state` values the
 * gateway hands out (single use, expiring; only their SHA-256 is kept).
 */
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { account } from '../schema'
import { ownerRef, singleUse, ts } from './columns'

/** Files of an account that have no staff record to live on (photo) or belong to the account (signature). */
export const accountProfile = pgTable('account_profile', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => account.accountId, { onDelete: 'cascade' }),
  /** Used only when the account has no person record (else person.avatar_file_id is the photo). */
  photoFileId: text('photo_file_id'),
  signatureFileId: text('signature_file_id'),
  updateTime: ts('update_time').notNull().defaultNow(),
})

/** A WeChat or QQ identity bound to an account: one per platform and account, one account per identity. */
export const thirdPartyIdentity = pgTable(
  'third_party_identity',
  {
    identityId: text('identity_id').primaryKey(),
    accountId: ownerRef('account_id', () => account.accountId),
    platform: text('platform').notNull(),
    /** The provider's user id for our client (WeChat / QQ openid). */
    subject: text('subject').notNull(),
    unionId: text('union_id'),
    nickname: text('nickname'),
    avatarUrl: text('avatar_url'),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('third_party_identity_subject_uq').on(t.platform, t.subject),
    uniqueIndex('third_party_identity_account_uq').on(t.accountId, t.platform),
  ],
)

/** An authorize request in flight: `state` (hashed) → what it is for. */
export const oauthState = pgTable(
  'oauth_state',
  {
    stateHash: text('state_hash').primaryKey(),
    platform: text('platform').notNull(),
    /** `login` or `bind`. */
    purpose: text('purpose').notNull(),
    /** The account binding an identity (purpose bind). */
    accountId: text('account_id'),
    redirectUri: text('redirect_uri').notNull(),
    /**
     * base64url SHA-256 of the verifier the starting browser keeps (sessionStorage); the callback
     * must send that verifier. Null only on states from before this column: never accepted.
     */
    verifierHash: text('verifier_hash'),
    ...singleUse,
  },
  (t) => [index('oauth_state_expires_idx').on(t.expiresAt)],
)
