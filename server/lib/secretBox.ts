/**
 * Secrets at rest (the delivery services' SMTP password and SMS token): AES-256-GCM under a key
 * derived (HKDF-SHA256) from the server secret —
 *
 *   - TRESTLE_SECRET_KEY (at least 32 characters) when set: every gateway on one PostgreSQL must share it;
 *   - otherwise a random 32-byte key generated once into `<TRESTLE_DATA_DIR>/secret.key` (mode 0600)
 *     and read from there afterwards — the embedded database's default. Losing that file (or changing
 *     the key) makes the stored secrets unreadable: they are then entered again on the screen.
 *
 * A sealed value is `v1.<iv>.<tag>.<ciphertext>` (base64url, a fresh 12-byte IV each time), bound to
 * its purpose (`aad`, e.g. the supplier kind) so one row's ciphertext cannot stand in for another's.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Config } from '../config'

export class SecretUnreadable extends Error {}

const keys = new WeakMap<Config, Buffer>()

function keyFileSecret(dataDir: string): Buffer {
  const file = path.join(dataDir, 'secret.key')
  mkdirSync(dataDir, { recursive: true })
  try {
    // `wx`: only the first process creates it; a second one reads what the first wrote
    writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 })
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
  }
  const raw = readFileSync(file, 'utf8').trim()
  const key = Buffer.from(raw, 'base64')
  if (key.length < 32) throw new SecretUnreadable(`${file} does not hold a 32-byte base64 key`)
  return key
}

/** The 32-byte AES key of this configuration (derived once per process). */
function keyOf(config: Config): Buffer {
  let key = keys.get(config)
  if (!key) {
    const ikm = config.secretKey ? Buffer.from(config.secretKey, 'utf8') : keyFileSecret(config.dataDir)
    key = Buffer.from(hkdfSync('sha256', ikm, 'trestle', 'trestle secrets at rest v1', 32))
    keys.set(config, key)
  }
  return key
}

export function seal(config: Config, plaintext: string, aad: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyOf(config), iv)
  cipher.setAAD(Buffer.from(aad, 'utf8'))
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.')
}

/** The plaintext of `seal`; SecretUnreadable when it was sealed under another key, for another purpose, or altered. */
export function open(config: Config, sealed: string, aad: string): string {
  const [v, iv, tag, ct] = sealed.split('.')
  if (v !== 'v1' || !iv || !tag || ct === undefined) throw new SecretUnreadable('not a sealed secret')
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(config), Buffer.from(iv, 'base64url'))
    decipher.setAAD(Buffer.from(aad, 'utf8'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8')
  } catch {
    throw new SecretUnreadable('the stored secret cannot be decrypted (the server secret changed?)')
  }
}
