/**
 * A list inside a panel (a sheet, a tab, a part of a screen): no heading of its own, and its search
 * (filters, sort, page) kept here, not in the URL, which is the screen's.
 */
import { useState } from 'react'
import { ListPage, type ListPageProps } from './ListPage'
import type { ListSearch } from './search'

export function PanelList<T extends object>(props: Omit<ListPageProps<T>, 'headerless' | 'search' | 'onSearchChange'>) {
  const [search, setSearch] = useState<ListSearch>({})
  return <ListPage {...props} headerless search={search} onSearchChange={setSearch} />
}
