/**
 * A small closed-loop load generator for the bench: `clients` workers, each sending its next
 * request when the previous answer has arrived, over keep-alive connections (node:http), for
 * `seconds`. Each request is signed afresh (new timestamp and nonce) when a signer is given, as the
 * console does. An answer counts as good when its status is 200 and its envelope code is 10000.
 */
import { createHmac, randomBytes } from 'node:crypto'
import { Agent, request } from 'node:http'
import { utcStamp, type Client } from '../tests/api/client'
import { percentile } from './support'

export interface LoadResult {
  requests: number
  errors: number
  rps: number
  p50: number
  p99: number
  /** The first bad answer, for the report. */
  firstError: string | null
}

/** The headers of a signed GET of `path`?`query` by `client` (DESIGN §2). */
export function signedHeaders(client: Client, path: string, query: string): Record<string, string> {
  const timestamp = utcStamp()
  const nonce = randomBytes(12).toString('hex')
  // sha256 of the empty body
  const bodyHash = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
  const signature = createHmac('sha256', client.privateKey ?? '')
    .update([timestamp, nonce, 'GET', path, query, bodyHash].join('\n'))
    .digest('hex')
  return { authorization: client.token ?? '', accessToken: client.accessToken ?? '', appCode: client.appCode, timestamp, nonce, signature }
}

export async function load(opts: {
  base: string
  path: string
  query: string
  seconds: number
  clients: number
  signer?: Client
}): Promise<LoadResult> {
  const url = new URL(opts.base)
  const agent = new Agent({ keepAlive: true, maxSockets: opts.clients })
  const target = opts.query ? `${opts.path}?${opts.query}` : opts.path
  const times: number[] = []
  let errors = 0
  let firstError: string | null = null
  const get = () =>
    new Promise<void>((resolve) => {
      const headers = opts.signer ? signedHeaders(opts.signer, opts.path, opts.query) : {}
      const started = performance.now()
      const req = request({ host: url.hostname, port: url.port, path: target, method: 'GET', agent, headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          times.push(performance.now() - started)
          const head = Buffer.concat(chunks).subarray(0, 200).toString()
          if (res.statusCode !== 200 || !head.startsWith('{"code":10000')) {
            errors++
            firstError ??= `${res.statusCode} ${head}`
          }
          resolve()
        })
      })
      req.on('error', (err) => {
        errors++
        firstError ??= String(err)
        resolve()
      })
      req.end()
    })
  // a short warm-up (connections, JIT, the database's caches), not counted
  const warmEnd = performance.now() + Math.min(2000, opts.seconds * 200)
  await Promise.all(
    Array.from({ length: opts.clients }, async () => {
      while (performance.now() < warmEnd) await get()
    }),
  )
  times.length = 0
  errors = 0
  firstError = null
  const started = performance.now()
  const end = started + opts.seconds * 1000
  await Promise.all(
    Array.from({ length: opts.clients }, async () => {
      while (performance.now() < end) await get()
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  agent.destroy()
  return {
    requests: times.length,
    errors,
    rps: times.length / elapsed,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    firstError,
  }
}
