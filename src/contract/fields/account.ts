/**
 * An account's fields (declared once, issue 27): the add / edit form and the outbox's view follow this
 * list, the schemas (../schemas/account.ts) take their bounds from it. The password, its confirmation, the project
 * department and the roles are fields of the form's own.
 */
import { ACCOUNT_LEVELS, ACCOUNT_NAME_MAX, PHONE_LENGTH } from '../enums'
import { defineFields } from '../fields'

export const ACCOUNT_FIELDS = defineFields('accounts.field', [
  /** Never changes after the account is created. */
  { key: 'accountName', kind: 'text', max: ACCOUNT_NAME_MAX, required: true, form: { hint: 'accounts.accountNameHint' }, offline: true },
  { key: 'userName', kind: 'text', max: 30, format: 'name', required: true, form: true, offline: true },
  { key: 'cellphone', kind: 'text', max: PHONE_LENGTH, form: true, offline: true },
  { key: 'email', kind: 'text', max: 100, form: true, offline: true },
  { key: 'organizationId', label: 'accounts.field.organization', kind: 'choice', source: 'organization', required: true, form: true },
  /** General accounts only. */
  {
    key: 'level',
    kind: 'choice',
    options: ACCOUNT_LEVELS,
    optionLabels: 'accounts.level',
    required: true,
    default: 'general',
    form: true,
    offline: true,
  },
  { key: 'validUntil', kind: 'date', form: { hint: 'accounts.period.hint' }, offline: true },
  /** General accounts only. */
  { key: 'passwordValidUntil', kind: 'date', form: { hint: 'accounts.period.pwdHint' } },
  /** Registered accounts only. */
  { key: 'phoneLoginEnabled', label: 'accounts.field.phoneLogin', kind: 'switch', default: true, form: true },
])

/** The review of an account or a staff record: rejecting needs a reason. */
export const REVIEW_FIELDS = defineFields('accounts.audit', [
  { key: 'reason', kind: 'text', max: 200, multiline: true, required: true, form: true },
])
