/**
 * The bench's anchor: bare Fastify answering GET /list with the very statements the gateway ran for
 * one list request (captured with TRESTLE_SQL_LOG, passed in BARE_SQL as JSON lines), on the same
 * database through the same driver and pool size — no session, signature, permission or log work.
 * What the gateway adds on top of this is its own cost. GET /gated runs the gate's statement of the
 * same request first (the line marked `gate`: the session read, the nonce recorded — a fresh nonce
 * each time), then the list's: what a gateway that records every call's nonce in the shared database
 * could reach at best. Lines marked `set: "sub"` are another list's (a unit with its sub-units),
 * answered the same way at GET /list/sub and GET /gated/sub.
 *   BARE_DATABASE_URL=postgres://…  or  BARE_PGLITE_DIR=<data dir>/pglite;  PORT.
 */
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'

interface Statement {
  query: string
  params: unknown[]
  gate?: boolean
  set?: 'sub'
}

/** The gate's statement with a new nonce: every parameter that held the captured nonce. */
function withFreshNonce(gate: Statement): () => Statement {
  const m = /select t\.access_token_id, \$(\d+)/.exec(gate.query)
  if (!m) throw new Error(`the gate's statement names no nonce: ${gate.query.slice(0, 200)}`)
  const captured = gate.params[Number(m[1]) - 1]
  return () => {
    const nonce = randomUUID()
    return { query: gate.query, params: gate.params.map((p) => (p === captured ? nonce : p)) }
  }
}

async function main() {
  const lines = readFileSync(process.env.BARE_SQL!, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Statement)
  const sets = { one: lines.filter((s) => !s.gate && !s.set), sub: lines.filter((s) => s.set === 'sub') }
  const gateLine = lines.find((s) => s.gate)
  const gate = gateLine ? withFreshNonce(gateLine) : null
  let run: (s: Statement) => Promise<unknown[]>
  let close: () => Promise<void>
  if (process.env.BARE_DATABASE_URL) {
    const { Pool } = (await import('pg')).default
    const pool = new Pool({ connectionString: process.env.BARE_DATABASE_URL, max: 10 })
    run = async (s) => (await pool.query(s.query, s.params)).rows
    close = () => pool.end()
  } else {
    const { PGlite } = await import('@electric-sql/pglite')
    const { pgliteExtensions } = await import('../server/db/client')
    const db = await PGlite.create(process.env.BARE_PGLITE_DIR!, { extensions: await pgliteExtensions() })
    run = async (s) => (await db.query(s.query, s.params)).rows
    close = () => db.close()
  }
  const app = Fastify({ logger: false })
  app.get('/ready', async () => ({ code: 10000 }))
  const list = async (statements: Statement[]) => {
    const results: unknown[][] = []
    for (const s of statements) results.push(await run(s))
    const records = results.find((r) => r.length !== 1) ?? results[0] ?? []
    return { code: 10000, message: 'ok', data: { records, total: results.length, pageIndex: 1, pageSize: 20 } }
  }
  for (const [name, statements] of Object.entries(sets)) {
    const at = name === 'one' ? '' : `/${name}`
    app.get(`/list${at}`, () => list(statements))
    app.get(`/gated${at}`, async () => {
      // a new nonce never conflicts: the statement inserts it, as for a fresh signed call
      if ((await run(gate!())).length !== 1) return { code: 20114, message: 'the session was not found' }
      return list(statements)
    })
  }
  const shutdown = async () => {
    await app.close()
    await close()
    process.exit(0)
  }
  process.once('SIGTERM', () => void shutdown())
  process.once('SIGINT', () => void shutdown())
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
