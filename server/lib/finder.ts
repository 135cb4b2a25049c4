/**
 * A finder: how one kind of record is found by the console's search (server/modules/search). It
 * lives in the module that owns the kind's table and is handed the caller's data scope, resolved
 * from the grant of the kind's page (SEARCH_MENU): the units it sees, or the projects.
 */
import { and, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { SearchHit, SearchKind } from '../../src/contract/schemas/search'
import type { Db } from '../db/client'
import { inScope } from './orgScope'
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

/** How a finder finds its kind: the hit's columns, the columns that hold the text, the scope it keeps to. */
export interface FinderSpec {
  id: AnyPgColumn
  name: AnyPgColumn
  /** What the palette shows under the name (a code, a user name); none: null. */
  detail?: AnyPgColumn
  /** The record's unit (none: null) and project (none: null). */
  organizationId?: AnyPgColumn
  projectId?: AnyPgColumn
  /** The columns any of which may hold the text; default: the name and the detail. */
  match?: AnyPgColumn[]
  /** The columns whose exact and prefix matches come first; default: `match`. */
  rank?: AnyPgColumn[]
  /** The kind's own conditions (states). */
  where?: SQL[]
  /** The records of the units the caller sees (by `organizationId`), or of its projects (by `projectId`). */
  scope: 'units' | 'projects'
}

/** A finder of the rows of `table` whose `match` columns hold the text, in the caller's units or projects. */
export function recordFinder(kind: SearchKind, table: PgTable, spec: FinderSpec): Finder {
  const { id, name, detail, organizationId, projectId } = spec
  const columns = Object.fromEntries(Object.entries({ id, name, detail, organizationId, projectId }).filter(([, c]) => c)) as Record<
    string,
    AnyPgColumn
  >
  const match = spec.match ?? (detail ? [name, detail] : [name])
  const scoped = spec.scope === 'units' ? organizationId : projectId
  if (!scoped) throw new Error(`the ${kind} finder keeps to ${spec.scope} but names no column of it`)
  return {
    kind,
    byProject: spec.scope === 'projects',
    async find(db, q, scope, limit) {
      const rows = (await db
        .select(columns)
        .from(table)
        .where(
          and(
            anyLike(q, ...match),
            ...(spec.where ?? []),
            spec.scope === 'units' ? inScope(scoped, scope.orgIds) : projectWhere(scoped, scope.projectIds),
          ),
        )
        .orderBy(...matchRank(q, ...(spec.rank ?? match)))
        .limit(limit)) as { id: string; name: string; detail?: string | null; organizationId?: string | null; projectId?: string | null }[]
      return rows.map((r) => ({
        kind,
        ...r,
        detail: r.detail ?? null,
        organizationId: r.organizationId ?? null,
        projectId: r.projectId ?? null,
      }))
    },
  }
}
