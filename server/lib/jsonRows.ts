/**
 * Many rows read as one JSON text the database builds (`json_agg` of an array per row), decoded
 * as Drizzle decodes a row. A row read the usual way is decoded field by field by the driver (on
 * the embedded database, PGlite's protocol reader in JavaScript) and mapped column by column: a
 * 2,000-person staff page took 60–75 ms so against 21–24 ms as one JSON text.
 *
 * Only selections whose JSON form is what the driver gives qualify (`jsonPlan` answers null
 * otherwise, and the caller reads rows): columns of the types below, and SQL expressions declared
 * with `jsonSafe` (text, integer, boolean or json). Dates and timestamps go as their text, the
 * text the driver reads, and are mapped by their column as then.
 */
import { Column, SQL, is, sql } from 'drizzle-orm'

/** Column types whose JSON value is the driver's value. */
const NATIVE = new Set([
  'PgText',
  'PgVarchar',
  'PgChar',
  'PgUUID',
  'PgInteger',
  'PgSmallInt',
  'PgSerial',
  'PgBoolean',
  'PgEnumColumn',
  'PgJson',
  'PgJsonb',
])
/** Column types the driver reads as text (Drizzle's parsers): sent as `::text`. */
const AS_TEXT = new Set(['PgDateString', 'PgDate', 'PgTimestamp', 'PgTimestampString'])

const safe = new WeakSet<SQL>()

/** Declares an SQL expression's JSON value the driver's value (its type text, integer, boolean or json). */
export function jsonSafe<T>(expr: SQL<T>): SQL<T> {
  safe.add(expr)
  return expr
}

type Decode = (v: unknown) => unknown

export interface JsonPlan {
  /** The selection to build the query with: each field under a name of its own. */
  fields: Record<string, SQL.Aliased>
  /**
   * The statement over that query (ordered and limited): one row, one text column `rows`. The
   * aggregate takes the rows as the query gives them, in its order (an aggregate over a sorted
   * subquery, the order PostgreSQL keeps; nothing between the limit and the aggregate reorders).
   */
  wrap(query: SQL): SQL
  /** The rows of the text, keyed as the selection. */
  decode(text: string): Record<string, unknown>[]
}

const plans = new WeakMap<object, JsonPlan | null>()

/** How to read `selection` as JSON, or null when a field does not qualify (worked out once a selection). */
export function jsonPlan(selection: Record<string, unknown>): JsonPlan | null {
  let plan = plans.get(selection)
  if (plan === undefined) plans.set(selection, (plan = planOf(selection)))
  return plan
}

function planOf(selection: Record<string, unknown>): JsonPlan | null {
  const names = Object.keys(selection)
  const decoders: Decode[] = []
  const fields: Record<string, SQL.Aliased> = {}
  for (const [i, name] of names.entries()) {
    const f = selection[name]
    let expr: SQL
    if (is(f, Column)) {
      if (NATIVE.has(f.columnType)) expr = sql`${f}`
      else if (AS_TEXT.has(f.columnType)) expr = sql`${f}::text`
      else return null
      decoders.push((v) => f.mapFromDriverValue(v))
    } else {
      const inner = is(f, SQL.Aliased) ? f.sql : is(f, SQL) ? f : null
      if (!inner || !safe.has(inner)) return null
      expr = inner
      // its decoder, as Drizzle maps the expression's value (`mapWith`; none: as it is)
      const { decoder } = inner as unknown as { decoder: { mapFromDriverValue(v: unknown): unknown } }
      decoders.push((v) => decoder.mapFromDriverValue(v))
    }
    fields[name] = expr.as(`j${i}`)
  }
  const values = sql.join(
    names.map((_, i) => sql.identifier(`j${i}`)),
    sql`, `,
  )
  return {
    fields,
    wrap: (query) => sql`select coalesce(json_agg(json_build_array(${values})), '[]')::text as rows from (${query}) as j_rows`,
    decode: (text) =>
      (JSON.parse(text) as unknown[][]).map((values) => {
        const row: Record<string, unknown> = {}
        for (let i = 0; i < names.length; i++) {
          const v = values[i]
          row[names[i]!] = v === null || v === undefined ? null : decoders[i]!(v)
        }
        return row
      }),
  }
}
