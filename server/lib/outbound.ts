/**
 * The one way the gateway calls out over HTTP (DESIGN §3 "Outbound calls"): webhooks, the SMS
 * webhook, the OAuth providers.
 *
 *   - http and https only; the host is read by the WHATWG URL parser (so `2130706433`, `0x7f.1`,
 *     `0177.0.0.1` and `127.1` are 127.0.0.1), then resolved (every address of the name);
 *   - unless the host (or host:port) is allow-listed (TRESTLE_WEBHOOK_ALLOW), ANY resolved address
 *     that is loopback, unspecified, private, link-local (cloud metadata), CGNAT, multicast or
 *     reserved refuses the call (also inside IPv4-mapped, NAT64 and 6to4 IPv6 addresses);
 *   - the connection goes to the addresses that were checked (a pinned `lookup`), so a second DNS
 *     answer cannot swap them (rebinding); TLS still verifies the host name;
 *   - redirects are followed by hand, at most 3, each hop checked again; credentials stay with
 *     their origin;
 *   - one deadline for the whole call (resolution, connection, redirects, answer), 5 s by default;
 *     the answer is read up to 64 KiB, then the connection is dropped.
 */
import { lookup as dnsLookup } from 'node:dns/promises'
import type { LookupAddress } from 'node:dns'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import type { Lang } from '../../src/contract/codes'
import { Code } from '../../src/contract/codes'
import { ApiError } from './http'

/** The call was not made: the address is not one the gateway may call. */
export class OutboundRefused extends Error {}
/** The call was made and failed: unreachable, no answer in time, too many redirects. */
export class OutboundFailed extends Error {}

export interface OutboundOptions {
  /** Normalised `host` or `host:port` entries (parseAllowList) called without the address check. */
  allow?: readonly string[]
  timeoutMs?: number
  maxBytes?: number
  maxRedirects?: number
}

export interface OutboundRequest {
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
}

export interface OutboundAnswer {
  status: number
  ok: boolean
  /** The answer's first `maxBytes` bytes as UTF-8. */
  text: string
  truncated: boolean
  /** The URL that answered (after redirects). */
  url: string
}

// ---- addresses ----

interface Net {
  base: bigint
  bits: number
  kind: string
}

const v4Number = (ip: string) => ip.split('.').reduce((n, octet) => (n << 8n) | BigInt(octet), 0n)

function v6Number(ip: string): bigint {
  let s = ip.replace(/%.*$/, '')
  const dotted = /\d+\.\d+\.\d+\.\d+$/.exec(s)
  if (dotted) {
    const n = v4Number(dotted[0])
    s = `${s.slice(0, dotted.index)}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`
  }
  const [head, tail] = s.split('::') as [string, string | undefined]
  const h = head ? head.split(':') : []
  const t = tail ? tail.split(':') : []
  const groups = tail === undefined ? h : [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t]
  return groups.reduce((n, g) => (n << 16n) | BigInt(parseInt(g, 16)), 0n)
}

function net(cidr: string, kind = ''): Net {
  const [ip, bits] = cidr.split('/') as [string, string]
  return { base: ip.includes(':') ? v6Number(ip) : v4Number(ip), bits: Number(bits), kind }
}

const within = (n: bigint, r: Net, width: number) => n >> BigInt(width - r.bits) === r.base >> BigInt(width - r.bits)

const V4_REFUSED = [
  net('0.0.0.0/8', 'unspecified'),
  net('10.0.0.0/8', 'private'),
  net('100.64.0.0/10', 'shared (CGNAT)'),
  net('127.0.0.0/8', 'loopback'),
  net('169.254.169.254/32', 'cloud metadata'),
  net('169.254.0.0/16', 'link-local'),
  net('172.16.0.0/12', 'private'),
  net('192.0.0.0/24', 'reserved'),
  net('192.0.2.0/24', 'reserved'),
  net('192.88.99.0/24', 'reserved'),
  net('192.168.0.0/16', 'private'),
  net('198.18.0.0/15', 'reserved'),
  net('198.51.100.0/24', 'reserved'),
  net('203.0.113.0/24', 'reserved'),
  net('224.0.0.0/4', 'multicast'),
  net('240.0.0.0/4', 'reserved'),
]

const V6_REFUSED = [
  net('::/128', 'unspecified'),
  net('::1/128', 'loopback'),
  net('fc00::/7', 'private'),
  net('fe80::/10', 'link-local'),
  net('fec0::/10', 'site-local'),
  net('ff00::/8', 'multicast'),
  net('2001::/23', 'reserved'),
  net('2001:db8::/32', 'reserved'),
  net('3fff::/20', 'reserved'),
]

/** IPv6 ranges that carry an IPv4 address: the IPv4 address is what gets reached. */
const V6_EMBEDDING: [Net, (n: bigint) => bigint][] = [
  [net('::ffff:0:0/96'), (n) => n & 0xffffffffn],
  [net('64:ff9b::/96'), (n) => n & 0xffffffffn],
  [net('2002::/16'), (n) => (n >> 80n) & 0xffffffffn],
]

