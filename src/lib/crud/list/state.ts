/** A list's search (filters, sort, page): the URL's, or a screen's own (a list inside a tab). */
import { useListSearch } from '../hooks'
import type { ListSearch } from '../search'

export interface ListState {
  search: ListSearch
  /** A user's change (a new history entry in the URL). */
  setSearch: (next: ListSearch) => void
  /** A correction (e.g. past the last page): replaces the URL's entry. */
  replaceSearch: (next: ListSearch) => void
}

/** The URL's list search, unless the screen keeps its own (`search` + `onSearchChange`). */
export function useListState(own?: { search?: ListSearch; onSearchChange?: (next: ListSearch) => void }): ListState {
  const [urlSearch, setUrlSearch] = useListSearch()
  if (own?.onSearchChange) {
    const set = own.onSearchChange
    return { search: own.search ?? urlSearch, setSearch: set, replaceSearch: set }
  }
  return {
    search: own?.search ?? urlSearch,
    setSearch: (next) => setUrlSearch(next),
    replaceSearch: (next) => setUrlSearch(next, { replace: true }),
  }
}
