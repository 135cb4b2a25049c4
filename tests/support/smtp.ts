/**
 * A real SMTP server for tests (smtp-server, from the nodemailer project): accepts mail with
 * AUTH PLAIN/LOGIN (plain text on localhost, no STARTTLS), parses every message with mailparser
 * and keeps it for the test to read.
 */
import { SMTPServer } from 'smtp-server'
import { simpleParser, type ParsedMail } from 'mailparser'

export interface ReceivedMail {
  to: string[]
  from: string
  subject: string
  text: string
  html: string
  parsed: ParsedMail
}

export interface LocalSmtp {
  port: number
  user: string
  pass: string
  mails: ReceivedMail[]
  /** The next mail to `to` (waits up to `ms`). */
  waitFor(to: string, ms?: number): Promise<ReceivedMail>
  close(): Promise<void>
}

export async function startSmtp(user = 'mailer', pass = 'Mail#2026'): Promise<LocalSmtp> {
  const mails: ReceivedMail[] = []
  const waiting: { to: string; resolve(m: ReceivedMail): void }[] = []
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === user && auth.password === pass) cb(null, { user })
      else cb(new Error('Invalid username or password'))
    },
    onData(stream, session, cb) {
      simpleParser(stream)
        .then((parsed) => {
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase())
          const mail: ReceivedMail = {
            to,
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            parsed,
          }
          mails.push(mail)
          for (const w of [...waiting]) {
            if (to.includes(w.to)) {
              waiting.splice(waiting.indexOf(w), 1)
              w.resolve(mail)
            }
          }
          cb()
        })
        .catch((err: Error) => cb(err))
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const addr = server.server.address()
  const port = typeof addr === 'object' && addr ? addr.port : 0
  return {
    port,
    user,
    pass,
    mails,
    waitFor(to, ms = 10_000) {
      const address = to.toLowerCase()
      return new Promise<ReceivedMail>((resolve, reject) => {
        const entry = {
          to: address,
          resolve: (m: ReceivedMail) => {
            clearTimeout(timer)
            resolve(m)
          },
        }
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(entry), 1)
          reject(new Error(`no mail to ${to} within ${ms} ms`))
        }, ms)
        waiting.push(entry)
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The 6-digit code in a message's text. */
export function codeIn(text: string): string {
  const m = /\b(\d{6})\b/.exec(text)
  if (!m) throw new Error(`no code in: ${text}`)
  return m[1]!
}
