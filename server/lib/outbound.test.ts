import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { OAuthClient } from '../modules/oauth/client'
import { DeliveryError, WebhookSmsProvider } from '../modules/notify/sender'
import { ApiError } from './http'
import { checkOutboundUrl, outboundCall, OutboundFailed, OutboundRefused, parseAllowList, refusedKind } from './outbound'

const lookups = vi.hoisted(() => ({ count: 0 }))
vi.mock('node:dns/promises', async (original) => {
  const actual = await original<typeof import('node:dns/promises')>()
  const lookup = (async (host: string, options: object) => {
    if (host !== 'pinned.test') return actual.lookup(host, options)
    lookups.count++
    return [{ address: '127.0.0.1', family: 4 }]
  }) as typeof actual.lookup
  return { ...actual, default: { ...actual, lookup }, lookup }
})

const fail = (m: string) => new Error(m)

describe('outbound addresses', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.1.1', 'link-local'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'cloud metadata'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['2002:c0a8:101::1', 'private'],
    ['::127.0.0.1', 'reserved'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fe80::1%eth0', 'link-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
  ])('%s is %s', (ip, kind) => expect(refusedKind(ip)).toBe(kind))

  it.each(['8.8.8.8', '172.32.0.1', '100.128.0.1', '169.255.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    '%s is public',
    (ip) => expect(refusedKind(ip)).toBeNull(),
  )

  it('reads the allow-list as URLs read hosts; refuses what is not a host or host:port', () => {
    expect(parseAllowList(' Hooks.Example.COM, 127.0.0.1:8080,[::1]:9000 ,2130706433,', fail)).toEqual([
      'hooks.example.com',
      '127.0.0.1:8080',
      '[::1]:9000',
      '127.0.0.1',
    ])
    expect(parseAllowList(undefined, fail)).toEqual([])
    for (const bad of ['http://x.example', 'x.example/path', 'x.example:99999', '::1', 'user@x.example'])
      expect(() => parseAllowList(bad, fail), bad).toThrow(/TRESTLE_WEBHOOK_ALLOW/)
  })
})

