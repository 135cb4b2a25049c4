/** The two account resources (general: every account of the units one sees; registered: project accounts). */
import type { z } from 'zod'
import { ACCOUNT_API, accountAdd, accountUpdate, registerAccountAdd, registerAccountUpdate, type Account } from '@/contract/schemas/account'
import { defineResource, type FormValues } from '@/lib/crud'
import type { OfflineEntity } from '@/lib/offline'
import { orgKeys } from '@/features/organization/queries'
import { generalAccountOffline, registerAccountOffline } from './offline'
import { accountKeys, type AccountKind } from './queries'

export type { AccountKind }

/** Edit form values: the list's cellphone is masked, so it starts empty (empty keeps the stored one). */
const toForm = (a: Account): FormValues => ({ ...a, cellphone: '' })

/** An account list's resource; a change refetches the other list too and the unit's accounts (the organisation page's account pickers and counts). */
const defineAccountResource = (kind: AccountKind, addSchema: z.ZodType, updateSchema: z.ZodType, offline: OfflineEntity) =>
  defineResource<Account>({
    key: accountKeys.list(kind)[0],
    paths: ACCOUNT_API[kind],
    idKey: 'accountId',
    addSchema,
    updateSchema,
    entity: `accounts.${kind}.entity`,
    nameOf: (a) => a.accountName,
    invalidates: [accountKeys.list(kind === 'general' ? 'registered' : 'general'), orgKeys.accounts(), orgKeys.limits()],
    toForm,
    // works offline (DESIGN §4): saves and deletes go through the outbox when the gateway cannot be reached
    offline: { entity: offline },
  })

export const generalAccountResource = defineAccountResource('general', accountAdd, accountUpdate, generalAccountOffline)
export const registerAccountResource = defineAccountResource(
  'registered',
  registerAccountAdd,
  registerAccountUpdate,
  registerAccountOffline,
)

export const accountResource = (kind: AccountKind) => (kind === 'general' ? generalAccountResource : registerAccountResource)
