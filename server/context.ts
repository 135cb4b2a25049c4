/** What every plugin and module gets: settings, the database, the RSA key store, the job runner. */
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config'
import type { Db } from './db/client'
import type { JobRunner } from './lib/jobs'
import type { KeyStore } from './modules/auth/keys'

export interface Ctx {
  config: Config
  db: Db
  /**
   * Reads that may lag behind the latest writes (log searches and exports, the dashboard): a streaming
   * replica when TRESTLE_READ_URL is set, else `db`. Never for what a user must see right after writing it.
   */
  readDb: Db
  keys: KeyStore
  log: FastifyBaseLogger
  /** The background jobs of this process (server/lib/jobs.ts): areas add their handlers and event consumers. */
  jobs: JobRunner
}
