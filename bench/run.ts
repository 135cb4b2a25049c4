/**
 * `npm run bench`: figures for the gateway on the embedded database, measured from an outside
 * client over loopback — the login sequence, signed reads and signed writes with idempotency keys.
 * Prints figures; budgets are read by people, not asserted.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client, newKey } from '../tests/api/client'

const PASSWORD = 'Bench@2026'

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })

function stats(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0
  const mean = ms.reduce((a, b) => a + b, 0) / ms.length
  return `n=${ms.length} mean=${mean.toFixed(1)} ms p50=${at(0.5).toFixed(1)} ms p95=${at(0.95).toFixed(1)} ms`
}

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now()
  const r = await fn()
  return [performance.now() - t, r]
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'trestle-bench-'))
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const gateway = spawn('node_modules/.bin/tsx', ['server/main.ts'], {
    env: { ...process.env, PORT: String(port), TRESTLE_DATA_DIR: dir, TRESTLE_DEMO_PASSWORD: PASSWORD, TRESTLE_SERVE_DIST: join(dir, 'none'), TRESTLE_LOGIN_MAX_FAILURES: '1000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  try {
    const startedAt = performance.now()
    for (;;) {
      try {
        const r = await fetch(`${base}/api/auth/v1/generalAccount/getPubKey?appCode=trestle-admin`)
        if (r.ok) break
      } catch {
        /* not up yet */
      }
      if (performance.now() - startedAt > 120_000) throw new Error('gateway did not start')
      await new Promise((r) => setTimeout(r, 200))
    }
    console.log(`gateway start (fresh database, migrations + seed): ${((performance.now() - startedAt) / 1000).toFixed(1)} s`)

    const logins: number[] = []
    let client = new Client(base)
    for (let i = 0; i < 5; i++) {
      client = new Client(base)
      const [ms] = await timed(() => client.signIn('admin', PASSWORD))
      logins.push(ms)
    }
    console.log(`login sequence (getPubKey, login, getAccessToken; scrypt N=2^17): ${stats(logins)}`)

    const reads: number[] = []
    for (let i = 0; i < 300; i++) {
      const [ms, r] = await timed(() => client.call('GET', '/api/admin/v1/role/listPage', { query: { pageIndex: 1, pageSize: 20 } }))
      if (r.body.code !== 10000) throw new Error(r.text)
      reads.push(ms)
    }
    console.log(`signed GET role/listPage, sequential: ${stats(reads)}`)

    const concurrency = 8
    const perWorker = 50
    const [total] = await timed(() =>
      Promise.all(
        Array.from({ length: concurrency }, async () => {
          for (let i = 0; i < perWorker; i++) {
            const r = await client.call('GET', '/api/admin/v1/applicationMenu/listByMenuOperatePermission', { query: { appCode: 'trestle-admin', sortBy: 'sort', desc: false } })
            if (r.body.code !== 10000) throw new Error(r.text)
          }
        }),
      ),
    )
    console.log(`signed GET menu by permission, ${concurrency} concurrent: ${((concurrency * perWorker) / (total / 1000)).toFixed(0)} req/s`)

    const writes: number[] = []
    for (let i = 0; i < 100; i++) {
      const [ms, r] = await timed(() => client.call('POST', '/api/admin/v1/role/add', { json: { roleName: `基准角色${i}`, sort: 1 }, idempotencyKey: newKey() }))
      if (r.body.code !== 10000) throw new Error(r.text)
      writes.push(ms)
    }
    console.log(`signed POST role/add with Idempotency-Key: ${stats(writes)}`)
  } finally {
    gateway.kill('SIGTERM')
    await new Promise((r) => gateway.once('exit', r))
    rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
