/**
 * Organisations (units), their types, listing / co-office institutions, contacts, qualifications,
 * account groups and account limits (SPEC §3, §4, §7 "Organisation", §9). One definition for the
 * console's forms and the gateway's validation.
 *
 * Calls (base /api/admin/v1, see ORG_API):
 *   org:        GET listPage (orgListQuery) → Page<Organization>; GET list → Organization[] (≤ 5000)
 *               POST add (orgAdd) / PUT update (orgUpdate) / POST delete form ids (refused 20021 while
 *               the unit has child units, accounts or roles)
 *               GET listTree?nodeId&nodeType → OrgTreeNode[] (lazy: none → unit types (1); a type → its
 *                   child types and top units (2); a unit → child units and its roles (3))
 *               GET listByKeyword?keyword → OrgKeywordResult (matching units under their type, ≤ 200)
 *               GET listOrgNodeByOrgIds?orgIds=a,b → OrgNode[]
 *               GET listOrgAndDeptTreeByOrgIds?orgIds=a,b → OrgDeptNode[] (each unit with its child
 *                   units and departments, recursively); GET getOrgAndDeptTreeByOrgIds → OrgDeptNode (one root)
 *               GET getByUserId?userId → Organization (of a person, or of an account)
 *               GET addRules → OrgAddRules (what the caller's data scope lets it add)
 *   orgType:    GET listTree → OrgTypeNode[]; GET list → OrgType[]   (any signed-in account: a dictionary)
 *   orgListing | orgCowork | orgContact | orgQualification:
 *               GET list?organizationId → items; POST delete form ids;
 *               POST addFullByOrgId { organizationId, items } replaces the unit's whole list (all or
 *               nothing; repeated items → 20001 `v.repeat:<item>`) → the new list
 *   orgGroup:   the five resource calls (organizationId in the payload / filter)
 *   orgGroupAccount: the five resource calls (orgGroupId; the account must be visible)
 *   orgAccount: GET listPage (orgAccountListQuery) → Page<OrgAccountRow>; POST setAccountLimit;
 *               GET listAccounts?organizationId → OrgAccountOption[] (accounts of the unit and its child units, for groups)
 *   orgSearch:  GET listPage (orgSearchQuery) → Page<OrgSearchRow>  (units by name / credit code, within scope)
 *   org import/export (importExportPaths('org')): template, import (orgImportRow per row), importStatus, export
 */
import { z } from 'zod'
import { maxima } from '../fields'
import {
  ORG_CONTACT_FIELDS,
  ORG_COWORK_FIELDS,
  ORG_FIELDS,
  ORG_GROUP_ACCOUNT_FIELDS,
  ORG_GROUP_FIELDS,
  ORG_LISTING_FIELDS,
  ORG_QUALIFICATION_FIELDS,
  QUALIFICATION_CATEGORIES,
  QUALIFICATION_LEVELS,
} from '../fields/org'
import {
  V,
  bankAccount,
  bankName,
  creditCode,
  email,
  fax,
  filterText,
  isoDate,
  name,
  noRepeats,
  optional,
  optionalText,
  sortCode,
  taxCode,
  tel,
  text,
  website,
} from '../rules'
import { id, idList, listQuery, type Stamped, recordSchemas } from './common'

export { ORG_API, ORG_SUBLISTS, sublistPaths, type OrgSublist } from '../endpoints'

/** Node types of the unit tree (SPEC §9): unit type 1, unit 2, role 3. */
export const ORG_NODE = { unitType: 1, unit: 2, role: 3 } as const
export type OrgNodeType = (typeof ORG_NODE)[keyof typeof ORG_NODE]

