/** Hashing helpers: scrypt passwords, sha256, random tokens, constant-time compare. */
import { createHash, randomBytes, randomInt, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/**
 * scrypt's cost, log2 of N: 17 (N = 131,072, 128 MiB with r = 8) is OWASP's recommendation and the
 * default; a gateway sets its own once at start (TRESTLE_PASSWORD_COST, server/config.ts). A hash
 * records the N it was made with, so hashes made at another cost still verify.
 */
export const DEFAULT_PASSWORD_COST = 17
export const PASSWORD_COST_RANGE = [14, 18] as const
let N = 2 ** DEFAULT_PASSWORD_COST
let dummyHash: Promise<string> | null = null
const R = 8
const P = 1
const KEYLEN = 32
const MAXMEM = 2 * 128 * R * 2 ** PASSWORD_COST_RANGE[1]

/** The cost of the hashes made from now on in this process (log2 of N, within PASSWORD_COST_RANGE). */
export function setPasswordCost(log2N: number): void {
  if (!Number.isInteger(log2N) || log2N < PASSWORD_COST_RANGE[0] || log2N > PASSWORD_COST_RANGE[1])
    throw new RangeError(`password cost ${log2N} outside ${PASSWORD_COST_RANGE.join('–')}`)
  if (2 ** log2N === N) return
  N = 2 ** log2N
  dummyHash = null
}

function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))))
}

/** `scrypt$N$r$p$salt$hash` (salt and hash base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(password, salt, KEYLEN, { N, r: R, p: P, maxmem: MAXMEM })
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$')
}

/** A well-formed hash of a random password, verified against when the account is unknown (same cost). */
export const getDummyHash = (): Promise<string> => (dummyHash ??= hashPassword(randomBytes(18).toString('base64')))

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false
  const [, n, r, p, saltB64, hashB64] = parts as [string, string, string, string, string, string]
  const expected = Buffer.from(hashB64, 'base64')
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

export const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex')

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url')

export const randomDigits = (n: number): string => Array.from({ length: n }, () => randomInt(0, 10)).join('')

/** Constant-time equality of two strings (false when the lengths differ). */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a)
  const bb = Buffer.from(b)
  return ab.length === bb.length && timingSafeEqual(ab, bb)
}
