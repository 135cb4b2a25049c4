/**
 * Compression and caching (issue 9):
 *  - API answers above 1 KiB are compressed as the client asks (brotli at quality 4, or gzip);
 *    registered after the gate so the gate's onSend (idempotency, grants-version) still sees the
 *    answer's text. A large answer (a whole tree: megabytes of JSON) is compressed in one piece on
 *    the thread pool, at a quality that costs half the time for the same size;
 *  - the console's files are sent precompressed (`.br`/`.gz` written at build by
 *    scripts/vite-precompress.ts) when the client accepts it;
 *  - caching stays with security-headers.ts: hashed files under /assets for a year as immutable,
 *    index.html and sw.js revalidated on every use (`no-cache`).
 */
import fastifyCompress from '@fastify/compress'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const BROTLI_QUALITY = 4
/** Answers of at least this many characters are compressed in one piece, at WHOLE_QUALITY. */
const WHOLE_FROM = 256 * 1024
/** A 20,000-node tree (4.3 MB): quality 4 283 KB in 36 ms, 3 the same size in 18 ms, 1 324 KB in 9 ms. */
const WHOLE_QUALITY = 3

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** br or gzip as the request accepts them (br first), else null. */
function acceptedEncoding(req: FastifyRequest): 'br' | 'gzip' | null {
  const header = req.headers['accept-encoding']
  if (typeof header !== 'string') return null
  const accepted = new Set(
    header
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q))
      .map(([name]) => name!.trim().toLowerCase()),
  )
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null
}

export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' || payload.length < WHOLE_FROM || reply.getHeader('content-encoding')) return payload
    const encoding = acceptedEncoding(req)
    if (!encoding) return payload
    const bytes = Buffer.from(payload)
    const packed =
      encoding === 'br'
        ? await brotli(bytes, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: WHOLE_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
          })
        : await gzip(bytes)
    reply.header('content-encoding', encoding)
    reply.header('vary', 'accept-encoding')
    return packed
  })
  // Request bodies are left as sent (no inflating: body.ts decides what a body may be).
  // The plugin adds its hooks to the routes registered after it: register before the routes.
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  })
}

/** The options of @fastify/static for the console in `root`. */
export function staticOptions(root: string) {
  return { root, wildcard: true, preCompressed: true }
}