const status = () => z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)], { error: V.invalid }))
const optionalName = (max: number) => optional(name(max))
/** Bounds as declared (../fields/org.ts). */
const ORG = maxima(ORG_FIELDS)
const LISTING = maxima(ORG_LISTING_FIELDS)
const COWORK = maxima(ORG_COWORK_FIELDS)
const CONTACT = maxima(ORG_CONTACT_FIELDS)
const QUALIFICATION = maxima(ORG_QUALIFICATION_FIELDS)
const GROUP = maxima(ORG_GROUP_FIELDS)
const GROUP_ACCOUNT = maxima(ORG_GROUP_ACCOUNT_FIELDS)

// ---- organisation -----------------------------------------------------------------------

/** Every field of SPEC §3 a user edits; the form and the gateway share this. */
export const {
  fields: orgFields,
  add: orgAdd,
  update: orgUpdate,
} = recordSchemas(
  {
    organizationName: name(ORG.organizationName),
    shortName: optionalName(ORG.shortName),
    creditCode: optional(creditCode()),
    organizationTypeId: id(),
    status: status().default(1),
    legalPerson: optionalName(ORG.legalPerson),
    contactPerson: optionalName(ORG.contactPerson),
    contactPhone: optional(tel()),
    address: optionalText(ORG.address),
    email: optional(email()),
    fax: optional(fax()),
    website: optional(website()),
    depositBank: optional(bankName()),
    bankAccount: optional(bankAccount()),
    taxCode: optional(taxCode()),
    /** The parent unit; none: a top unit (only with the data scope "all"). */
    parentId: optional(id()),
    sort: sortCode().default(1),
  },
  'organizationId',
)

export const orgListQuery = listQuery.extend({
  organizationId: z.uuid().optional(),
  /** Name, short name or credit code contains. */
  keyword: filterText(100),
  organizationName: filterText(ORG.organizationName),
  creditCode: filterText(ORG.creditCode),
  organizationTypeId: z.uuid().optional(),
  parentId: z.uuid().optional(),
  status: status().optional(),
})

/**
 * One row of the organisation import (Excel, `org/import`): the type and the parent unit by name,
 * the rest as in the form.
 */
export const orgImportRow = orgFields.omit({ organizationTypeId: true, parentId: true, status: true }).extend({
  organizationTypeName: name(30),
  parentName: optionalName(100),
})

export type OrgFields = z.infer<typeof orgFields>
export interface Organization extends Stamped {
  organizationId: string
  organizationName: string
  shortName: string | null
  creditCode: string | null
  organizationTypeId: string | null
  organizationTypeName: string | null
  status: number
  legalPerson: string | null
  contactPerson: string | null
  contactPhone: string | null
  address: string | null
  email: string | null
  fax: string | null
  website: string | null
  depositBank: string | null
  bankAccount: string | null
  taxCode: string | null
  parentId: string | null
  parentName: string | null
  accountLimit: number | null
  sort: number
  childCount: number
}

// ---- the unit tree ------------------------------------------------------------------------

export const orgTreeQuery = z.object({
  nodeId: z.uuid({ error: V.invalid }).optional(),
  nodeType: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: V.invalid }))
    .optional(),
})

export interface OrgTreeNode {
  nodeId: string
  nodeName: string
  nodeType: OrgNodeType
  /** 1: has children to load, 0: a leaf. */
  hasChild: 0 | 1
  organizationId?: string
  organizationTypeId?: string
  organizationTypeName?: string
  /** Short name (units) or remark (roles). */
  nodeNameExt?: string | null
  /** Keyword search: the matching units under their type. */
  children?: OrgTreeNode[]
}

export const KEYWORD_LIMIT = 200
/** The longest keyword of the tree's search. */
export const ORG_KEYWORD_MAX = 100
export const orgKeywordQuery = z.object({ keyword: text(ORG_KEYWORD_MAX) })
export interface OrgKeywordResult {
  /** Unit types (nodeType 1) with the matching units (nodeType 2) as children. */
  nodes: OrgTreeNode[]
  /** How many units match in all (may exceed those answered). */
  total: number
  /** More matched than answered (KEYWORD_LIMIT): narrow the keyword. */
  truncated: boolean
}

