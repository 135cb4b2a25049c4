/** The two account resources (general: every account of the units one sees; registered: project accounts). */
import { ACCOUNT_API, accountAdd, accountUpdate, registerAccountAdd, registerAccountUpdate, type Account } from '@/contract/schemas/account'
import { defineResource, type FormValues } from '@/lib/crud'
import { orgKeys } from '@/features/organization/queries'
import { generalAccountOffline, registerAccountOffline } from './offline'
import { accountKeys, type AccountKind } from './queries'

export type { AccountKind }

/** Edit form values: the list's cellphone is masked, so it starts empty (empty keeps the stored one). */
const toForm = (a: Account): FormValues => ({ ...a, cellphone: '' })

export const generalAccountResource = defineResource<Account>({
  key: accountKeys.list('general')[0],
  paths: ACCOUNT_API.general,
  idKey: 'accountId',
  addSchema: accountAdd,
  updateSchema: accountUpdate,
  entity: 'accounts.general.entity',
  nameOf: (a) => a.accountName,
  // and the unit's accounts (the organisation page's account pickers and counts)
  invalidates: [accountKeys.list('registered'), orgKeys.accounts(), orgKeys.limits()],
  toForm,
  // works offline (DESIGN §4): saves and deletes go through the outbox when the gateway cannot be reached
  offline: { entity: generalAccountOffline },
})

export const registerAccountResource = defineResource<Account>({
  key: accountKeys.list('registered')[0],
  paths: ACCOUNT_API.registered,
  idKey: 'accountId',
  addSchema: registerAccountAdd,
  updateSchema: registerAccountUpdate,
  entity: 'accounts.registered.entity',
  nameOf: (a) => a.accountName,
  invalidates: [accountKeys.list('general'), orgKeys.accounts(), orgKeys.limits()],
  toForm,
  offline: { entity: registerAccountOffline },
})

export const accountResource = (kind: AccountKind) => (kind === 'general' ? generalAccountResource : registerAccountResource)
