/**
 * `npm run bench`: figures for the gateway on the embedded database, measured from an outside
 * client over loopback — the login sequence, signed reads and signed writes with idempotency keys.
 * Prints figures; budgets are read by people, not asserted.
 */
import { Client, newKey } from '../tests/api/client'
import { startGateway, stats } from './support'

const PASSWORD = 'Bench@2026'
/** These lines carry the mean and no maximum. */
const MEAN = { mean: true, max: false }

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now()
  const r = await fn()
  return [performance.now() - t, r]
}

async function main() {
  const startedAt = performance.now()
  const gateway = await startGateway({ TRESTLE_DEMO_PASSWORD: PASSWORD, TRESTLE_LOGIN_MAX_FAILURES: '1000' })
  const { base } = gateway
  try {
    console.log(`gateway start (fresh database, migrations + seed): ${((performance.now() - startedAt) / 1000).toFixed(1)} s`)

    const logins: number[] = []
    let client = new Client(base)
    for (let i = 0; i < 5; i++) {
      client = new Client(base)
      const [ms] = await timed(() => client.signIn('admin', PASSWORD))
      logins.push(ms)
    }
    console.log(`login sequence (getPubKey, login, getAccessToken; scrypt N=2^17): ${stats(logins, MEAN)}`)

    const reads: number[] = []
    for (let i = 0; i < 300; i++) {
      const [ms, r] = await timed(() => client.call('GET', '/api/admin/v1/role/listPage', { query: { pageIndex: 1, pageSize: 20 } }))
      if (r.body.code !== 10000) throw new Error(r.text)
      reads.push(ms)
    }
    console.log(`signed GET role/listPage, sequential: ${stats(reads, MEAN)}`)

    const concurrency = 8
    const perWorker = 50
    const [total] = await timed(() =>
      Promise.all(
        Array.from({ length: concurrency }, async () => {
          for (let i = 0; i < perWorker; i++) {
            const r = await client.call('GET', '/api/admin/v1/applicationMenu/listByMenuOperatePermission', {
              query: { appCode: 'trestle-admin', sortBy: 'sort', desc: false },
            })
            if (r.body.code !== 10000) throw new Error(r.text)
          }
        }),
      ),
    )
    console.log(
      `signed GET menu by permission, ${concurrency} concurrent: ${((concurrency * perWorker) / (total / 1000)).toFixed(0)} req/s`,
    )

    const writes: number[] = []
    for (let i = 0; i < 100; i++) {
      const [ms, r] = await timed(() =>
        client.call('POST', '/api/admin/v1/role/add', { json: { roleName: `基准角色${i}`, sort: 1 }, idempotencyKey: newKey() }),
      )
      if (r.body.code !== 10000) throw new Error(r.text)
      writes.push(ms)
    }
    console.log(`signed POST role/add with Idempotency-Key: ${stats(writes, MEAN)}`)
  } finally {
    await gateway.stop()
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