describe('outbound calls', () => {
  let server: Server
  let port: number
  const hits: { url: string; method: string; host: string; body: string }[] = []
  const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
    '/ok': (_req, res) => res.writeHead(200).end('fine'),
    '/big': (_req, res) => res.writeHead(200).end(Buffer.alloc(1024 * 1024, 'x')),
    '/silent': () => undefined,
    '/to-localhost': (_req, res) => res.writeHead(302, { location: `http://localhost:${port}/ok` }).end(),
    '/to-metadata': (_req, res) => res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    '/to-ftp': (_req, res) => res.writeHead(302, { location: 'ftp://example.com/' }).end(),
    '/see-other': (_req, res) => res.writeHead(303, { location: '/ok' }).end(),
    '/keep': (_req, res) => res.writeHead(307, { location: '/ok' }).end(),
    '/loop': (req, res) => res.writeHead(302, { location: req.url ?? '/' }).end(),
  }

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = ''
      req.on('data', (c: Buffer) => (body += c.toString()))
      req.on('end', () => {
        hits.push({ url: req.url ?? '', method: req.method ?? '', host: req.headers.host ?? '', body })
        ;(routes[(req.url ?? '').split('?')[0]!] ?? ((_q, r: ServerResponse) => r.writeHead(404).end()))(req, res)
      })
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((r) => server.close(r))
  })

  const allow = () => [`127.0.0.1:${port}`]

  it('refuses local addresses in every spelling without connecting', async () => {
    hits.length = 0
    const targets = [
      `http://127.0.0.1:${port}/ok`,
      `http://localhost:${port}/ok`,
      `http://2130706433:${port}/ok`,
      `http://0x7f.1:${port}/ok`,
      `http://0177.0.0.1:${port}/ok`,
      `http://127.1:${port}/ok`,
      `http://[::1]:${port}/ok`,
      `http://[::ffff:127.0.0.1]:${port}/ok`,
      `http://0.0.0.0:${port}/ok`,
      'http://169.254.169.254/latest/meta-data/',
      'ftp://example.com/',
      'not a url',
    ]
    for (const url of targets) await expect(outboundCall(url), url).rejects.toThrow(OutboundRefused)
    expect(hits).toEqual([])
  })

  it('the allow-list opens that host and port only', async () => {
    hits.length = 0
    const ok = await outboundCall(`http://127.0.0.1:${port}/ok`, {}, { allow: allow() })
    expect(ok).toMatchObject({ status: 200, ok: true, text: 'fine', truncated: false })
    expect((await outboundCall(`http://2130706433:${port}/ok`, {}, { allow: allow() })).status).toBe(200)
    for (const url of [`http://127.0.0.1:${port + 1}/ok`, `http://localhost:${port}/ok`, 'http://2130706433/ok'])
      await expect(outboundCall(url, {}, { allow: allow() }), url).rejects.toThrow(OutboundRefused)
    expect(hits).toHaveLength(2)
  })

  it('checks every redirect hop again and follows at most 3', async () => {
    hits.length = 0
    await expect(outboundCall(`http://127.0.0.1:${port}/to-localhost`, {}, { allow: allow() })).rejects.toThrow(
      /redirected to localhost:\d+ → .* is loopback/,
    )
    await expect(outboundCall(`http://127.0.0.1:${port}/to-metadata`, {}, { allow: allow() })).rejects.toThrow(
      'redirected to 169.254.169.254 is cloud metadata',
    )
    await expect(outboundCall(`http://127.0.0.1:${port}/to-ftp`, {}, { allow: allow() })).rejects.toThrow(OutboundRefused)
    expect(hits.map((h) => h.url)).toEqual(['/to-localhost', '/to-metadata', '/to-ftp'])

    hits.length = 0
    await expect(outboundCall(`http://127.0.0.1:${port}/loop`, {}, { allow: allow() })).rejects.toThrow(
      new OutboundFailed('more than 3 redirects'),
    )
    expect(hits).toHaveLength(4)
  })

  it('a POST redirected by 303 becomes a GET without its body; by 307 it stays a POST', async () => {
    hits.length = 0
    const post = { method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: '{"a":1}' }
    expect((await outboundCall(`http://127.0.0.1:${port}/see-other`, post, { allow: allow() })).text).toBe('fine')
    expect((await outboundCall(`http://127.0.0.1:${port}/keep`, post, { allow: allow() })).text).toBe('fine')
    expect(hits.map((h) => [h.url, h.method, h.body])).toEqual([
      ['/see-other', 'POST', '{"a":1}'],
      ['/ok', 'GET', ''],
      ['/keep', 'POST', '{"a":1}'],
      ['/ok', 'POST', '{"a":1}'],
    ])
  })

  it('reads at most 64 KiB of an answer and gives up after the deadline', async () => {
    const big = await outboundCall(`http://127.0.0.1:${port}/big`, {}, { allow: allow() })
    expect(big.text).toHaveLength(64 * 1024)
    expect(big.truncated).toBe(true)
    const started = Date.now()
    await expect(outboundCall(`http://127.0.0.1:${port}/silent`, {}, { allow: allow(), timeoutMs: 300 })).rejects.toThrow(
      new OutboundFailed('no answer within 0.3 s'),
    )
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it('connects to the address it resolved once (no second lookup to rebind), with the name as Host', async () => {
    hits.length = 0
    lookups.count = 0
    const answer = await outboundCall(`http://pinned.test:${port}/ok`, {}, { allow: ['pinned.test'] })
    expect(answer.status).toBe(200)
    expect(lookups.count).toBe(1)
    expect(hits.map((h) => h.host)).toEqual([`pinned.test:${port}`])
  })

  it('the SMS webhook and the OAuth client call through it: their configured hosts pass, other hosts are checked', async () => {
    hits.length = 0
    const sms = new WebhookSmsProvider(`http://localhost:${port}/ok`, [])
    await expect(sms.send('13800000000', 'x')).rejects.toThrow(
      new DeliveryError(`SMS webhook refused: localhost:${port} → 127.0.0.1 is loopback`, 'refused'),
    )
    await expect(new WebhookSmsProvider(`http://127.0.0.1:${port}/ok`, allow()).send('13800000000', 'x')).resolves.toBeUndefined()
    const provider = { clientId: 'a', clientSecret: 's', authorizeUrl: 'https://p.example/a', openidUrl: null }
    const viaRedirect = new OAuthClient('wechat', {
      ...provider,
      tokenUrl: `http://127.0.0.1:${port}/to-metadata`,
      userinfoUrl: 'https://p.example/u',
    })
    await expect(viaRedirect.identity('code', 'https://trestle.example/cb')).rejects.toThrow(
      'refused (redirected to 169.254.169.254 is cloud metadata)',
    )
    expect(hits.map((h) => h.url)).toEqual(['/ok', '/to-metadata?appid=a&secret=s&code=code&grant_type=authorization_code'])
  })

  it('a configured URL is checked when saved: 20001 on its field, in the request language', async () => {
    const refused = await checkOutboundUrl('http://169.254.169.254/latest', [], 'en').catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(ApiError)
    expect((refused as ApiError).data).toEqual([
      { field: 'webhookUrl', key: 'v.invalid', message: expect.stringContaining('169.254.169.254') },
    ])
    const zh = (await checkOutboundUrl(`http://localhost:${port}/`, [], 'zh').catch((e: unknown) => e)) as ApiError
    expect((zh.data as { message: string }[])[0]!.message).toContain('不允许调用该地址')
    await expect(checkOutboundUrl(`http://127.0.0.1:${port}/`, allow(), 'zh')).resolves.toBeUndefined()
    await expect(checkOutboundUrl('https://no-such-host.invalid/hook', [], 'zh')).resolves.toBeUndefined()
    await expect(checkOutboundUrl(null, [], 'zh')).resolves.toBeUndefined()
  })
})
