/**
 * Browser crypto for the request client and the login sequence:
 * HMAC-SHA256 / SHA-256 (crypto-js, UTF-8 input, lowercase hex) and RSA PKCS#1 v1.5 (jsencrypt, base64).
 */
import HmacSHA256 from 'crypto-js/hmac-sha256'
import SHA256 from 'crypto-js/sha256'
import Hex from 'crypto-js/enc-hex'
import { JSEncrypt } from 'jsencrypt'

export const sha256Hex = (text: string): string => SHA256(text).toString(Hex)

export const hmacSha256Hex = (key: string, text: string): string => HmacSHA256(text, key).toString(Hex)

/** Base64 RSA PKCS#1 v1.5 encryption of `text` (UTF-8) with a PEM public key. */
export function rsaEncrypt(publicKeyPem: string, text: string): string {
  const enc = new JSEncrypt()
  enc.setPublicKey(publicKeyPem)
  const out = enc.encrypt(text)
  if (typeof out !== 'string' || !out) throw new Error('RSA encryption failed')
  return out
}

/** `n` random bytes as lowercase hex (Web Crypto). */
export function randomHex(bytes = 16): string {
  const buf = new Uint8Array(bytes)
  globalThis.crypto.getRandomValues(buf)
  return Array.from(buf, (b) => b.toString(16).padStart(2, '0')).join('')
}