export const orgIdsQuery = z.object({ orgIds: idList() })
export const byUserIdQuery = z.object({ userId: z.uuid({ error: V.invalid }) })

/** Organisation tree node (SPEC §3): category 1 organisation, 2 department. */
export interface OrgDeptNode {
  nodeId: string
  category: 1 | 2
  organizationId: string
  organizationName: string
  organizationTypeId: string | null
  organizationTypeName: string | null
  departmentId?: string
  departmentName?: string
  children: OrgDeptNode[]
}
export type OrgNode = Omit<OrgDeptNode, 'children'>

/**
 * org/addRules: what the caller may add. A new unit goes under a parent unit the caller sees;
 * a top unit (no parent) takes the data scope "all" on the organisation menu.
 */
export interface OrgAddRules {
  topUnits: boolean
}

// ---- unit types --------------------------------------------------------------------------

export interface OrgType {
  organizationTypeId: string
  parentId: string | null
  typeName: string
  typeCode: string
  sort: number
}
export interface OrgTypeNode extends OrgType {
  children: OrgTypeNode[]
}

// ---- sub-lists ------------------------------------------------------------------------------

export const orgListingItem = z.object({
  orgListingId: id().optional(),
  institutionName: name(LISTING.institutionName),
  stockCode: optional(
    z
      .string()
      .trim()
      .regex(new RegExp(`^[0-9A-Za-z.]{1,${LISTING.stockCode}}$`), { error: V.invalid }),
  ),
  listingDate: optional(isoDate()),
  remark: optionalText(LISTING.remark),
})
export const orgCoworkItem = z.object({
  orgCoworkId: id().optional(),
  coworkName: name(COWORK.coworkName),
  creditCode: optional(creditCode()),
  contactPerson: optionalName(COWORK.contactPerson),
  contactPhone: optional(tel()),
  remark: optionalText(COWORK.remark),
})
export const orgContactItem = z.object({
  orgContactId: id().optional(),
  contactName: name(CONTACT.contactName),
  post: optionalText(CONTACT.post),
  phone: tel(),
  email: optional(email()),
  remark: optionalText(CONTACT.remark),
})
export const orgQualificationItem = z
  .object({
    orgQualificationId: id().optional(),
    qualificationName: name(QUALIFICATION.qualificationName),
    level: z.enum(QUALIFICATION_LEVELS, { error: V.required }),
    category: z.enum(QUALIFICATION_CATEGORIES, { error: V.required }),
    certificateNo: optional(
      z
        .string()
        .trim()
        .max(QUALIFICATION.certificateNo, { error: `${V.tooLong}:${QUALIFICATION.certificateNo}` })
        .regex(/^[\p{L}\p{N}\-()（）]+$/u, { error: V.invalid }),
    ),
    issuer: optionalName(QUALIFICATION.issuer),
    validFrom: isoDate(),
    validTo: isoDate(),
    frontFileId: optional(id()),
    backFileId: optional(id()),
    remark: optionalText(QUALIFICATION.remark),
  })
  .refine((q) => !q.validFrom || !q.validTo || q.validTo >= q.validFrom, { path: ['validTo'], error: V.dateOrder })

/** The key that may not repeat within a unit's list (the repeat message names it). */
export const SUBLIST_KEY = {
  orgListing: (i: { institutionName?: string }) => i.institutionName ?? '',
  orgCowork: (i: { coworkName?: string }) => i.coworkName ?? '',
  orgContact: (i: { contactName?: string; phone?: string }) => (i.contactName && i.phone ? `${i.contactName} ${i.phone}` : ''),
  orgQualification: (i: { qualificationName?: string }) => i.qualificationName ?? '',
} as const

const fullBody = <S extends z.ZodType>(item: S, key: (i: z.infer<S>) => string) =>
  z.object({
    organizationId: id(),
    items: z
      .array(item)
      .max(200, { error: `${V.tooLong}:200` })
      .superRefine(noRepeats(key)),
  })

