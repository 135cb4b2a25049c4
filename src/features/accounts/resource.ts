/** The two account resources (general: every account of the units one sees; registered: project accounts). */
import { ACCOUNT_API, type Account } from '@/contract/schemas/account'
import { defineResource, type FormValues, type ResourceSchemas } from '@/lib/crud'
import type { OfflineEntity } from '@/lib/offline'
import { orgKeys } from '@/features/organization/queries'
import { generalAccountOffline, registerAccountOffline } from './offline'
import { accountKeys, type AccountKind } from './queries'

export type { AccountKind }

/** Edit form values: the list's cellphone is masked, so it starts empty (empty keeps the stored one). */
const toForm = (a: Account): FormValues => ({ ...a, cellphone: '' })

/** An account list's resource; a change refetches the other list too and the unit's accounts (the organisation page's account pickers and counts). */
const defineAccountResource = (kind: AccountKind, schemas: () => Promise<ResourceSchemas>, offline: OfflineEntity) =>
  defineResource<Account>({
    key: accountKeys.list(kind)[0],
    paths: ACCOUNT_API[kind],
    idKey: 'accountId',
    schemas,
    entity: `accounts.${kind}.entity`,
    nameOf: (a) => a.accountName,
    invalidates: [accountKeys.list(kind === 'general' ? 'registered' : 'general'), orgKeys.accounts(), orgKeys.limits()],
    toForm,
    // works offline (DESIGN §4): saves and deletes go through the outbox when the gateway cannot be reached
    offline: { entity: offline },
  })

const schemas = (kind: AccountKind) => () =>
  import('@/contract/schemas/account').then((m) =>
    kind === 'general' ? { add: m.accountAdd, update: m.accountUpdate } : { add: m.registerAccountAdd, update: m.registerAccountUpdate },
  )
export const generalAccountResource = defineAccountResource('general', schemas('general'), generalAccountOffline)
export const registerAccountResource = defineAccountResource('registered', schemas('registered'), registerAccountOffline)

export const accountResource = (kind: AccountKind) => (kind === 'general' ? generalAccountResource : registerAccountResource)
