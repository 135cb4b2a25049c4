/** Hashing helpers: scrypt passwords, sha256, random tokens, constant-time compare. */
import { createHash, randomBytes, randomInt, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const N = 2 ** 17
const R = 8
const P = 1
const KEYLEN = 32
const MAXMEM = 256 * 1024 * 1024

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
let dummyHash: Promise<string> | null = null
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
