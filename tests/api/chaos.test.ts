/**
 * Beyond one machine (issue 31): three gateways on one PostgreSQL server of this test's own, behind a
 * small round-robin proxy, driven by 20 tablets replaying their work (role adds, edits and deletes,
 * photos, messages sent and read) while a gateway is killed with SIGKILL every few seconds and
 * started again, PostgreSQL is restarted once, and the proxy drops connections — before a request
 * reaches a gateway, and after the gateway answered (the tablet never hears). A tablet sends each
 * piece of work with one Idempotency-Key until it gets an answer, as the outbox does. Afterwards:
 * every change is there exactly once, every answer is a success (no false conflict), every photo
 * reads back through every gateway, and three live streams (reconnecting with Last-Event-ID) got
 * every message once. The figures are printed.
 */
import { readFileSync } from 'node:fs'
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startGateway, type Gateway } from '../support/gateway'
import { hasPostgres, startPostgres, type PostgresServer } from '../support/postgres'
import { Client, newKey, type Answer, type CallOptions } from './client'
import { multipart, noisyPng, UPLOAD, type FileInfo } from './files-fixtures'
import { ROLE, sleep, uniqueName } from './helpers'
import { MSG, openStream, type Msg, type SseEvent } from './messages-fixtures'

const PASSWORD = 'Chaos#2026x'
const TABLETS = 20
/** Rounds of work per tablet (each: add and edit a role, add and delete another, a photo, a message). */
const ROUNDS = 3
/** Go on with more rounds until gateways have been killed this often. */
const KILLS = 4
const DROP_BEFORE = 0.03
const DROP_AFTER = 0.05

interface Role {
  roleId: string
  roleName: string
  version: number
}
type Op = { method: string; path: string; opts: CallOptions }

const data = <T>(a: Answer): T => a.body.data as T

