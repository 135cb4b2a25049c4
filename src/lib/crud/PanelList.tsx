/**
 * A list inside a panel (a sheet, a tab, a part of a screen): no heading of its own, and its search
 * (filters, sort, page) kept here, not in the URL, which is the screen's.
 */
import { useState } from 'react'
import { ListPage, type ListPageProps } from './ListPage'
import type { ListSearch } from './search'

export type PanelListProps<T extends object> = Omit<ListPageProps<T>, 'headerless' | 'search' | 'onSearchChange'> & {
  /** The page size it opens with, where the SPEC sets one (the project organisations: 15); the user's choice then. */
  defaultPageSize?: number
}

export function PanelList<T extends object>({ defaultPageSize, ...props }: PanelListProps<T>) {
  const [search, setSearch] = useState<ListSearch>(defaultPageSize ? { pageSize: defaultPageSize } : {})
  return <ListPage {...props} headerless search={search} onSearchChange={setSearch} />
}
