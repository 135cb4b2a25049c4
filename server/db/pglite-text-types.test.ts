/**
 * The embedded client reads Drizzle's text types from its own parser table (server/db/client.ts,
 * readDrizzleTextTypesOnce): every statement Drizzle sends — alone and in a transaction — answers
 * exactly what a client left as PGlite made it answers, for a row of each of those types and of the
 * types around them.
 */
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { date, integer, interval, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { readDrizzleTextTypesOnce } from './client'

const row = pgTable('row_kinds', {
  id: integer('id').primaryKey(),
  day: date('day'),
  at: timestamp('at', { withTimezone: true }),
  local: timestamp('local'),
  span: interval('span'),
  amount: numeric('amount'),
  meta: jsonb('meta'),
  note: text('note'),
})

const CREATE = `create table row_kinds (id int primary key, day date, at timestamptz, local timestamp, span interval,
  amount numeric, meta jsonb, note text)`
const INSERT = `insert into row_kinds values (1, '2026-11-28', '2026-11-28 10:20:30.123+08', '2026-11-28 10:20:30',
  '1 day 02:00:00', 12.5, '{"a":[1,2]}', 'x'), (2, null, null, null, null, null, null, null)`
const ARRAYS = sql`select array['2026-11-28'::date, '2026-11-29'::date] as days,
  array['2026-11-28 10:20:30+00'::timestamptz] as ats, array['2026-11-28 10:20:30'::timestamp] as locals,
  array['1 hour'::interval] as spans, array[1.5, 2.25]::numeric[] as amounts, array[1, 2] as ints, now() is not null as ok`

const clients: PGlite[] = []
async function opened(lighter: boolean) {
  const client = await PGlite.create()
  clients.push(client)
  if (lighter) readDrizzleTextTypesOnce(client as unknown as Parameters<typeof readDrizzleTextTypesOnce>[0])
  await client.exec(CREATE)
  await client.exec(INSERT)
  return drizzle(client)
}
let plain: Awaited<ReturnType<typeof opened>>
let lighter: Awaited<ReturnType<typeof opened>>

// two embedded databases started (WebAssembly compiled, initdb run): seconds on a loaded machine, as the
// other PGlite tests allow for
beforeAll(async () => {
  plain = await opened(false)
  lighter = await opened(true)
}, 240_000)
afterAll(async () => {
  for (const c of clients) await c.close()
})

const reads = async (db: typeof plain) => ({
  rows: await db.select().from(row).orderBy(row.id),
  arrays: (await db.execute(ARRAYS)).rows,
  inTransaction: await db.transaction(async (tx) => ({
    rows: await tx.select({ day: row.day, at: row.at, span: row.span }).from(row).orderBy(row.id),
    arrays: (await tx.execute(ARRAYS)).rows,
  })),
})

it('answers every statement as a plain client does', async () => {
  const expected = await reads(plain)
  // the types Drizzle asks as text are text (not Date objects) where Drizzle does not map them itself
  expect(expected.arrays[0]).toMatchObject({ days: '{2026-11-28,2026-11-29}', amounts: '{1.5,2.25}', ints: [1, 2] })
  expect(expected.rows[0]!.at).toBeInstanceOf(Date)
  expect(await reads(lighter)).toEqual(expected)
})

it('passes a statement whose parsers say more than the text types on as it is', async () => {
  const client = clients[1]!
  const parsed = await client.query<{ n: unknown }>('select 41 as n', [], { parsers: { 23: (v: string) => Number(v) + 1 } })
  expect(parsed.rows[0]!.n).toBe(42)
})
