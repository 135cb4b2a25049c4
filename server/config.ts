/** Gateway settings, all from the environment (durations in seconds unless named otherwise). */
import path from 'node:path'
import { DEFAULT_APP_CODE } from '../src/contract/paths'
import { PACKAGE_MAX_MB } from '../src/contract/schemas/files'
import type { ImportBounds } from './lib/excel'
import { DEFAULT_PASSWORD_COST, PASSWORD_COST_RANGE } from './lib/crypto'
import { parseAllowList } from './lib/outbound'
import { loadNotifyConfig, type NotifyConfig } from './modules/notify'
import { loadOAuthConfig, type OAuthConfig } from './modules/oauth'

export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | null
  accessTokenTtl: number
  /** scrypt's cost for new password hashes, log2 of N (server/lib/crypto.ts). */
  passwordCost: number
  sessionIdleTtl: number
  sessionMaxTtl: number
  rsaKeyTtl: number
  appCode: string
  demoPassword: string
  adminPassword: string | null
  loginMaxFailures: number
  /** How long a lock lasts, also the window failed sign-ins are counted in (TRESTLE_LOCK_MINUTES, or TRESTLE_LOCK_SECONDS). */
  lockSeconds: number
  loginRateLimit: number
  serveDist: string
  trustProxy: boolean
  /** Verification codes: SMTP, SMS webhook, code lifetime, per-IP limit (server/modules/notify/config.ts). */
  notify: NotifyConfig
  /** WeChat / QQ OAuth2 providers and the public URL for redirects (server/modules/oauth/config.ts). */
  oauth: OAuthConfig
  /**
   * The server secret the delivery services' stored secrets are sealed under (TRESTLE_SECRET_KEY, at
   * least 32 characters); null: a random key generated once in `<dataDir>/secret.key` (server/lib/secretBox.ts).
   */
  secretKey: string | null
  /** Hosts (`host` or `host:port`) outbound calls reach without the address check (TRESTLE_WEBHOOK_ALLOW; server/lib/outbound.ts). */
  webhookAllow: string[]
  bodyLimit: number
  /** Seconds an in-progress Idempotency-Key is held; after that a retry with the same payload may take it over. */
  idempotencyLease: number
  /**
   * TRESTLE_CRASH_TESTS=1, for the crash tests only: a signed mutation carrying `x-trestle-crash:
   * before-commit|after-commit` kills its own process (SIGKILL) at that point of its transaction.
   */
  crashTests: boolean
  /** Seconds a signed file URL (`/files/<id>?exp&sig`) stays valid. */
  fileUrlTtl: number
  /** The largest installer package (upload purpose `package`, TRESTLE_PACKAGE_MAX_MB, default 512), in bytes. */
  packageMaxBytes: number
  /**
   * Where uploaded bytes live (server/modules/files/storage.ts): 'disk' — `<dataDir>/files`, one
   * machine's; 'database' — chunks in PostgreSQL, shared by every gateway on it. Default: 'database'
   * when DATABASE_URL is set, else 'disk' (`TRESTLE_FILE_STORE`); 's3' — objects in an S3-compatible
   * bucket (`TRESTLE_S3_*`), shared by every gateway that reaches it, with or without DATABASE_URL.
   */
  fileStore: FileStore
  /**
   * The S3-compatible bucket (`TRESTLE_S3_*`): required with TRESTLE_FILE_STORE=s3; also loaded when set
   * under another store, so the files written to the bucket before a switch stay readable. null: none.
   */
  s3: S3Config | null
  /**
   * A streaming replica of DATABASE_URL (`TRESTLE_READ_URL`): log searches and exports and the
   * dashboard read there; everything a user must see right after writing it reads from the primary.
   */
  readUrl: string | null
  /** The bearer token a Prometheus scraper sends for GET /metrics (null: no /metrics). */
  metricsToken: string | null
  /** On SIGTERM, how long requests in flight may still run before the process exits anyway. */
  shutdownSeconds: number
  /** Bounds of one Excel import, checked before the workbook is parsed (server/lib/excel.ts). */
  imports: ImportBounds
  /** pino level; per-request lines only at `debug` and `trace`. */
  logLevel: LogLevel
  /** Days each log is kept (whole months past it are dropped): TRESTLE_LOG_RETENTION_{LOGIN,OPERATE,SYSTEM}_DAYS. */
  logRetentionDays: { login: number; operate: number; system: number }
  /** Background jobs (server/lib/jobs.ts): first retry after this many ms (doubling), the lease of a claim in seconds. */
  jobs: { retryMs: number; leaseSeconds: number; pollMs: number }
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

function logLevel(env: NodeJS.ProcessEnv): LogLevel {
  const raw = (env.TRESTLE_LOG_LEVEL || 'info').toLowerCase()
  if (!(LOG_LEVELS as readonly string[]).includes(raw))
    throw new ConfigError(`TRESTLE_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${env.TRESTLE_LOG_LEVEL}")`)
  return raw as LogLevel
}

