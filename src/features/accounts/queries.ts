/**
 * Query keys and options of the accounts area, the one place they are written: the two account
 * lists (each under its resource's key) and an account's change history. Public (with ./index.ts):
 * other areas import `@/features/accounts/queries`.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { Page } from '@/contract'
import { ACCOUNT_API } from '@/contract/endpoints'
import type { Account, AccountChange } from '@/contract/schemas/account'
import { listPageQueryOptions } from '@/lib/crud/queries'
import type { ListSearch } from '@/lib/crud/search'
import { http } from '@/lib/http'

export type AccountKind = 'general' | 'registered'

export const accountKeys = {
  /** Everything of a kind's accounts (its resource's key). */
  list: (kind: AccountKind) => [kind === 'general' ? 'generalAccount' : 'registerAccount'] as const,
  /** Every account's change history; one page of one account's. */
  histories: () => ['accountHistory'] as const,
  history: (kind: AccountKind, accountId: string | null, pageIndex: number, pageSize: number) =>
    [...accountKeys.histories(), kind, accountId, pageIndex, pageSize] as const,
}

/** A kind's account list page for a list search (`extra`: e.g. the unit of the organisation page's tab). */
export const accountListPageQueryOptions = (kind: AccountKind, search: ListSearch, extra?: Record<string, string>) =>
  listPageQueryOptions<Account>({ key: accountKeys.list(kind)[0], paths: ACCOUNT_API[kind] }, search, extra)

export const accountHistoryQueryOptions = (kind: AccountKind, accountId: string | null, pageIndex: number, pageSize = 10) =>
  queryOptions({
    queryKey: accountKeys.history(kind, accountId, pageIndex, pageSize),
    queryFn: ({ signal }) =>
      http.get<Page<AccountChange>>(ACCOUNT_API[kind].listDetailPage, { accountId: accountId!, pageIndex, pageSize }, { signal }),
    placeholderData: keepPreviousData,
  })