describe.runIf(hasPostgres())('chaos: 3 gateways behind a proxy, killed, PostgreSQL restarted, connections dropped', () => {
  let pg: PostgresServer
  const gateways: Gateway[] = []
  const restarting = new Map<number, Promise<void>>()
  const env = () => ({
    DATABASE_URL: pg.url(),
    TRESTLE_ADMIN_PASSWORD: PASSWORD,
    TRESTLE_IDEMPOTENCY_LEASE: '2',
    // a delivery job claimed by a gateway killed meanwhile is taken over after 3 s
    TRESTLE_JOB_LEASE: '3',
  })
  const alive = (i: number) => !restarting.has(i) && gateways[i]!.child.exitCode === null && gateways[i]!.child.signalCode === null
  const figures = { changes: 0, kills: 0, pgRestarts: 0, dropsBefore: 0, dropsAfter: 0, retries: 0 }
  let proxy: http.Server
  let proxyUrl = ''

  /** Round robin over the gateways that are up; drops some connections on purpose. */
  function startProxy(): Promise<void> {
    let next = 0
    proxy = http.createServer((req, res) => {
      const live = [0, 1, 2].filter(alive)
      if (!live.length) return void res.writeHead(502).end()
      const target = new URL(gateways[live[next++ % live.length]!]!.url)
      const stream = req.url?.startsWith(MSG.stream)
      if (!stream && req.method !== 'GET' && Math.random() < DROP_BEFORE) {
        figures.dropsBefore++
        return void req.socket.destroy()
      }
      const dropAfter = !stream && req.method !== 'GET' && Math.random() < DROP_AFTER
      const up = http.request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          if (dropAfter) {
            figures.dropsAfter++
            answer.resume()
            answer.on('end', () => req.socket.destroy())
            return
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
          // a gateway killed mid-answer (a live stream): the tablet's connection ends too
          answer.on('close', () => {
            if (!answer.complete) res.destroy()
          })
        },
      )
      up.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()))
      res.on('close', () => up.destroy())
      req.pipe(up)
    })
    return new Promise((resolve) =>
      proxy.listen(0, '127.0.0.1', () => {
        proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`
        resolve()
      }),
    )
  }

  /** Gateways that ended without being killed here (they must not: a PostgreSQL restart is survived). */
  const unexpectedExits: string[] = []
  const start = async (i: number): Promise<Gateway> => {
    // a start while PostgreSQL restarts may fail: again
    for (let attempt = 1; ; attempt++) {
      try {
        const g = await startGateway(`chaos${i}`, env())
        g.child.once('exit', (code, signal) => {
          if (signal !== 'SIGKILL' && signal !== 'SIGTERM')
            unexpectedExits.push(`chaos${i}: ${code ?? signal}: ${readFileSync(g.log, 'utf8').slice(-1500)}`)
        })
        return g
      } catch (err) {
        if (attempt === 5) throw err
        await sleep(1000)
      }
    }
  }
  const restart = (i: number) => {
    const old = gateways[i]!
    const done = (async () => {
      old.child.kill('SIGKILL')
      if (old.child.exitCode === null && old.child.signalCode === null) await new Promise((r) => old.child.once('exit', r))
      old.removeData()
      gateways[i] = await start(i)
    })().finally(() => restarting.delete(i))
    restarting.set(i, done)
  }

  beforeAll(async () => {
    pg = await startPostgres('chaos')
    // the first migrates and seeds; the others find it done
    gateways.push(await start(0))
    gateways.push(...(await Promise.all([1, 2].map(start))))
    await startProxy()
  }, 240_000)

  afterAll(async () => {
    proxy?.close()
    await Promise.allSettled(restarting.values())
    await Promise.all(gateways.map((g) => g.stop()))
    pg?.remove()
  })

  /** What the outbox does: one key, sent again until an answer comes (a dropped connection, a 5xx or 20009 is no answer). */
  async function send(c: Client, op: Op): Promise<Answer> {
    const key = newKey()
    for (let attempt = 0; attempt < 200; attempt++) {
      try {
        const r = await c.call(op.method, op.path, { ...op.opts, idempotencyKey: key })
        if (r.status < 500 && r.status !== 502 && r.body.code !== 20009) {
          figures.changes++
          return r
        }
      } catch {
        // dropped: sent again
      }
      figures.retries++
      await sleep(200 + Math.random() * 300)
    }
    throw new Error(`${op.method} ${op.path}: no answer after 200 attempts`)
  }

  async function signIn(): Promise<Client> {
    for (;;) {
      try {
        return await new Client(proxyUrl).signIn('admin', PASSWORD)
      } catch {
        await sleep(300)
      }
    }
  }

  /** A live stream that reconnects from the last message it got, as the console's does; the messages it got, in order. */
  function liveClient(c: Client, stop: () => boolean) {
    const got: Msg[] = []
    const stats = { connections: 0, events: 0 }
    const done = (async () => {
      let last: number | undefined
      while (!stop()) {
        try {
          const stream = await openStream(c, last)
          if (stream.status !== 200) throw new Error(String(stream.status))
          stats.connections++
          let seen = 0
          // read what arrives until the stream ends (a killed gateway) or the run stops
          for (;;) {
            const events: SseEvent[] = stream.events
            for (; seen < events.length; seen++) {
              const e = events[seen]!
              stats.events++
              if (e.event === 'message') {
                got.push(JSON.parse(e.data) as Msg)
                if (e.id) last = Number(e.id)
              } else if (e.event === 'ready') last ??= (JSON.parse(e.data) as { lastId: number }).lastId
            }
            if (stream.ended() || stop()) break
            await sleep(100)
          }
          stream.close()
        } catch {
          await sleep(300)
        }
      }
    })()
    return { got, done, stats }
  }

  it('every change arrives exactly once, every photo reads through every gateway, every live client gets every message once', async () => {
    const started = Date.now()
    const admin = await signIn()
    const me = data<{ accountId: string }>(await admin.call('GET', '/api/portal/v1/user/info'))
    const prefix = uniqueName('混沌')
    const toMe = { receivers: [{ type: 'person', id: me.accountId, name: 'admin' }], channels: ['inApp'] }
    // one message per tablet to mark read during the run
    for (let t = 0; t < TABLETS; t++) {
      await send(admin, {
        method: 'POST',
        path: MSG.send,
        opts: { json: { ...toMe, titleZh: `${prefix}读${t}`, titleEn: `read ${t}`, contentZh: '读', contentEn: 'read' } },
      })
    }
    const inbox = async (keyword: string) =>
      data<{ records: Msg[] }>(await admin.call('GET', MSG.inbox, { query: { keyword, pageSize: 500 } })).records
    let toRead: Msg[] = []
    for (let i = 0; i < 50 && toRead.length < TABLETS; i++) {
      toRead = await inbox(`${prefix}读`)
      await sleep(200)
    }
    expect(toRead).toHaveLength(TABLETS)

    let running = true
    let listening = true
    const listeners = await Promise.all([0, 1, 2].map(async () => liveClient(await signIn(), () => !listening)))
    await sleep(500)
    const killer = (async () => {
      while (running) {
        await sleep(1500 + Math.random() * 1500)
        const live = [0, 1, 2].filter(alive)
        if (!running || live.length < 2) continue
        figures.kills++
        restart(live[Math.floor(Math.random() * live.length)]!)
        if (figures.kills === 2) {
          pg.restart()
          figures.pgRestarts++
        }
      }
    })()

    const kept: string[] = []
    const deleted: string[] = []
    const photos: { info: FileInfo; bytes: Buffer }[] = []
    const sentTitles: string[] = []
    const answers: Answer[] = []
    try {
      await Promise.all(
        Array.from({ length: TABLETS }, async (_, t) => {
          const c = await signIn()
          answers.push(await send(c, { method: 'POST', path: MSG.read, opts: { json: { ids: [toRead[t]!.id] } } }))
          for (let k = 0; k < 12 && (k < ROUNDS || figures.kills < KILLS); k++) {
            const name = `${prefix}-${t}-${k}`
            const added = await send(c, { method: 'POST', path: `${ROLE}/add`, opts: { json: { roleName: name, dataScope: 'own' } } })
            answers.push(added)
            const role = data<Role>(added)
            const edit = { roleId: role.roleId, version: role.version, roleName: `${name}改`, dataScope: 'own' }
            answers.push(await send(c, { method: 'PUT', path: `${ROLE}/update`, opts: { json: edit } }))
            kept.push(`${name}改`)
            const gone = await send(c, { method: 'POST', path: `${ROLE}/add`, opts: { json: { roleName: `${name}删`, dataScope: 'own' } } })
            answers.push(gone)
            answers.push(await send(c, { method: 'POST', path: `${ROLE}/delete`, opts: { form: { ids: data<Role>(gone).roleId } } }))
            deleted.push(`${name}删`)
            const bytes = noisyPng(40, 30)
            const raw = multipart({ name: `${name}.png`, type: 'image/png', bytes })
            const up = await send(c, { method: 'POST', path: UPLOAD, opts: { query: { purpose: 'photo' }, raw, unsignedPayload: true } })
            answers.push(up)
            photos.push({ info: data<FileInfo>(up), bytes })
            const title = `${prefix}信${t}-${k}`
            answers.push(
              await send(c, {
                method: 'POST',
                path: MSG.send,
                opts: { json: { ...toMe, titleZh: title, titleEn: title, contentZh: '现场', contentEn: 'site' } },
              }),
            )
            sentTitles.push(title)
          }
        }),
      )
    } finally {
      running = false
      await killer
      await Promise.allSettled(restarting.values())
    }
    const seconds = (Date.now() - started) / 1000

    // every answer a success: no false conflict (20008), no refusal of a replay
    const failed = answers.filter((a) => a.body.code !== 10000).map((a) => a.text)
    expect(failed).toEqual([])

    const check = await signIn()
    const roles = data<Role[]>(await check.call('GET', `${ROLE}/list`, { query: { roleName: prefix } })).map((r) => r.roleName)
    const count = (name: string) => roles.filter((r) => r === name).length
    const duplicates = kept.filter((n) => count(n) > 1).length + (roles.length - new Set(roles).size)
    const lost = kept.filter((n) => count(n) === 0).length
    const undeleted = deleted.filter((n) => count(n) > 0).length

    expect(unexpectedExits).toEqual([])
    expect([0, 1, 2].filter(alive)).toEqual([0, 1, 2])
    // the photos: through every gateway
    let unreadable = 0
    for (const p of photos) {
      for (const g of gateways) {
        const got = await fetch(new URL(p.info.url, g.url))
        if (got.status !== 200 || !Buffer.from(await got.arrayBuffer()).equals(p.bytes)) unreadable++
      }
    }
    // the messages: each once in the inbox, each once on every live stream
    let messages: Msg[] = []
    for (let i = 0; i < 100; i++) {
      messages = (await check.call<{ records: Msg[] }>('GET', MSG.inbox, { query: { keyword: `${prefix}信`, pageSize: 500 } })).body.data
        .records
      if (messages.length >= sentTitles.length) break
      await sleep(300)
    }
    const inboxTitles = messages.map((m) => m.titleZh)
    const readNow = await inbox(`${prefix}读`)
    // the live streams: until each has had every message, or 20 s
    const streamedOf = (l: (typeof listeners)[number]) => l.got.filter((m) => m.titleZh.startsWith(`${prefix}信`))
    for (let i = 0; i < 100 && listeners.some((l) => streamedOf(l).length < sentTitles.length); i++) await sleep(200)
    listening = false
    await Promise.all(listeners.map((l) => l.done))
    const streamed = listeners.map(streamedOf)

    const result = {
      ...figures,
      tablets: TABLETS,
      seconds,
      duplicates,
      lost,
      undeleted,
      unreadablePhotos: unreadable,
      messagesSent: sentTitles.length,
      messagesInInbox: inboxTitles.length,
      liveReceived: streamed.map((s) => s.length),
      liveStreams: listeners.map((l) => l.stats),
    }
    console.log(`chaos figures: ${JSON.stringify(result)}`)

    expect(figures.kills).toBeGreaterThanOrEqual(KILLS)
    expect(figures.pgRestarts).toBe(1)
    expect(figures.dropsBefore + figures.dropsAfter).toBeGreaterThan(0)
    expect({ duplicates, lost, undeleted, unreadable }).toEqual({ duplicates: 0, lost: 0, undeleted: 0, unreadable: 0 })
    expect(inboxTitles.sort()).toEqual([...sentTitles].sort())
    expect(readNow.every((m) => m.readAt !== null)).toBe(true)
    for (const s of streamed) {
      expect(new Set(s.map((m) => m.id)).size).toBe(s.length)
      expect(s.map((m) => m.titleZh).sort()).toEqual([...sentTitles].sort())
    }
  }, 600_000)
})
