/**
 * RSA key pairs for the login ciphers. The current key is the one of slot floor(now / TTL);
 * `rsa_key.slot` is unique, so two processes racing to create it agree on one row.
 */
import { constants, createPrivateKey, generateKeyPair, privateDecrypt, type KeyObject } from 'node:crypto'
import { promisify } from 'node:util'
import { eq, lt } from 'drizzle-orm'
import { newId } from '../../../src/contract/ids'
import type { Db } from '../../db/client'
import { rsaKey } from '../../db/schema'

const generate = promisify(generateKeyPair)

export interface CurrentKey {
  keyId: string
  publicKey: string
}

/** Parsed private keys by keyId: derived from immutable rows, safe to cache. */
const privateKeys = new Map<string, KeyObject>()

export class KeyStore {
  constructor(
    private readonly db: Db,
    private readonly ttlSeconds: number,
  ) {}

  private slotOf(now: number): number {
    return Math.floor(now / 1000 / this.ttlSeconds)
  }

  async current(now = Date.now()): Promise<CurrentKey> {
    const slot = this.slotOf(now)
    const [row] = await this.db.select().from(rsaKey).where(eq(rsaKey.slot, slot))
    if (row) return { keyId: row.keyId, publicKey: row.publicKey }
    const { publicKey, privateKey } = await generate('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    })
    await this.db
      .insert(rsaKey)
      .values({
        keyId: newId(),
        slot,
        publicKey,
        privateKey,
        createdAt: new Date(now),
        expiresAt: new Date((slot + 1) * this.ttlSeconds * 1000),
      })
      .onConflictDoNothing({ target: rsaKey.slot })
    // Old pairs are of no use once their slot has passed.
    await this.db.delete(rsaKey).where(lt(rsaKey.slot, slot - 1))
    const [winner] = await this.db.select().from(rsaKey).where(eq(rsaKey.slot, slot))
    if (!winner) throw new Error('rsa key slot vanished')
    return { keyId: winner.keyId, publicKey: winner.publicKey }
  }

  /** The private key of `keyId` when it is the current one, else null (→ 20007). */
  async currentPrivateKey(keyId: string, now = Date.now()): Promise<KeyObject | null> {
    const slot = this.slotOf(now)
    const [row] = await this.db.select().from(rsaKey).where(eq(rsaKey.keyId, keyId))
    if (!row || row.slot !== slot) return null
    let key = privateKeys.get(row.keyId)
    if (!key) {
      key = createPrivateKey(row.privateKey)
      privateKeys.set(row.keyId, key)
    }
    return key
  }
}

/**
 * RSA PKCS#1 v1.5 decryption of a base64 cipher. Node ≥ 24 answers a bad padding block with
 * random bytes (implicit rejection), so the caller treats any parse failure as a wrong credential.
 */
export function decryptCipher(key: KeyObject, base64: string): string | null {
  try {
    const buf = Buffer.from(base64, 'base64')
    if (buf.length === 0) return null
    return privateDecrypt({ key, padding: constants.RSA_PKCS1_PADDING }, buf).toString('utf8')
  } catch {
    return null
  }
}

/** Decrypts and JSON-parses; null on any failure. */
export function decryptJson(key: KeyObject, base64: string): unknown {
  const text = decryptCipher(key, base64)
  if (text === null) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}
