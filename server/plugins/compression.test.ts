/**
 * The API's compression on a real server: a large answer (a whole tree's megabytes) is compressed in
 * one piece, a smaller one through @fastify/compress — either way as the client accepts (brotli
 * first, then gzip, none for identity or an encoding refused with q=0) and read back the same.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import { get } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerCompression } from './compression'

const large = JSON.stringify({
  code: 10000,
  data: Array.from({ length: 6000 }, (_, i) => ({ nodeId: `n${i}`, nodeName: `墩台${i}`, level: i % 4 })),
})
const small = JSON.stringify({ code: 10000, data: Array.from({ length: 60 }, (_, i) => ({ nodeId: `n${i}`, nodeName: `墩台${i}` })) })

interface Raw {
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

describe('API answer compression', () => {
  let app: FastifyInstance
  let base: string
  const fetchRaw = (path: string, acceptEncoding?: string) =>
    new Promise<Raw>((resolve, reject) => {
      get(`${base}${path}`, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
        const parts: Buffer[] = []
        res.on('data', (c: Buffer) => parts.push(c))
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(parts) }))
      }).on('error', reject)
    })
  const decoded = (r: Raw) =>
    (r.headers['content-encoding'] === 'br'
      ? brotliDecompressSync(r.body)
      : r.headers['content-encoding'] === 'gzip'
        ? gunzipSync(r.body)
        : r.body
    ).toString()

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
    [undefined, undefined],
  ])('accept-encoding %s: %s, the same answer, large or not', async (accept, encoding) => {
    expect(large.length).toBeGreaterThan(256 * 1024)
    for (const [path, text] of [
      ['/large', large],
      ['/small', small],
    ] as const) {
      const r = await fetchRaw(path, accept)
      expect(r.headers['content-encoding'], path).toBe(encoding)
      expect(decoded(r), path).toBe(text)
      if (encoding) {
        expect(r.headers.vary, path).toMatch(/accept-encoding/i)
        expect(r.body.length, path).toBeLessThan(Buffer.byteLength(text) / 3)
      }
    }
  })

  it('a large answer goes in one piece, with its length', async () => {
    const r = await fetchRaw('/large', 'br')
    expect(Number(r.headers['content-length'])).toBe(r.body.length)
    expect(r.headers['transfer-encoding']).toBeUndefined()
  })
})
