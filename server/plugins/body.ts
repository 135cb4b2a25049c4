/**
 * Body parsers that keep the raw bytes (the signature covers them exactly as sent):
 * application/json and application/x-www-form-urlencoded. multipart/form-data is left to
 * @fastify/multipart (registered in app.ts; signed with UNSIGNED-PAYLOAD, read by the upload
 * handlers after the gate). Anything else is refused (415).
 *
 * DESIGN §3 "Bad input never reaches a fault", for every route at once:
 *  - a JSON body nested deeper than MAX_JSON_DEPTH is refused before it is parsed (400, 20001 on
 *    `body`): no handler, hook or log writer ever walks a 5,000-deep structure;
 *  - `registerInputGuard`: a NUL character in any string of the path parameters, the query or the
 *    body (values and keys) is 20001 on that field — PostgreSQL text cannot hold it. The contract's
 *    text rules (src/contract/rules.ts) refuse it too, with the other control characters; this
 *    guard covers the fields whose schemas are bare strings (codes, ids, ciphers…);
 *  - `registerBodyDrain`: an answer sent before the request's body was read (over the body limit,
 *    refused by the gate) waits until the body has arrived, when it is not too large to read.
 */
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { V } from '../../src/contract/rules'
import { invalidField, requestLang } from '../lib/http'
import texts from './texts.json'

/** Answered by the error handler as 20001 on `field` with this HTTP status (and `text`, if given). */
const malformed = (statusCode: number, field = '', text?: { zh: string; en: string }) =>
  Object.assign(new Error('malformed body'), { statusCode, code: 'TRESTLE_MALFORMED_BODY', field, text })

/** Deepest nesting of objects and arrays a JSON body may have. */
export const MAX_JSON_DEPTH = 64

/** Whether JSON text nests objects/arrays deeper than `max` (a linear scan, strings skipped; no recursion). */
export function jsonDepthExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c) i++
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true
    } else if (c === 0x7d || c === 0x5d) depth--
  }
  return false
}

const NUL = '\u0000'

/** The path (`a.b.0`) of the first string value or key holding a NUL, or null. Depth is bounded by the parser. */
export function nulField(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null
  if (!value || typeof value !== 'object' || Buffer.isBuffer(value)) return null
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value)
  for (const [k, v] of entries) {
    const here = path ? `${path}.${k}` : k
    if (k.includes(NUL)) return here
    const found = nulField(v, here)
    if (found !== null) return found
  }
  return null
}

/** 20001 on the first field (path parameter, query or body) whose text holds a NUL character. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (req: FastifyRequest) => {
    const field = nulField(req.params) ?? nulField(req.query) ?? nulField(req.body)
    if (field === null) return
    // The field's name is echoed: never with the NUL itself (answers are stored as jsonb).
    const name = field.replaceAll(NUL, '\uFFFD')
    throw invalidField(name, V.control, requestLang(req))
  })
}

export function parseForm(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const [k, v] of new URLSearchParams(text)) {
    const prev = out[k]
    if (prev === undefined) out[k] = v
    else out[k] = Array.isArray(prev) ? [...prev, v] : [prev, v]
  }
  return out
}

export function registerBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body: Buffer, done) => {
    req.rawBody = body
    if (body.length === 0) return done(null, undefined)
    const text = body.toString('utf8')
    if (jsonDepthExceeds(text)) return done(malformed(400, 'body', texts.body.tooDeep), undefined)
    try {
      done(null, JSON.parse(text))
    } catch {
      done(malformed(400), undefined)
    }
  })
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (req, body: Buffer, done) => {
    req.rawBody = body
    done(null, parseForm(body.toString('utf8')))
  })
}

/** A body declared up to this size is read to its end before an early answer goes out. */
const DRAIN_MAX_BYTES = 16 * 1024 * 1024
/** How long an early answer waits for the rest of the body, at most. */
const DRAIN_TIMEOUT_MS = 10_000

/** Resolves when `raw`'s body has been read to its end (and thrown away), it closed, or `ms` passed. */
function drained(raw: IncomingMessage, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      raw.off('end', done).off('close', done).off('error', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    raw.once('end', done).once('close', done).once('error', done)
    raw.resume()
  })
}

/**
 * An answer sent before the request's body was read — 413 over the body limit, a signature or
 * session refused by the gate — makes Node close the connection after it (`connection: close`),
 * and a client still sending the body then fails on its write (EPIPE) instead of reading the
 * answer: one upload of 1.1 MB in four failed so beside three others. Such an answer now waits for
 * the rest of a body of at most DRAIN_MAX_BYTES (read and thrown away, at most DRAIN_TIMEOUT_MS);
 * a larger one, or one without a declared length, is answered at once and its connection closed.
 */
export function registerBodyDrain(app: FastifyInstance): void {
  // a callback hook: no promise for the answers that need nothing (every one with its body read)
  app.addHook('onSend', (req, _reply, payload, done) => {
    const raw = req.raw
    const length = Number(req.headers['content-length'])
    if (raw.complete || raw.destroyed || !(length > 0 && length <= DRAIN_MAX_BYTES)) return done(null, payload)
    void drained(raw, DRAIN_TIMEOUT_MS).then(() => done(null, payload))
  })
}
