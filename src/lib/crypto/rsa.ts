/** RSA PKCS#1 v1.5 encryption with jsencrypt (base64 output), as the gateway expects (DESIGN §2). */
import { JSEncrypt } from 'jsencrypt'

/** Base64 RSA PKCS#1 v1.5 encryption of `text` (UTF-8) with a PEM public key. */
export function rsaEncrypt(publicKeyPem: string, text: string): string {
  const enc = new JSEncrypt()
  enc.setPublicKey(publicKeyPem)
  const out = enc.encrypt(text)
  if (typeof out !== 'string' || !out) throw new Error('RSA encryption failed')
  return out
}
