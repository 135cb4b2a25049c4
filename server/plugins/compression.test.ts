/**
 * The API's compression on a real server: a large answer (a whole tree's megabytes) is compressed in
 * one piece, a smaller one through @fastify/compress — either way as the client accepts (brotli
 * first, then gzip, none for identity or an encoding refused with q=0) and read back the same.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerCompression } from './compression'

const large = JSON.stringify({
  code: 10000,
  data: Array.from({ length: 6000 }, (_, i) => ({ nodeId: `n${i}`, nodeName: `墩台${i}`, level: i % 4 })),
})
const small = JSON.stringify({ code: 10000, data: Array.from({ length: 60 }, (_, i) => ({ nodeId: `n${i}`, nodeName: `墩台${i}` })) })

describe('API answer compression', () => {
  let app: FastifyInstance
  let base: string
  /** The answer as sent (encoding, length) and as read (fetch decodes it). */
  const answer = async (path: string, acceptEncoding: string) => {
    const res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': acceptEncoding } })
    return {
      encoding: res.headers.get('content-encoding') ?? undefined,
      length: res.headers.get('content-length'),
      vary: res.headers.get('vary'),
      text: await res.text(),
    }
  }

  beforeAll(async () => {
    app = Fastify()
    await registerCompression(app)
    app.get('/large', async (_req, reply) => reply.type('application/json; charset=utf-8').send(large))
    app.get('/small', async (_req, reply) => reply.type('application/json; charset=utf-8').send(small))
    await app.listen({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  })
  afterAll(() => app.close())

  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
  ])('accept-encoding %s: %s, the same answer, large or not', async (accept, encoding) => {
    expect(large.length).toBeGreaterThan(256 * 1024)
    for (const [path, text] of [
      ['/large', large],
      ['/small', small],
    ] as const) {
      const r = await answer(path, accept)
      expect(r.encoding, path).toBe(encoding)
      expect(r.text, path).toBe(text)
      if (encoding) expect(r.vary, path).toMatch(/accept-encoding/i)
    }
  })

  it('a large answer goes in one piece, with its (compressed) length', async () => {
    for (const encoding of ['br', 'gzip']) {
      const r = await answer('/large', encoding)
      expect(r.encoding).toBe(encoding)
      expect(Number(r.length)).toBeGreaterThan(0)
      expect(Number(r.length)).toBeLessThan(Buffer.byteLength(large) / 3)
    }
  })
})
