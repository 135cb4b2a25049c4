/**
 * RSA PKCS#1 v1.5 encryption with jsencrypt (base64 output), as the gateway expects (DESIGN §2).
 * jsencrypt (~17 KiB gzip) is loaded when first needed — a sign-in or a cipher renewal — not with the
 * login page; `preloadRsa()` warms it while the user types.
 */
let loaded: Promise<typeof import('jsencrypt')> | null = null
const load = () => (loaded ??= import('jsencrypt'))

/** Start loading jsencrypt (e.g. when the login form shows). */
export function preloadRsa(): void {
  void load().catch(() => (loaded = null))
}

/** Base64 RSA PKCS#1 v1.5 encryption of `text` (UTF-8) with a PEM public key. */
export async function rsaEncrypt(publicKeyPem: string, text: string): Promise<string> {
  const { JSEncrypt } = await load()
  const enc = new JSEncrypt()
  enc.setPublicKey(publicKeyPem)
  const out = enc.encrypt(text)
  if (typeof out !== 'string' || !out) throw new Error('RSA encryption failed')
  return out
}
