/**
 * A unit's fields and those of its lists and groups (SPEC §3; declared once, issue 27): the forms
 * follow these lists, the schemas (../schemas/org.ts) take the names' and texts' bounds from them (the
 * codes, numbers and addresses of SPEC §5 have their own rules in ../rules.ts, whose lengths these repeat).
 */
import { defineFields } from '../fields'

export const ORG_FIELDS = defineFields('organization.field', [
  // basic
  { key: 'organizationName', kind: 'text', max: 100, format: 'name', required: true, form: { wide: true } },
  { key: 'shortName', kind: 'text', max: 30, format: 'name', form: true },
  { key: 'organizationTypeId', kind: 'choice', source: 'organizationType', required: true, form: true },
  { key: 'creditCode', kind: 'text', max: 18, form: { wide: true, hint: 'organization.hint.creditCode' } },
  { key: 'legalPerson', kind: 'text', max: 30, format: 'name', form: true },
  { key: 'sort', kind: 'number', precision: 0, min: 1, required: true, default: 1, form: true },
  { key: 'status', kind: 'switch', numeric: true, default: 1, form: { hint: 'organization.hint.status' } },
  // contact
  { key: 'contactPerson', kind: 'text', max: 30, format: 'name', form: true },
  { key: 'contactPhone', kind: 'text', max: 20, format: 'tel', form: true },
  { key: 'email', kind: 'text', max: 100, form: true },
  { key: 'fax', kind: 'text', max: 20, form: true },
  { key: 'website', kind: 'text', max: 200, form: { wide: true, placeholder: 'www.example.cn' } },
  { key: 'address', kind: 'text', max: 200, form: { wide: true } },
  // finance
  { key: 'depositBank', kind: 'text', max: 60, form: true },
  { key: 'bankAccount', kind: 'text', max: 40, form: true },
  { key: 'taxCode', kind: 'text', max: 20, form: { wide: true } },
])

/** Qualification levels 甲/乙/丙/其他 and categories (SPEC §3). */
export const QUALIFICATION_LEVELS = ['first', 'second', 'third', 'other'] as const
export const QUALIFICATION_CATEGORIES = ['design', 'supervision', 'consulting', 'construction', 'testing', 'other'] as const

// ---- a unit's lists, saved as a whole -------------------------------------------------------

export const ORG_LISTING_FIELDS = defineFields('organization.listing', [
  { key: 'institutionName', kind: 'text', max: 100, format: 'name', required: true, form: true },
  { key: 'stockCode', kind: 'text', max: 12, form: true },
  { key: 'listingDate', kind: 'date', form: true },
  { key: 'remark', kind: 'text', max: 200, form: true },
])

export const ORG_COWORK_FIELDS = defineFields('organization.cowork', [
  { key: 'coworkName', kind: 'text', max: 100, format: 'name', required: true, form: true },
  { key: 'creditCode', kind: 'text', max: 18, form: true },
  { key: 'contactPerson', kind: 'text', max: 30, format: 'name', form: true },
  { key: 'contactPhone', kind: 'text', max: 20, format: 'tel', form: true },
  { key: 'remark', kind: 'text', max: 200, form: true },
])

export const ORG_CONTACT_FIELDS = defineFields('organization.contact', [
  { key: 'contactName', kind: 'text', max: 30, format: 'name', required: true, form: true },
  { key: 'post', kind: 'text', max: 30, form: true },
  { key: 'phone', kind: 'text', max: 20, format: 'tel', required: true, form: true },
  { key: 'email', kind: 'text', max: 100, form: true },
  { key: 'remark', kind: 'text', max: 200, form: true },
])

/** The scans of the certificate (front, back) are uploads of the form's own. */
export const ORG_QUALIFICATION_FIELDS = defineFields('organization.qualification', [
  {
    key: 'qualificationName',
    label: 'organization.qualification.name',
    kind: 'text',
    max: 100,
    format: 'name',
    required: true,
    form: { wide: true },
  },
  {
    key: 'level',
    kind: 'choice',
    options: QUALIFICATION_LEVELS,
    optionLabels: 'organization.qualification.levels',
    required: true,
    form: true,
  },
  {
    key: 'category',
    kind: 'choice',
    options: QUALIFICATION_CATEGORIES,
    optionLabels: 'organization.qualification.categories',
    required: true,
    form: true,
  },
  { key: 'certificateNo', kind: 'text', max: 50, form: true },
  { key: 'issuer', kind: 'text', max: 100, format: 'name', form: true },
  { key: 'validFrom', kind: 'date', required: true, form: true },
  { key: 'validTo', kind: 'date', required: true, form: true },
  { key: 'remark', kind: 'text', max: 200 },
])

// ---- groups of accounts ---------------------------------------------------------------------

export const ORG_GROUP_FIELDS = defineFields('organization.group', [
  { key: 'groupName', kind: 'text', max: 30, format: 'name', required: true, form: { wide: true } },
  { key: 'sort', kind: 'number', precision: 0, min: 1, required: true, default: 1, form: true },
  { key: 'remark', kind: 'text', max: 200, multiline: true, form: true },
])

export const ORG_GROUP_ACCOUNT_FIELDS = defineFields('organization.group', [
  { key: 'accountId', label: 'organization.group.account', kind: 'choice', source: 'account', required: true, form: { wide: true } },
  { key: 'remark', kind: 'text', max: 200, multiline: true, form: true },
])
