/** Starts the gateway: settings, database (migrate, seed on first start, sync the console's menus), listen. */
import { buildApp } from './app'
import { ConfigError, loadConfig, type Config } from './config'
import { rmSync, writeFileSync } from 'node:fs'
import { backupPath, pidFile, writeWhole } from './db/backup'
import { openDatabase } from './db/client'
import { DEFAULT_PASSWORD_COST, setPasswordCost } from './lib/crypto'
import { describeSync, syncConsoleMenus } from './db/menuSync'
import { seed } from './seed'

async function main(): Promise<void> {
  const major = Number(process.versions.node.split('.')[0])
  if (major < 24) {
    // Login ciphers rely on Node 24's implicit rejection for RSA PKCS#1 v1.5 (DESIGN §2).
    console.error(`Trestle gateway needs Node.js 24 or later (this is ${process.version}); run it through npm scripts or npx.`)
    process.exit(1)
  }
  let config: Config
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Trestle gateway: ${err.message}`)
      process.exit(1)
    }
    throw err
  }
  // The app's logger exists only once the app is built; until then, stderr.
  let warn = (obj: object, msg: string) => console.error(msg, obj)
  setPasswordCost(config.passwordCost)
  if (config.passwordCost < DEFAULT_PASSWORD_COST)
    warn(
      { passwordCost: config.passwordCost },
      `TRESTLE_PASSWORD_COST below ${DEFAULT_PASSWORD_COST}: password hashes are cheaper to guess (for test machines only)`,
    )
  const database = await openDatabase(config, {
    onSlowTransaction: ({ ms, done, stack }) =>
      warn({ ms, stack }, done ? `database transaction ended after ${ms} ms` : `database transaction open for ${ms} ms`),
    onConnectionError: (err) => warn({ err: err.message }, 'the database ended a connection; the next query opens another'),
  })
  const demo = database.kind === 'pglite'
  const { seeded, synced } = await database.withStartupLock(async () => {
    await database.migrate()
    const seeded = await seed(database.db, config, demo)
    // Every start: menus and functions a later version added reach a database seeded before it.
    return { seeded, synced: await syncConsoleMenus(database.db, config.appCode) }
  })
  const app = await buildApp(config, database.db, { listen: database.listen, poolStats: database.poolStats, readDb: database.readDb })
  warn = (obj, msg) => app.log.warn(obj, msg)
  // SIGTERM: stop accepting (Fastify answers 503 meanwhile, /readyz included), end the live streams with
  // a retry hint, finish the requests in flight, close the database; past TRESTLE_SHUTDOWN_SECONDS, exit anyway.
  let stopping = false
  const shutdown = async () => {
    if (stopping) return
    stopping = true
    setTimeout(() => {
      console.error(`Trestle gateway: requests still running after ${config.shutdownSeconds} s, exiting`)
      process.exit(1)
    }, config.shutdownSeconds * 1000).unref()
    await app.close()
    await database.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown())
  process.once('SIGTERM', () => void shutdown())
  if (demo) {
    // `npm run backup` while this gateway runs: it finds the pid here and asks with SIGUSR2
    writeFileSync(pidFile(config), String(process.pid))
    process.once('exit', () => rmSync(pidFile(config), { force: true }))
    process.on('SIGUSR2', () => {
      const file = backupPath(config)
      database
        .backup()
        .then((bytes) => {
          if (bytes) writeWhole(file, bytes)
          app.log.info({ file }, 'backup written')
        })
        .catch((err: unknown) => app.log.error({ err }, 'backup failed'))
    })
  }

  await app.listen({ port: config.port, host: config.host })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)'
  console.log(`Trestle gateway: ${where}${seeded === 'seeded' ? ', first start: data seeded' : ''}${describeSync(synced)}`)
  if (database.kind !== 'pglite' && !config.secretKey)
    console.warn(
      `Trestle gateway: TRESTLE_SECRET_KEY is not set, so the delivery services' stored secrets are sealed under ${config.dataDir}/secret.key — every gateway on this database needs the same key (set TRESTLE_SECRET_KEY on all of them)`,
    )
  console.log(
    demo
      ? `Trestle gateway on http://localhost:${port} — sign in as admin / ${config.demoPassword} (demo)`
      : `Trestle gateway on http://localhost:${port} — sign in as admin with the password in TRESTLE_ADMIN_PASSWORD`,
  )
}

main().catch((err: unknown) => {
  console.error('Trestle gateway failed to start:', err)
  process.exit(1)
})
