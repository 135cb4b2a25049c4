/**
 * The console as a deployment serves it to a browser: HTTPS with HTTP/2, in front of the gateway —
 * a reverse proxy (a load balancer, nginx) ends TLS and speaks HTTP/1.1 to the gateways behind it.
 * A PWA is only ever installed from HTTPS (a service worker needs a secure origin), and browsers
 * speak HTTP/2 to any current proxy. The bench's Lighthouse loads go through this front (its slow-4G
 * simulation opens six connections per origin over HTTP/1.1, one over HTTP/2).
 *
 * `tlsFront(target)`: a self-signed certificate for 127.0.0.1 (openssl, made per run, nothing kept),
 * an HTTP/2 server (HTTP/1.1 too) forwarding every request and its body to `target` and streaming the
 * answer back (the message centre's event stream included). The browser trusts the certificate by its
 * key's hash (`spki`, for Chromium's --ignore-certificate-errors-spki-list: no other error is ignored).
 */
import { execFileSync } from 'node:child_process'
import { createHash, X509Certificate } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http'
import { createSecureServer } from 'node:http2'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface TlsFront {
  /** https://127.0.0.1:<port> */
  base: string
  /** The certificate's public key, SHA-256 of its SPKI, base64. */
  spki: string
  close(): Promise<void>
}

/** Connection-level headers: not forwarded either way (HTTP/2 forbids them in an answer). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'host', 'http2-settings'])

function forwarded(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {}
  for (const [k, v] of Object.entries(headers)) if (!k.startsWith(':') && !HOP_BY_HOP.has(k) && v !== undefined) out[k] = v
  return out
}

/** A certificate and key for 127.0.0.1, valid for two days. */
function selfSigned(): { key: Buffer; cert: Buffer; spki: string } {
  const dir = mkdtempSync(join(tmpdir(), 'trestle-tls-'))
  try {
    const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')]
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2'],
        ...['-keyout', key, '-out', cert, '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
      ],
      { stdio: 'ignore' },
    )
    const pem = readFileSync(cert)
    const der = new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' })
    return { key: readFileSync(key), cert: pem, spki: createHash('sha256').update(der).digest('base64') }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export async function tlsFront(target: string): Promise<TlsFront> {
  const { key, cert, spki } = selfSigned()
  const to = new URL(target)
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
  const server = createSecureServer({ key, cert, allowHTTP1: true }, (req, res) => {
    const headers = forwarded(req.headers)
    headers['x-forwarded-proto'] = 'https'
    const up = http.request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: { ...headers, host: to.host }, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, forwarded(answer.headers))
        answer.pipe(res)
        res.on('close', () => answer.destroy())
      },
    )
    up.on('error', () => {
      if (!res.headersSent) res.writeHead(502)
      res.end()
    })
    req.pipe(up)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    base: `https://127.0.0.1:${port}`,
    spki,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy()
        server.close(() => resolve())
        // open streams (an event stream) end with the server
        setTimeout(resolve, 2000).unref()
      }),
  }
}

/** BENCH_LIGHTHOUSE_HTTP1=1: Lighthouse loads the gateways themselves, over HTTP/1.1 without TLS. */
const LIGHTHOUSE_HTTP1 = process.env.BENCH_LIGHTHOUSE_HTTP1 === '1'

/**
 * The origins Lighthouse loads `targets` (gateways) from: a front for each (HTTPS, HTTP/2), or with
 * BENCH_LIGHTHOUSE_HTTP1 the gateways themselves; `trust`, the fronts' key hashes for debugChrome.
 */
export async function servedAsDeployed(targets: string[]): Promise<{ bases: string[]; trust?: string; close(): Promise<void> }> {
  if (LIGHTHOUSE_HTTP1) return { bases: targets, close: async () => {} }
  const fronts = await Promise.all(targets.map((t) => tlsFront(t)))
  return {
    bases: fronts.map((f) => f.base),
    trust: fronts.map((f) => f.spki).join(','),
    close: async () => void (await Promise.all(fronts.map((f) => f.close()))),
  }
}