const GLOBAL_UNICAST_V6 = net('2000::/3')

const v4Kind = (n: bigint) => V4_REFUSED.find((r) => within(n, r, 32))?.kind ?? null

/** Why an IP address may not be called (`loopback`, `private`…), or null for a public address. */
export function refusedKind(ip: string): string | null {
  const bare = ip.replace(/%.*$/, '')
  const family = isIP(bare)
  if (family === 4) return v4Kind(v4Number(bare))
  if (family !== 6) return 'not an IP address'
  const n = v6Number(bare)
  const named = V6_REFUSED.slice(0, 2).find((r) => within(n, r, 128))
  if (named) return named.kind
  const embedding = V6_EMBEDDING.find(([r]) => within(n, r, 128))
  if (embedding) return v4Kind(embedding[1](n))
  return V6_REFUSED.find((r) => within(n, r, 128))?.kind ?? (within(n, GLOBAL_UNICAST_V6, 128) ? null : 'reserved')
}

// ---- the allow-list ----

/** TRESTLE_WEBHOOK_ALLOW: comma-separated `host` or `host:port` (IPv6 in brackets), normalised as URLs normalise hosts. */
export function parseAllowList(raw: string | undefined, fail: (message: string) => Error): string[] {
  const entries: string[] = []
  for (const entry of (raw ?? '').split(',').map((e) => e.trim().toLowerCase())) {
    if (!entry) continue
    const [, host = '', port] = /^(.*?)(?::(\d{1,5}))?$/.exec(entry) ?? []
    let u: URL | null = null
    try {
      u = new URL(`http://${host}`)
    } catch {
      // answered below
    }
    const portOk = port === undefined || (Number(port) >= 1 && Number(port) <= 65535)
    if (!u || !portOk || u.port || u.username || u.password || u.pathname !== '/' || u.search || u.hash)
      throw fail(`TRESTLE_WEBHOOK_ALLOW: "${entry}" is not a host name or host:port (IPv6 addresses in brackets)`)
    entries.push(port === undefined ? u.hostname : `${u.hostname}:${Number(port)}`)
  }
  return entries
}

const defaultPort = (u: URL) => (u.protocol === 'https:' ? '443' : '80')
const hostPort = (u: URL) => `${u.hostname}:${u.port || defaultPort(u)}`
const isAllowed = (u: URL, allow: readonly string[]) => allow.includes(u.hostname) || allow.includes(hostPort(u))

/** The allow-list entry (`host:port`) of a URL an operator configured, e.g. an OAuth provider's endpoint. */
export const allowEntryOf = (url: string): string => hostPort(new URL(url))

// ---- one call ----

const REDIRECTS = new Set([301, 302, 303, 307, 308])

function parseTarget(raw: string, base?: URL): URL {
  let u: URL
  try {
    u = new URL(raw, base)
  } catch {
    throw new OutboundRefused(`not a URL: ${raw.slice(0, 100)}`)
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new OutboundRefused(`${u.protocol} is not http or https`)
  return u
}

function whenAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason as Error)
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true })
  })
}

/** The addresses of a URL's host, refused when one of them may not be called (unless the host is allow-listed). */
async function addressesOf(u: URL, allow: readonly string[], signal: AbortSignal): Promise<LookupAddress[]> {
  const host = u.hostname.replace(/^\[(.*)\]$/, '$1')
  let addresses: LookupAddress[]
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }]
  else {
    try {
      addresses = await Promise.race([dnsLookup(host, { all: true }), whenAborted(signal)])
    } catch (err) {
      if (signal.aborted) throw err
      throw new OutboundFailed(`${u.host} cannot be resolved (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`)
    }
    if (!addresses.length) throw new OutboundFailed(`${u.host} cannot be resolved`)
  }
  if (!isAllowed(u, allow)) {
    for (const a of addresses) {
      const kind = refusedKind(a.address)
      if (kind) throw new OutboundRefused(host === a.address ? `${u.host} is ${kind}` : `${u.host} → ${a.address} is ${kind}`)
    }
  }
  return addresses
}

const pinned =
  (addresses: LookupAddress[]): LookupFunction =>
  (_host, options, callback) => {
    if (options.all) callback(null, addresses)
    else callback(null, addresses[0]!.address, addresses[0]!.family)
  }

function send(u: URL, req: OutboundRequest, addresses: LookupAddress[], signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const body = req.body === undefined ? undefined : Buffer.from(req.body)
    const r = (u.protocol === 'https:' ? httpsRequest : httpRequest)({
      protocol: u.protocol,
      hostname: u.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: u.port || defaultPort(u),
      path: `${u.pathname}${u.search}`,
      method: req.method ?? 'GET',
      headers: { ...req.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      lookup: pinned(addresses),
      agent: false,
      signal,
    })
    r.on('response', resolve)
    r.on('error', reject)
    r.end(body)
  })
}

