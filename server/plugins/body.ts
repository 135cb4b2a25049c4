/**
 * Body parsers that keep the raw bytes (the signature covers them exactly as sent):
 * application/json and application/x-www-form-urlencoded. multipart/form-data is left to
 * @fastify/multipart (registered in app.ts; signed with UNSIGNED-PAYLOAD, read by the upload
 * handlers after the gate). Anything else is refused (415).
 */
import type { FastifyInstance } from 'fastify'

/** Answered by the error handler as 20001 with this HTTP status. */
const malformed = (statusCode: number) => Object.assign(new Error('malformed body'), { statusCode, code: 'TRESTLE_MALFORMED_BODY' })

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
    try {
      done(null, JSON.parse(body.toString('utf8')))
    } catch {
      done(malformed(400), undefined)
    }
  })
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (req, body: Buffer, done) => {
    req.rawBody = body
    done(null, parseForm(body.toString('utf8')))
  })
}
