/**
 * Outbound calls (issue 28) on both databases: a hand-sent message's webhook aimed at the gateway's own
 * machine or the cloud metadata address is a failed delivery with its reason, and the address is never
 * called. The test gateways allow-list `127.0.0.1` only (tests/support/gateway.ts): the receiver here
 * listens there, and every attack spells a host that is not on the list — `localhost` by name,
 * 127.0.0.2 written as a decimal number, the IPv4-mapped IPv6 form, 169.254.169.254, and redirects from
 * the allowed receiver to those.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import type { Client } from './client'
import { post, type PageOf } from './accounts-fixtures'
import { signedIn, uniqueName } from './helpers'
import { MSG, until } from './messages-fixtures'

interface Push {
  status: string
  lastError: string | null
  titleZh: string
}

describe.each(provided('targets'))('outbound calls on $name', (t) => {
  let admin: Client
  let me: { type: 'person'; id: string; name: string }
  let hook: Server
  let port: number
  const hits: string[] = []

  beforeAll(async () => {
    admin = await signedIn(t)
    const info = await admin.call<{ accountId: string }>('GET', '/api/portal/v1/user/info')
    me = { type: 'person', id: info.body.data.accountId, name: 'admin' }
    hook = createServer((req, res) => {
      hits.push(req.url ?? '')
      req.resume()
      const to: Record<string, string> = {
        '/to-localhost': `http://localhost:${port}/robot`,
        '/to-metadata': 'http://169.254.169.254/latest/meta-data/',
      }
      const location = to[req.url ?? '']
      res.writeHead(location ? 302 : 200, location ? { location } : {}).end()
    })
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r))
    port = (hook.address() as AddressInfo).port
  })
  afterAll(async () => {
    if (!hook) return
    hook.closeAllConnections()
    await new Promise((r) => hook.close(r))
  })

  /** Sends a message to admin's webhook at `url`; its push once it was tried (sent, or failed with its error). */
  let sends = 0
  async function pushTo(url: string): Promise<Push> {
    // sent side by side in one millisecond: the counter keeps the titles apart
    const title = `${uniqueName('外呼')}-${++sends}`
    const sent = await post(admin, MSG.send, {
      receivers: [me],
      channels: ['webhook'],
      webhookUrl: url,
      titleZh: title,
      titleEn: 'Outbound',
      contentZh: '外呼测试',
      contentEn: 'Outbound test',
    })
    expect(sent.body.code, sent.text).toBe(10000)
    return until(async () => {
      for (const list of [MSG.pushed, MSG.waiting]) {
        const r = await admin.call<PageOf<Push>>('GET', list, { query: { pageSize: 50, channel: 'webhook' } })
        const push = r.body.data.records.find((p) => p.titleZh === title)
        if (push && (push.status === 'sent' || push.lastError)) return push
      }
      return undefined
    })
  }

  it('refuses local and metadata addresses in any spelling when sent (20001), and on every redirect hop as failed deliveries', async () => {
    hits.length = 0
    // 2130706434 is 127.0.0.2; [::ffff:127.0.0.1] is loopback inside a mapped IPv6 address
    for (const [url, host] of [
      [`http://localhost:${port}/robot`, `localhost:${port}`],
      [`http://2130706434:${port}/robot`, `127.0.0.2:${port}`],
      [`http://[::ffff:127.0.0.1]:${port}/robot`, '[::ffff:7f00:1]'],
      ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ] as const) {
      const r = await post(admin, MSG.send, {
        receivers: [me],
        channels: ['webhook'],
        webhookUrl: url,
        titleZh: uniqueName('外呼'),
        titleEn: 'Outbound',
        contentZh: '外呼测试',
        contentEn: 'Outbound test',
      })
      expect(r.body.code, url).toBe(20001)
      expect(r.body.data).toEqual([{ field: 'webhookUrl', key: 'v.invalid', message: expect.stringContaining(host) }])
    }
    // an allowed address that redirects to a refused one is refused when called
    const cases: [string, RegExp][] = [
      [`http://127.0.0.1:${port}/to-localhost`, new RegExp(`^webhook refused: redirected to localhost:${port} → \\S+ is loopback$`)],
      [`http://127.0.0.1:${port}/to-metadata`, /^webhook refused: redirected to 169\.254\.169\.254 is cloud metadata$/],
    ]
    const pushes = await Promise.all(cases.map(([url]) => pushTo(url)))
    pushes.forEach((push, i) => {
      expect(push.status, cases[i]![0]).not.toBe('sent')
      expect(push.lastError, cases[i]![0]).toMatch(cases[i]![1])
    })
    // only the allow-listed first hops of the redirects reached the receiver
    expect(new Set(hits)).toEqual(new Set(['/to-localhost', '/to-metadata']))

    // the allow-listed receiver itself is called
    expect((await pushTo(`http://127.0.0.1:${port}/robot`)).status).toBe('sent')
    expect(hits).toContain('/robot')
  })

  it('a configuration whose webhook points at a refused address is not saved: 20001 on webhookUrl', async () => {
    for (const [webhookUrl, lang, text] of [
      ['http://169.254.169.254/latest/meta-data/', 'en', 'may not be called'],
      [`http://localhost:${port}/robot`, 'zh', '不允许调用该地址'],
    ] as const) {
      const r = await post(
        admin,
        `${MSG.custom}/add`,
        {
          configName: uniqueName('外呼配置'),
          channels: ['webhook'],
          receivers: [me],
          webhookUrl,
          titleZh: 'x',
          titleEn: 'x',
          contentZh: 'x',
          contentEn: 'x',
        },
        lang,
      )
      expect(r.body.code, r.text).toBe(20001)
      expect(r.body.data).toEqual([{ field: 'webhookUrl', key: 'v.invalid', message: expect.stringContaining(text) }])
    }
  })
})