function readBounded(res: IncomingMessage, maxBytes: number): Promise<{ text: string; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let settled = false
    const finish = (truncated: boolean) => {
      settled = true
      resolve({ text: Buffer.concat(chunks).toString('utf8'), truncated })
    }
    res.on('data', (chunk: Buffer) => {
      if (settled) return
      if (size + chunk.length > maxBytes) {
        chunks.push(chunk.subarray(0, maxBytes - size))
        res.destroy()
        finish(true)
        return
      }
      chunks.push(chunk)
      size += chunk.length
    })
    res.on('end', () => !settled && finish(false))
    res.on('error', (err) => {
      if (settled) return
      settled = true
      reject(err)
    })
    res.on('close', () => {
      if (settled) return
      settled = true
      reject(new Error('the connection closed before the answer ended'))
    })
  })
}

const WITHOUT_BODY = ['content-type', 'content-length']
const CREDENTIALS = ['authorization', 'cookie']

const dropHeaders = (headers: Record<string, string>, names: string[]) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => !names.includes(k.toLowerCase())))

/**
 * Calls a URL under the rules above. Throws OutboundRefused (an address that may not be called, on
 * any hop) or OutboundFailed (network, deadline, more than `maxRedirects` redirects); any HTTP status
 * is an answer.
 */
export async function outboundCall(url: string, request: OutboundRequest = {}, options: OutboundOptions = {}): Promise<OutboundAnswer> {
  const { allow = [], timeoutMs = 5000, maxBytes = 64 * 1024, maxRedirects = 3 } = options
  const signal = AbortSignal.timeout(timeoutMs)
  let u = parseTarget(url)
  let req: OutboundRequest = { ...request, headers: { ...request.headers } }
  try {
    for (let hop = 0; ; hop++) {
      let addresses: LookupAddress[]
      try {
        addresses = await addressesOf(u, allow, signal)
      } catch (err) {
        if (err instanceof OutboundRefused && hop > 0) throw new OutboundRefused(`redirected to ${err.message}`)
        throw err
      }
      const res = await send(u, req, addresses, signal)
      const status = res.statusCode ?? 0
      const location = res.headers.location
      if (REDIRECTS.has(status) && location) {
        res.destroy()
        if (hop >= maxRedirects) throw new OutboundFailed(`more than ${maxRedirects} redirects`)
        let next: URL
        try {
          next = parseTarget(location, u)
        } catch (err) {
          throw new OutboundRefused(`redirected to ${(err as Error).message}`)
        }
        const toGet = status === 303 || ((status === 301 || status === 302) && req.method === 'POST')
        if (toGet) req = { method: 'GET', headers: dropHeaders(req.headers ?? {}, WITHOUT_BODY) }
        if (next.origin !== u.origin) req = { ...req, headers: dropHeaders(req.headers ?? {}, CREDENTIALS) }
        u = next
        continue
      }
      const { text, truncated } = await readBounded(res, maxBytes)
      return { status, ok: status >= 200 && status < 300, text, truncated, url: u.href }
    }
  } catch (err) {
    if (err instanceof OutboundRefused || err instanceof OutboundFailed) throw err
    if (signal.aborted) throw new OutboundFailed(`no answer within ${timeoutMs / 1000} s`)
    const e = err as NodeJS.ErrnoException
    throw new OutboundFailed(e.code ? `${e.code} ${u.host}` : e.message)
  }
}

// ---- saving a configured URL ----

const REFUSED_URL = (host: string) => ({
  zh: `不允许调用该地址（${host} 是本机、内网、链路本地或保留地址），请填写公网地址，或请运维人员将其加入 TRESTLE_WEBHOOK_ALLOW`,
  en: `This address may not be called (${host} is a local, private, link-local or reserved address): use a public address, or ask the operator to allow it in TRESTLE_WEBHOOK_ALLOW`,
})

/**
 * The save-time check of a URL the gateway will call later (a message configuration's webhook): 20001
 * on `field` when it is not http(s) or its host is, or resolves to, an address that may not be called.
 * A name that does not resolve now passes (the call checks again when it is made).
 */
export async function checkOutboundUrl(
  url: string | null | undefined,
  allow: readonly string[],
  lang: Lang,
  field = 'webhookUrl',
  timeoutMs = 5000,
): Promise<void> {
  if (!url) return
  try {
    await addressesOf(parseTarget(url), allow, AbortSignal.timeout(timeoutMs))
  } catch (err) {
    if (!(err instanceof OutboundRefused)) return
    const host = URL.canParse(url) ? new URL(url).host : url.slice(0, 100)
    const text = REFUSED_URL(host)
    throw new ApiError(Code.INVALID, [{ field, key: 'v.invalid', message: text[lang] }], text)
  }
}
