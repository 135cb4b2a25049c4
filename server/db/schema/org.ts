/**
 * Tables of the organisation area (SPEC §3 Organisation/Qualification, §7 Organisation): a unit's
 * listing and co-office institutions, contacts, qualifications, account groups. The units and
 * their types themselves are `organization` / `organization_type` in ../schema.ts.
 */
import { date, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { account, organization } from '../schema'
import { ownerRef, sortedStamped } from './columns'

const orgRef = () => ownerRef('organization_id', () => organization.organizationId)

/** 上市机构: where the unit is listed. */
export const orgListing = pgTable(
  'org_listing',
  {
    orgListingId: text('org_listing_id').primaryKey(),
    organizationId: orgRef(),
    institutionName: text('institution_name').notNull(),
    stockCode: text('stock_code'),
    listingDate: date('listing_date', { mode: 'string' }),
    remark: text('remark'),
    ...sortedStamped,
  },
  (t) => [index('org_listing_org_idx').on(t.organizationId)],
)

/** 协作（协同办公）机构: institutions the unit works with. */
export const orgCowork = pgTable(
  'org_cowork',
  {
    orgCoworkId: text('org_cowork_id').primaryKey(),
    organizationId: orgRef(),
    coworkName: text('cowork_name').notNull(),
    creditCode: text('credit_code'),
    contactPerson: text('contact_person'),
    contactPhone: text('contact_phone'),
    remark: text('remark'),
    ...sortedStamped,
  },
  (t) => [index('org_cowork_org_idx').on(t.organizationId)],
)

/** 联系人 of a unit. */
export const orgContact = pgTable(
  'org_contact',
  {
    orgContactId: text('org_contact_id').primaryKey(),
    organizationId: orgRef(),
    contactName: text('contact_name').notNull(),
    post: text('post'),
    phone: text('phone').notNull(),
    email: text('email'),
    remark: text('remark'),
    ...sortedStamped,
  },
  (t) => [index('org_contact_org_idx').on(t.organizationId)],
)

/** 资质: name, level (甲/乙/丙/其他), category, validity, front and back scans (file ids of the file service). */
export const orgQualification = pgTable(
  'org_qualification',
  {
    orgQualificationId: text('org_qualification_id').primaryKey(),
    organizationId: orgRef(),
    qualificationName: text('qualification_name').notNull(),
    level: text('level').notNull(),
    category: text('category').notNull(),
    certificateNo: text('certificate_no'),
    issuer: text('issuer'),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    frontFileId: text('front_file_id'),
    backFileId: text('back_file_id'),
    remark: text('remark'),
    ...sortedStamped,
  },
  (t) => [index('org_qualification_org_idx').on(t.organizationId), index('org_qualification_valid_to_idx').on(t.validTo)],
)

/** A group of accounts within a unit (e.g. 安全质量组). */
export const orgGroup = pgTable(
  'org_group',
  {
    orgGroupId: text('org_group_id').primaryKey(),
    organizationId: orgRef(),
    groupName: text('group_name').notNull(),
    remark: text('remark'),
    ...sortedStamped,
  },
  (t) => [uniqueIndex('org_group_name_uq').on(t.organizationId, t.groupName)],
)

/** An account in a group; `organizationId` is the group's (data scope). */
export const orgGroupAccount = pgTable(
  'org_group_account',
  {
    orgGroupAccountId: text('org_group_account_id').primaryKey(),
    orgGroupId: ownerRef('org_group_id', () => orgGroup.orgGroupId),
    accountId: ownerRef('account_id', () => account.accountId),
    organizationId: orgRef(),
    remark: text('remark'),
    ...sortedStamped,
  },
  (t) => [uniqueIndex('org_group_account_uq').on(t.orgGroupId, t.accountId), index('org_group_account_account_idx').on(t.accountId)],
)
