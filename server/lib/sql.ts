/** Small SQL helpers shared by every module. */
import { asc, getTableName, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'

/** Escapes LIKE's wildcards (\ % _) in user text. */
/**
 * A column named with its table ("table"."column") whatever the statement: Drizzle writes the columns
 * of a statement without joins unqualified, also inside a correlated subquery, where a bare name may
 * then mean the subquery's own table (another module's SQL piece: orgNameOf, personNameOf…).
 */
export const qualified = (c: AnyColumn): SQL => sql`${sql.identifier(getTableName(c.table))}.${sql.identifier(c.name)}`

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/** A LIKE / ILIKE pattern: the text anywhere in the value, its wildcards taken literally. */
export const likeEscape = (s: string) => `%${escapeLike(s)}%`

/** A LIKE pattern: values that start with the text (can use a btree index on a "C"-collated column). */
export const likePrefix = (s: string) => `${escapeLike(s)}%`

/**
 * How well `columns` match `q`, for an ORDER BY: a value equal to it (case folded) first, then one
 * starting with it, then the rest — the shorter first.
 */
export const matchRank = (q: string, ...columns: AnyColumn[]): SQL[] => {
  const folded = q.toLowerCase()
  const best = (test: (c: AnyColumn) => SQL) => sql`(${sql.join(columns.map(test), sql` or `)}) desc`
  return [
    best((c) => sql`lower(${c}) = ${folded}`),
    best((c) => sql`${c} ilike ${likePrefix(q)}`),
    sql`length(${columns[0]!})`,
    asc(columns[0]!),
  ]
}

/** `column ilike %q%` for any of `columns` (a list's keyword). */
export const anyLike = (q: string, ...columns: (AnyColumn | SQL)[]): SQL => or(...columns.map((c) => ilike(c, likeEscape(q))))!

/** The rows of a raw statement, on either driver (PGlite and node-postgres both answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}
