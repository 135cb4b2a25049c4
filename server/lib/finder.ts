/**
 * A finder: how one kind of record is found by the console's search (server/modules/search). It
 * lives in the module that owns the kind's table and is handed the caller's data scope, resolved
 * from the grant of the kind's page (SEARCH_MENU): the units it sees, or the projects.
 */
import type { SearchHit, SearchKind } from '../../src/contract/schemas/search'
import type { Db } from '../db/client'

export interface FinderScope {
  /** The units the caller sees under the page's data scope; null: every unit. */
  orgIds: string[] | null
  /** The projects the caller sees; null: every project. Resolved only for finders that ask for it. */
  projectIds: string[] | null
}

export interface Finder {
  kind: SearchKind
  /** Whether it needs `projectIds` (it costs a query). */
  byProject?: boolean
  /** Up to `limit` records whose name (or code) holds `q`, within `scope`; exact and prefix matches first. */
  find(db: Db, q: string, scope: FinderScope, limit: number): Promise<SearchHit[]>
}
