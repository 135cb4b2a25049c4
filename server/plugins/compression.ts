/**
 * Compression and caching (issue 9):
 *  - API answers above 1 KiB are compressed as the client asks (brotli at quality 4, or gzip);
 *    registered after the gate so the gate's onSend (idempotency, grants-version) still sees the
 *    answer's text;
 *  - the console's files are sent precompressed (`.br`/`.gz` written at build by
 *    scripts/vite-precompress.ts) when the client accepts it;
 *  - caching stays with security-headers.ts: hashed files under /assets for a year as immutable,
 *    index.html and sw.js revalidated on every use (`no-cache`).
 */
import fastifyCompress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'

export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Request bodies are left as sent (no inflating: body.ts decides what a body may be).
  // The plugin adds its hooks to the routes registered after it: register before the routes.
  await app.register(fastifyCompress, { global: true, globalDecompression: false, threshold: 1024, encodings: ['br', 'gzip'] })
}

/** The options of @fastify/static for the console in `root`. */
export function staticOptions(root: string) {
  return { root, wildcard: true, preCompressed: true }
}
