/** A local HTTP receiver standing in for an SMS provider's webhook: records `{ to, text }` POSTs. */
import { createServer } from 'node:http'

export interface SmsMessage {
  to: string
  text: string
}

export interface SmsReceiver {
  url: string
  messages: SmsMessage[]
  /** Answer this HTTP status from now on (e.g. 500 to simulate a provider failure). */
  status: number
  waitFor(to: string, ms?: number): Promise<SmsMessage>
  close(): Promise<void>
}

export async function startSmsReceiver(): Promise<SmsReceiver> {
  const messages: SmsMessage[] = []
  const waiting: { to: string; resolve(m: SmsMessage): void }[] = []
  const state = { status: 200 }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      if (state.status !== 200 || req.method !== 'POST' || !req.headers['content-type']?.includes('application/json')) {
        res.writeHead(state.status === 200 ? 400 : state.status).end('refused')
        return
      }
      const msg = JSON.parse(Buffer.concat(chunks).toString('utf8')) as SmsMessage
      messages.push(msg)
      for (const w of [...waiting]) {
        if (w.to === msg.to) {
          waiting.splice(waiting.indexOf(w), 1)
          w.resolve(msg)
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const addr = server.address()
  const port = typeof addr === 'object' && addr ? addr.port : 0
  const receiver: SmsReceiver = {
    url: `http://127.0.0.1:${port}/sms`,
    messages,
    get status() {
      return state.status
    },
    set status(v: number) {
      state.status = v
    },
    waitFor(to, ms = 10_000) {
      return new Promise<SmsMessage>((resolve, reject) => {
        const entry = {
          to,
          resolve: (m: SmsMessage) => {
            clearTimeout(timer)
            resolve(m)
          },
        }
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(entry), 1)
          reject(new Error(`no SMS to ${to} within ${ms} ms`))
        }, ms)
        waiting.push(entry)
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  return receiver
}