function int(env: NodeJS.ProcessEnv, key: string, fallback: number, min = 1): number {
  const raw = env[key]
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < min) throw new ConfigError(`${key} must be an integer ≥ ${min} (got "${raw}")`)
  return n
}

export class ConfigError extends Error {}

function metricsToken(env: NodeJS.ProcessEnv): string | null {
  const token = env.TRESTLE_METRICS_TOKEN || null
  if (token !== null && token.length < 16) throw new ConfigError('TRESTLE_METRICS_TOKEN must have at least 16 characters')
  return token
}

export const FILE_STORES = ['disk', 'database', 's3'] as const
export type FileStore = (typeof FILE_STORES)[number]

export interface S3Config {
  /** `http(s)://host[:port]`, perhaps with a path prefix; no query. */
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** true: `<endpoint>/<bucket>/<key>` (MinIO, Ceph, most S3-compatible servers); false: `<bucket>.<host>/<key>`. */
  forcePathStyle: boolean
}

const S3_REQUIRED = ['TRESTLE_S3_ENDPOINT', 'TRESTLE_S3_BUCKET', 'TRESTLE_S3_ACCESS_KEY_ID', 'TRESTLE_S3_SECRET_ACCESS_KEY'] as const
const S3_KEYS = [...S3_REQUIRED, 'TRESTLE_S3_REGION', 'TRESTLE_S3_FORCE_PATH_STYLE'] as const
/** S3's own rule for bucket names (3–63 of a-z 0-9 . -, a letter or digit at each end), which path-style and virtual-host URLs both take. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/

function s3Config(env: NodeJS.ProcessEnv, store: FileStore): S3Config | null {
  const given = S3_KEYS.filter((k) => env[k] !== undefined && env[k] !== '')
  if (store !== 's3' && given.length === 0) return null
  const missing = S3_REQUIRED.filter((k) => !env[k])
  if (missing.length)
    throw new ConfigError(
      store === 's3'
        ? `TRESTLE_FILE_STORE=s3 needs ${missing.join(', ')} (the bucket's address, name and access key)`
        : `${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} set, so the S3 store is configured: set ${missing.join(', ')} too`,
    )
  const raw = env.TRESTLE_S3_ENDPOINT!
  let endpoint: URL
  try {
    endpoint = new URL(raw)
  } catch {
    throw new ConfigError(`TRESTLE_S3_ENDPOINT must be an http(s) URL such as https://s3.example.com (got "${raw}")`)
  }
  if ((endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') || endpoint.search || endpoint.hash || endpoint.username)
    throw new ConfigError(`TRESTLE_S3_ENDPOINT must be an http(s) URL without query, fragment or credentials (got "${raw}")`)
  const bucket = env.TRESTLE_S3_BUCKET!
  if (!BUCKET_NAME.test(bucket) || bucket.includes('..'))
    throw new ConfigError(
      `TRESTLE_S3_BUCKET must be a bucket name: 3–63 lower-case letters, digits, dots and hyphens, a letter or digit at each end (got "${bucket}")`,
    )
  const region = env.TRESTLE_S3_REGION || 'us-east-1'
  if (!/^[a-z0-9-]{1,64}$/.test(region))
    throw new ConfigError(`TRESTLE_S3_REGION must be a region name such as us-east-1 (got "${region}")`)
  const pathStyle = (env.TRESTLE_S3_FORCE_PATH_STYLE || 'true').toLowerCase()
  if (!['true', '1', 'false', '0'].includes(pathStyle))
    throw new ConfigError(`TRESTLE_S3_FORCE_PATH_STYLE must be true or false (got "${env.TRESTLE_S3_FORCE_PATH_STYLE}")`)
  return {
    endpoint: endpoint.href.replace(/\/+$/, ''),
    bucket,
    region,
    accessKeyId: env.TRESTLE_S3_ACCESS_KEY_ID!,
    secretAccessKey: env.TRESTLE_S3_SECRET_ACCESS_KEY!,
    forcePathStyle: pathStyle === 'true' || pathStyle === '1',
  }
}

function fileStore(env: NodeJS.ProcessEnv, databaseUrl: string | null): FileStore {
  const raw = env.TRESTLE_FILE_STORE
  if (raw === undefined || raw === '') return databaseUrl ? 'database' : 'disk'
  if (!(FILE_STORES as readonly string[]).includes(raw))
    throw new ConfigError(`TRESTLE_FILE_STORE must be one of ${FILE_STORES.join(', ')} (got "${raw}")`)
  return raw as FileStore
}

function passwordCost(env: NodeJS.ProcessEnv): number {
  const n = int(env, 'TRESTLE_PASSWORD_COST', DEFAULT_PASSWORD_COST)
  const [min, max] = PASSWORD_COST_RANGE
  if (n < min || n > max) throw new ConfigError(`TRESTLE_PASSWORD_COST must be between ${min} and ${max} (got ${n})`)
  return n
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.TRESTLE_DATA_DIR || './data')
  const databaseUrl = env.DATABASE_URL || null
  const adminPassword = env.TRESTLE_ADMIN_PASSWORD || null
  if (databaseUrl && !adminPassword) {
    throw new ConfigError(
      'DATABASE_URL is set, so TRESTLE_ADMIN_PASSWORD is required: it becomes the password of the "admin" account (no demo data is created on a real PostgreSQL server).',
    )
  }
  const readUrl = env.TRESTLE_READ_URL || null
  if (readUrl && !databaseUrl) throw new ConfigError('TRESTLE_READ_URL names a replica of the PostgreSQL server: set DATABASE_URL too')
  const files = fileStore(env, databaseUrl)
  const secretKey = env.TRESTLE_SECRET_KEY || null
  if (secretKey !== null && secretKey.length < 32)
    throw new ConfigError('TRESTLE_SECRET_KEY must have at least 32 characters (e.g. `openssl rand -base64 32`)')
  return {
    port: int(env, 'PORT', 8080, 0),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    accessTokenTtl: int(env, 'TRESTLE_ACCESS_TOKEN_TTL', 7200),
    passwordCost: passwordCost(env),
    sessionIdleTtl: int(env, 'TRESTLE_SESSION_IDLE_TTL', 1800),
    sessionMaxTtl: int(env, 'TRESTLE_SESSION_MAX_TTL', 43200),
    rsaKeyTtl: int(env, 'TRESTLE_RSA_KEY_TTL', 86400),
    appCode: env.TRESTLE_APP_CODE || DEFAULT_APP_CODE,
    demoPassword: env.TRESTLE_DEMO_PASSWORD || 'Trestle@2026',
    adminPassword,
    loginMaxFailures: int(env, 'TRESTLE_LOGIN_MAX_FAILURES', 5),
    lockSeconds: env.TRESTLE_LOCK_SECONDS ? int(env, 'TRESTLE_LOCK_SECONDS', 900) : 60 * int(env, 'TRESTLE_LOCK_MINUTES', 15),
    loginRateLimit: int(env, 'TRESTLE_LOGIN_RATE_LIMIT', 30),
    serveDist: path.resolve(env.TRESTLE_SERVE_DIST || './dist'),
    trustProxy: env.TRESTLE_TRUST_PROXY === '1' || env.TRESTLE_TRUST_PROXY === 'true',
    notify: loadNotifyConfig(env, (m) => new ConfigError(m)),
    oauth: loadOAuthConfig(env, (m) => new ConfigError(m)),
    secretKey,
    webhookAllow: parseAllowList(env.TRESTLE_WEBHOOK_ALLOW, (m) => new ConfigError(m)),
    bodyLimit: int(env, 'TRESTLE_BODY_LIMIT', 1024 * 1024),
    idempotencyLease: int(env, 'TRESTLE_IDEMPOTENCY_LEASE', 60),
    crashTests: env.TRESTLE_CRASH_TESTS === '1',
    fileUrlTtl: int(env, 'TRESTLE_FILE_URL_TTL', 600),
    packageMaxBytes: int(env, 'TRESTLE_PACKAGE_MAX_MB', PACKAGE_MAX_MB) * 1024 * 1024,
    fileStore: files,
    s3: s3Config(env, files),
    shutdownSeconds: int(env, 'TRESTLE_SHUTDOWN_SECONDS', 30),
    metricsToken: metricsToken(env),
    readUrl,
    imports: {
      maxRows: int(env, 'TRESTLE_IMPORT_MAX_ROWS', 20_000),
      maxCells: int(env, 'TRESTLE_IMPORT_MAX_CELLS', 500_000),
      maxBytes: int(env, 'TRESTLE_IMPORT_MAX_BYTES', 50 * 1024 * 1024),
    },
    logLevel: logLevel(env),
    logRetentionDays: {
      login: int(env, 'TRESTLE_LOG_RETENTION_LOGIN_DAYS', 180),
      operate: int(env, 'TRESTLE_LOG_RETENTION_OPERATE_DAYS', 180),
      system: int(env, 'TRESTLE_LOG_RETENTION_SYSTEM_DAYS', 365),
    },
    jobs: {
      retryMs: int(env, 'TRESTLE_JOB_RETRY_MS', 5000),
      leaseSeconds: int(env, 'TRESTLE_JOB_LEASE', 60),
      pollMs: int(env, 'TRESTLE_JOB_POLL_MS', 2000),
    },
  }
}
