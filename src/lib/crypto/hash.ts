/** HMAC-SHA256 and SHA-256 with crypto-js: UTF-8 input, lowercase hex output. */
import HmacSHA256 from 'crypto-js/hmac-sha256'
import SHA256 from 'crypto-js/sha256'
import Hex from 'crypto-js/enc-hex'

export const sha256Hex = (text: string): string => SHA256(text).toString(Hex)

export const hmacSha256Hex = (key: string, text: string): string => HmacSHA256(text, key).toString(Hex)

/** `n` random bytes as lowercase hex (Web Crypto). */
export function randomHex(bytes = 16): string {
  const buf = new Uint8Array(bytes)
  globalThis.crypto.getRandomValues(buf)
  return Array.from(buf, (b) => b.toString(16).padStart(2, '0')).join('')
}
