/**
 * A unit's fields (SPEC §3; declared once, issue 27): the form follows this list, the schema
 * (../schemas/org.ts) takes the names' and the address's bounds from it (the codes, numbers and
 * addresses of SPEC §5 have their own rules in ../rules.ts, whose lengths these repeat).
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
