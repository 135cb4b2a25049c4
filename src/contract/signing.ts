/**
 * Request signing (DESIGN §2 "Signed requests"), independent of the hash implementation:
 * the console passes crypto-js, the gateway node:crypto.
 */
export const SIGNED_HEADERS = {
  authorization: 'authorization',
  accessToken: 'accesstoken',
  appCode: 'appcode',
  menuId: 'menuid',
  timestamp: 'timestamp',
  nonce: 'nonce',
  signature: 'signature',
  idempotencyKey: 'idempotency-key',
} as const

/** The console's wire names (HTTP headers are case-insensitive; these are what the console sends). */
export const HEADER_NAMES = {
  authorization: 'authorization',
  accessToken: 'accessToken',
  appCode: 'appCode',
  menuId: 'menuId',
  timestamp: 'timestamp',
  nonce: 'nonce',
  signature: 'signature',
  idempotencyKey: 'Idempotency-Key',
} as const

export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD'
export const SIGNATURE_WINDOW_SECONDS = 300
export const NONCE_TTL_SECONDS = 600

const pad = (n: number, w = 2) => String(n).padStart(w, '0')

/** `YYYYMMDDHHmmss` in UTC. */
export function formatTimestamp(date: Date): string {
  return (
    pad(date.getUTCFullYear(), 4) +
    pad(date.getUTCMonth() + 1) +
    pad(date.getUTCDate()) +
    pad(date.getUTCHours()) +
    pad(date.getUTCMinutes()) +
    pad(date.getUTCSeconds())
  )
}

/** Parses `YYYYMMDDHHmmss` (UTC); null when malformed. */
export function parseTimestamp(value: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value)
  if (!m) return null
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number]
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s))
  if (
    date.getUTCFullYear() !== y ||
    date.getUTCMonth() !== mo - 1 ||
    date.getUTCDate() !== d ||
    date.getUTCHours() !== h ||
    date.getUTCMinutes() !== mi ||
    date.getUTCSeconds() !== s
  )
    return null
  return date
}

export interface SignInput {
  timestamp: string
  nonce: string
  method: string
  /** Path without query, starting `/api/`. */
  path: string
  /** Raw query string exactly as sent, without `?`; empty when none. */
  query: string
  /** Lowercase hex SHA-256 of the raw body bytes, or UNSIGNED_PAYLOAD for multipart. */
  bodyHash: string
}

/** The string to sign: six lines joined by `\n`. */
export function stringToSign(i: SignInput): string {
  return [i.timestamp, i.nonce, i.method.toUpperCase(), i.path, i.query, i.bodyHash].join('\n')
}

/** Lowercase hex SHA-256 of the empty string: the body hash of a request without a body. */
export const EMPTY_BODY_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'

/**
 * The response header of every signed call: a digest of the caller's effective grants (roles,
 * their menus, functions, scope, organisations, resources). When it changes, the console reloads
 * its menu.
 */
export const GRANTS_VERSION_HEADER = 'grants-version'
