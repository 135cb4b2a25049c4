/**
 * A select whose head — its columns, FROM and joins — is written once, not on every request.
 *
 * Drizzle builds a statement's text from its parts on every run. A list's head is the largest part
 * and never changes: the staff list selects 30 columns, two subqueries and two joins, and building
 * it was most of the gateway's own work on a signed list page under load (its CPU profile: Drizzle's
 * building a fifth of the request's time, `is()` checks alone 7 %). `headOf` writes the head once;
 * `runHead` builds only what follows it (WHERE, ORDER BY, LIMIT: a few parts) and runs the two as one
 * statement through Drizzle's own session, rows decoded as its select would (same columns, same
 * decoders) by a mapper made once.
 *
 * A head with parameters of its own (a value bound in a join or a selected expression) is not kept
 * (`headOf` gives null: the caller builds the whole statement as before): the tail's parameters are
 * numbered from $1.
 */
import { Column, is, sql, SQL, Subquery } from 'drizzle-orm'
import type { PgDialect, PgSelect } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client'

type Row = Record<string, unknown>

export interface Head {
  /** `select … from … <joins>`, without parameters. */
  text: string
  /** Array rows to records, each value through its field's decoder. */
  map: (rows: unknown[][]) => Row[]
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown
}

/** The decoder Drizzle's select uses for a selected field (a column, or an expression's `decoder`, internal to Drizzle). */
function decoderOf(field: unknown): Decoder {
  const decoder = (s: unknown) => (s as { decoder: Decoder }).decoder
  if (is(field, Column)) return field
  if (is(field, SQL)) return decoder(field)
  if (is(field, Subquery)) return decoder(field._.sql)
  return decoder((field as SQL.Aliased).sql)
}

/**
 * The head of `query` (a select with its joins, no WHERE, ORDER BY or LIMIT yet); null when it binds
 * values or selects nested objects (`{ a: table }`: left to Drizzle's own mapping).
 */
export function headOf(query: PgSelect): Head | null {
  const { sql: text, params } = query.toSQL()
  const fields = Object.entries(query._.selectedFields as Record<string, unknown>)
  // Drizzle's own ordering of fields is internal; a flat selection's is its keys' order
  if (params.length || !fields.every(([, f]) => is(f, Column) || is(f, SQL) || is(f, SQL.Aliased) || is(f, Subquery))) return null
  const keys = fields.map(([key]) => key)
  const decoders = fields.map(([, f]) => decoderOf(f))
  const map = (rows: unknown[][]) =>
    rows.map((r) => {
      const row: Row = {}
      for (let i = 0; i < keys.length; i++) {
        const v = r[i]
        row[keys[i]!] = v === null || v === undefined ? null : decoders[i]!.mapFromDriverValue(v)
      }
      return row
    })
  return { text, map }
}

/** Runs `head` followed by `tail` (where, order by, limit…) as one statement on `db` (a transaction too). */
export async function runHead(db: Db, head: Head, tail: SQL): Promise<Row[]> {
  const internal = db as unknown as { dialect: PgDialect; _: { session: Db['_']['session'] } }
  const built = internal.dialect.sqlToQuery(sql`${sql.raw(head.text)} ${tail}`)
  // no fields: the mapper decodes the rows, which come as arrays
  const query = internal._.session.prepareQuery(built, undefined, undefined, true, (rows) => head.map(rows))
  return (await query.execute()) as Row[]
}
