/** What every plugin and module gets: settings, the database, the RSA key store. */
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config'
import type { Db } from './db/client'
import type { KeyStore } from './modules/auth/keys'

export interface Ctx {
  config: Config
  db: Db
  keys: KeyStore
  log: FastifyBaseLogger
}
