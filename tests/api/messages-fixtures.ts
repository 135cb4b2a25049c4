/** Helpers of the message tests: the live stream read as a console reads it (a signed fetch), configurations. */
import { createHmac, randomBytes } from 'node:crypto'
import { Client, sha256, utcStamp } from './client'
import type { Target } from './global-setup'
import { lastVerifyCode, sleep } from './helpers'

export const MSG = {
  config: '/api/admin/v1/msgConfig',
  custom: '/api/admin/v1/msgCustomConfig',
  tree: '/api/admin/v1/msgConfig/accountTree',
  inbox: '/api/admin/v1/msgPushUser/listPage',
  unread: '/api/admin/v1/msgPushUser/unreadCount',
  read: '/api/admin/v1/msgPushUser/read',
  readAll: '/api/admin/v1/msgPushUser/readAll',
  send: '/api/admin/v1/msgPushUser/send',
  pushed: '/api/admin/v1/msgPushed/listPage',
  waiting: '/api/admin/v1/msgWaitPush/listPage',
  retry: '/api/admin/v1/msgWaitPush/retry',
  stream: '/api/portal/v1/msg/stream',
}

export interface Msg {
  id: number
  eventCode: string
  titleZh: string
  titleEn: string
  contentZh: string
  contentEn: string
  readAt: string | null
  senderName: string | null
}

export interface SseEvent {
  id: string | null
  event: string
  data: string
}

export interface LiveStream {
  events: SseEvent[]
  status: number
  /** Waits for an event matching `pick` (already received or arriving), else throws after `ms`. */
  next(pick: (e: SseEvent) => boolean, ms?: number): Promise<SseEvent>
  close(): void
  /** The stream has ended (the gateway closed it or went away). */
  ended(): boolean
}

/** Opens the live stream with the signed headers of every call (DESIGN §2), as the console's fetch does. */
export async function openStream(c: Client, lastEventId?: number): Promise<LiveStream> {
  const timestamp = utcStamp()
  const nonce = randomBytes(12).toString('hex')
  const toSign = [timestamp, nonce, 'GET', MSG.stream, '', sha256('')].join('\n')
  const signature = createHmac('sha256', c.privateKey ?? '')
    .update(toSign)
    .digest('hex')
  const abort = new AbortController()
  const res = await fetch(c.base + MSG.stream, {
    headers: {
      authorization: c.token ?? '',
      accessToken: c.accessToken ?? '',
      appCode: c.appCode,
      menuId: '',
      timestamp,
      nonce,
      signature,
      accept: 'text/event-stream',
      ...(lastEventId !== undefined ? { 'last-event-id': String(lastEventId) } : {}),
    },
    signal: abort.signal,
  })
  const events: SseEvent[] = []
  let ended = !res.body
  if (res.body && res.headers.get('content-type')?.startsWith('text/event-stream')) {
    void (async () => {
      const decoder = new TextDecoder()
      let buf = ''
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buf += decoder.decode(chunk, { stream: true })
          let at: number
          while ((at = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, at)
            buf = buf.slice(at + 2)
            const e: SseEvent = { id: null, event: 'message', data: '' }
            let any = false
            for (const line of block.split('\n')) {
              if (line.startsWith(':') || !line) continue
              const [k, ...rest] = line.split(':')
              const v = rest.join(':').replace(/^ /, '')
              if (k === 'id') e.id = v
              else if (k === 'event') e.event = v
              else if (k === 'data') e.data += v
              else continue
              any = true
            }
            if (any && (e.data || e.event !== 'message')) events.push(e)
          }
        }
      } catch {
        /* closed */
      }
      ended = true
    })()
  } else ended = true
  return {
    events,
    status: res.status,
    async next(pick, ms = 10_000) {
      const end = Date.now() + ms
      for (;;) {
        const hit = events.find(pick)
        if (hit) return hit
        if (Date.now() > end) throw new Error(`no matching live event in ${ms} ms; got ${JSON.stringify(events)}`)
        await sleep(20)
      }
    },
    close: () => abort.abort(),
    ended: () => ended,
  }
}

export const configBody = (over: Record<string, unknown> = {}) => ({
  configName: `消息配置${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`,
  eventCode: 'account.pending',
  status: 1,
  channels: ['inApp'],
  receivers: [],
  titleZh: '账号待审核：{accountName}',
  titleEn: 'Account awaiting audit: {accountName}',
  contentZh: '{userName}（{accountName}）注册了账号，请审核。',
  contentEn: '{userName} ({accountName}) registered an account; please review it.',
  ...over,
})

export async function until<T>(fn: () => Promise<T | undefined | null | false>, ms = 15_000, what = 'condition'): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await fn()
    if (v) return v
    if (Date.now() > end) throw new Error(`${what} not met in ${ms} ms`)
    await sleep(100)
  }
}

/** A registration through the public calls (as the register page sends it), its code read from the gateway's log. */
export async function registerAccount(
  t: Target,
  body: { accountName: string; userName: string; organizationId?: string },
): Promise<{ accountName: string }> {
  const phone = `135${String(Date.now()).slice(-8)}`
  const anon = new Client(t.url)
  const json = (b: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) })
  const asked = await anon.fetchRaw('POST', '/api/auth/v1/generalAccount/getVerifyCode', json({ cellphone: phone }))
  if (asked.body.code !== 10000) throw new Error(`getVerifyCode: ${asked.text}`)
  const code = await until(async () => lastVerifyCode(t, phone), 5000, 'verification code')
  const reg = await anon.fetchRaw(
    'POST',
    '/api/auth/v1/generalAccount/addByRegister',
    json({ ...body, password: 'Build#2026', confirmPassword: 'Build#2026', cellphone: phone, verifyCode: code }),
  )
  if (reg.body.code !== 10000) throw new Error(`addByRegister: ${reg.text}`)
  return { accountName: body.accountName }
}
