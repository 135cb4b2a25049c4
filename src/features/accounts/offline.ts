/**
 * General and registered accounts as the outbox carries them (DESIGN §4): add, edit, delete and
 * enable / stop, each one entry per account. A new account's initial password stays in the
 * outbox only until the add reaches the gateway, and is never exported.
 */
import { maskCellphone } from '@/contract/masks'
import { ACCOUNT_API } from '@/contract/endpoints'
import { offlineFields } from '@/contract/fields'
import { ACCOUNT_FIELDS } from '@/contract/fields/account'
import { localeStore, translate } from '@/lib/i18n'
import { orgKeys } from '@/features/organization/queries'
import { crudEntity, type CrudEntityDef } from '@/lib/offline/entities'
import { accountKeys } from './queries'

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v))

const common = {
  idKey: 'accountId',
  titleOf: (d: Record<string, unknown>) => text(d.accountName) || text(d.userName),
  toLocal: (d: Record<string, unknown>) => {
    const { password: _p, confirmPassword: _c, ...rest } = d
    return { ...rest, cellphone: maskCellphone((d.cellphone as string | null | undefined) ?? null) }
  },
  secret: ['password', 'confirmPassword'],
  // the declared ones (contract/fields/account.ts); the cellphone masked
  fields: offlineFields(ACCOUNT_FIELDS, (key, params) => translate(localeStore.get(), key, params)).map((f) =>
    f.key === 'cellphone' ? { ...f, format: (v: unknown) => maskCellphone(text(v) || null) ?? '' } : f,
  ),
  invalidates: [accountKeys.list('general'), accountKeys.list('registered'), orgKeys.accounts(), orgKeys.limits(), accountKeys.histories()],
} satisfies Partial<CrudEntityDef>

/** enable / stop: POST enable `{ ids: [id], enable }`; the local copy shows the new status; the answer carries the new version. */
const enableOp = (path: string) => ({
  steps: (id: string, p: Record<string, unknown>) => [{ method: 'post' as const, path, body: { ids: [id], enable: p.enable === true } }],
  apply: (prev: Record<string, unknown> | null, p: Record<string, unknown>) => ({
    ...(prev ?? {}),
    status: p.enable === true ? 'normal' : 'stopped',
  }),
  // the answer: { updated, versions: { [accountId]: version } }
  versionOf: (id: string, data: unknown) => {
    const v = (data as { versions?: Record<string, unknown> } | null)?.versions?.[id]
    return typeof v === 'number' ? v : null
  },
})

/** An account level's outbox entity: the common parts, its paths and its enable / stop. */
const accountOffline = (entity: string, label: string, paths: typeof ACCOUNT_API.general | typeof ACCOUNT_API.registered) =>
  crudEntity({ ...common, entity, label, paths, ops: { enable: enableOp(paths.enable) } })

export const generalAccountOffline = accountOffline('generalAccount', 'accounts.general.entity', ACCOUNT_API.general)
export const registerAccountOffline = accountOffline('registerAccount', 'accounts.registered.entity', ACCOUNT_API.registered)
