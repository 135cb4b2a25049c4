/**
 * This browser's half of tying a WeChat/QQ authorisation to the browser that started it (contract:
 * `oauthChallenge` in schemas/auth). Starting (quick login, its retry, a binding in the personal
 * centre) makes a random verifier (32 bytes, base64url), keeps it in sessionStorage per platform
 * and purpose, and sends its challenge (base64url SHA-256) to the gateway with the request for the
 * authorize URL. The callback page takes the verifier (read once, then removed) and sends it with
 * code + state. A callback link opened anywhere else has no verifier, and the gateway refuses it.
 *
 * SHA-256 with crypto-js, not crypto.subtle: the console may be served over plain http on an
 * intranet, where subtle is missing; getRandomValues is there in every context.
 */
import Base64url from 'crypto-js/enc-base64url'
import SHA256 from 'crypto-js/sha256'
import type { ThirdPlatform } from '@/contract/schemas/auth'
import { storage } from '@/lib/session/storage'

export type OAuthPurpose = 'login' | 'bind'

const VERIFIER_BYTES = 32
const keyOf = (platform: ThirdPlatform, purpose: OAuthPurpose) => `trestle.oauthVerifier.${purpose}.${platform}`

function randomBase64url(bytes: number): string {
  const buf = new Uint8Array(bytes)
  globalThis.crypto.getRandomValues(buf)
  return btoa(String.fromCharCode(...buf))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** base64url SHA-256 of the verifier (what the gateway compares with on the callback). */
export const oauthChallengeOf = (verifier: string): string => SHA256(verifier).toString(Base64url).replace(/=+$/, '')

/** A new verifier for `platform` and `purpose`, kept in sessionStorage (a previous one is replaced); answers its challenge. */
export function newOAuthChallenge(platform: ThirdPlatform, purpose: OAuthPurpose): string {
  const verifier = randomBase64url(VERIFIER_BYTES)
  try {
    storage('session').setItem(keyOf(platform, purpose), verifier)
  } catch {
    /* storage refused: the callback finds no verifier and the gateway says to start again */
  }
  return oauthChallengeOf(verifier)
}

/** The verifier kept for `platform` and `purpose`, removed as it is read (undefined when there is none). */
export function takeOAuthVerifier(platform: ThirdPlatform, purpose: OAuthPurpose): string | undefined {
  try {
    const s = storage('session')
    const key = keyOf(platform, purpose)
    const verifier = s.getItem(key)
    s.removeItem(key)
    return verifier ?? undefined
  } catch {
    return undefined
  }
}
