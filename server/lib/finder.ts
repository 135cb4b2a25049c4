/**
 * A finder: how one kind of record is found by the console's search (server/modules/search). It
 * lives in the module that owns the kind's table and is handed the caller's data scope, resolved
 * from the grant of the kind's page (SEARCH_MENU): the units it sees, or the projects.
 */
import { and } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { SearchHit, SearchKind } from '../../src/contract/schemas/search'
import type { Db } from '../db/client'
import { projectWhere } from './projectScope'
import { anyLike, matchRank } from './sql'

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

/** The columns of a record found by name or code in a project: its project, and its unit if it has one. */
export interface CodedColumns {
  id: AnyPgColumn
  name: AnyPgColumn
  code: AnyPgColumn
  projectId: AnyPgColumn
  organizationId?: AnyPgColumn
}

/** A finder of records named and coded in a project (the projects themselves too): by name or code, in the projects the caller sees. */
export function projectRecordFinder(kind: SearchKind, table: PgTable, c: CodedColumns): Finder {
  return {
    kind,
    byProject: true,
    async find(db, q, scope, limit) {
      const rows = (await db
        .select({
          id: c.id,
          name: c.name,
          detail: c.code,
          projectId: c.projectId,
          ...(c.organizationId && { organizationId: c.organizationId }),
        })
        .from(table)
        .where(and(anyLike(q, c.name, c.code), projectWhere(c.projectId, scope.projectIds)))
        .orderBy(...matchRank(q, c.name, c.code))
        .limit(limit)) as (Omit<SearchHit, 'kind' | 'organizationId'> & { organizationId?: string })[]
      return rows.map((r) => ({ kind, ...r, organizationId: r.organizationId ?? null }))
    },
  }
}