export const orgListingFull = fullBody(orgListingItem, SUBLIST_KEY.orgListing)
export const orgCoworkFull = fullBody(orgCoworkItem, SUBLIST_KEY.orgCowork)
export const orgContactFull = fullBody(orgContactItem, SUBLIST_KEY.orgContact)
export const orgQualificationFull = fullBody(orgQualificationItem, SUBLIST_KEY.orgQualification)
export const sublistQuery = z.object({ organizationId: z.uuid({ error: V.invalid }) })

interface SubRecord extends Stamped {
  organizationId: string
  sort: number
}
export type OrgListing = z.infer<typeof orgListingItem> & SubRecord & { orgListingId: string }
export type OrgCowork = z.infer<typeof orgCoworkItem> & SubRecord & { orgCoworkId: string }
export type OrgContact = z.infer<typeof orgContactItem> & SubRecord & { orgContactId: string }
export type OrgQualification = z.infer<typeof orgQualificationItem> &
  SubRecord & {
    orgQualificationId: string
    /** Signed URLs of the scans (file service), null when none or not visible. */
    frontUrl: string | null
    backUrl: string | null
    frontMime: string | null
    backMime: string | null
  }

// ---- groups and their accounts --------------------------------------------------------------

export const {
  fields: orgGroupFields,
  add: orgGroupAdd,
  update: orgGroupUpdate,
} = recordSchemas(
  {
    organizationId: id(),
    groupName: name(GROUP.groupName),
    remark: optionalText(GROUP.remark),
    sort: sortCode().default(1),
  },
  'orgGroupId',
)
export const orgGroupListQuery = listQuery.extend({
  organizationId: z.uuid().optional(),
  groupName: filterText(GROUP.groupName),
})
export interface OrgGroup extends z.infer<typeof orgGroupFields>, Stamped {
  orgGroupId: string
  accountCount: number
}

export const {
  fields: orgGroupAccountFields,
  add: orgGroupAccountAdd,
  update: orgGroupAccountUpdate,
} = recordSchemas(
  {
    orgGroupId: id(),
    accountId: id(),
    remark: optionalText(GROUP_ACCOUNT.remark),
    sort: sortCode().default(1),
  },
  'orgGroupAccountId',
)
export const orgGroupAccountListQuery = listQuery.extend({ orgGroupId: z.uuid().optional(), organizationId: z.uuid().optional() })
export interface OrgGroupAccount extends z.infer<typeof orgGroupAccountFields>, Stamped {
  orgGroupAccountId: string
  organizationId: string
  accountName: string
  userName: string | null
  accountOrganizationName: string | null
}

// ---- account limits ---------------------------------------------------------------------------

export const orgAccountListQuery = listQuery.extend({
  keyword: filterText(100),
  parentId: z.uuid().optional(),
  /** A unit and its direct child units. */
  unitId: z.uuid().optional(),
})
export interface OrgAccountRow {
  organizationId: string
  organizationName: string
  organizationTypeName: string | null
  accountLimit: number | null
  accountCount: number
}
export const setAccountLimitBody = z.object({
  organizationId: id(),
  /** Empty or null: no limit. */
  accountLimit: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce
      .number({ error: V.invalid })
      .refine((n) => Number.isInteger(n) && n >= 0 && n <= 100000, { error: V.invalid })
      .nullable(),
  ),
})

export interface OrgAccountOption {
  accountId: string
  accountName: string
  userName: string | null
  organizationName: string | null
}

// ---- platform search --------------------------------------------------------------------------

export const orgSearchQuery = listQuery.extend({
  /** Name, short name or credit code contains. */
  keyword: filterText(100),
  organizationTypeId: z.uuid().optional(),
})
export interface OrgSearchRow {
  organizationId: string
  organizationName: string
  shortName: string | null
  creditCode: string | null
  organizationTypeName: string | null
  status: number
}
