/**
 * What a replay does with an answer (DESIGN §4), as pure functions the unit tests drive.
 *
 *   success                      → done (the next entry of the record goes)
 *   network / timeout            → retry later; the gateway is unreachable, the run stops
 *   invalid envelope (a captive portal's page, a proxy's 502 page) → retry later, run stops — never success
 *   5xx, 50000, 429, 20005       → retry later with backoff (Retry-After honoured)
 *   20004 / 20007 / 20112        → handled inside the request client (renew, rekey, one password
 *                                  prompt) and retried there; if one still comes out → retry later
 *   20112 prompt cancelled, 20114, 20119 → the session is gone: the run stops, the entry waits
 *   20001, 20002, 20003, 20006, 20021, 20099 and any other refusal → failed (edit it, or discard it)
 *   20009                        → failed; but "still in progress" for an entry already sent → retry
 *   20008                        → conflicted (the answer carries the server's current record)
 */
import { Code } from '@/contract/codes'

export type Outcome =
  | { kind: 'retry'; offline: boolean; retryAfterMs: number | null }
  | { kind: 'session' }
  | { kind: 'failed' }
  | { kind: 'conflicted'; theirs: Record<string, unknown> | null }

/** The parts of an ApiError the policy reads. */
export interface ErrorLike {
  kind: string
  code: number
  data?: unknown
  status?: number
  retryAfter?: string
}

/** Retry-After: delta seconds or an HTTP date → ms from `now`. */
export function parseRetryAfter(value: string | undefined | null, now: number): number | null {
  if (!value) return null
  const v = value.trim()
  if (/^\d+$/.test(v)) return Number(v) * 1000
  const at = Date.parse(v)
  return Number.isNaN(at) ? null : Math.max(0, at - now)
}

/** How many times "still in progress" (20009 of an entry already sent) is retried before it fails: with the backoff, minutes — longer than the gateway's lease (TRESTLE_IDEMPOTENCY_LEASE, 60 s) after which a retry takes the key over. */
export const MAX_IN_PROGRESS_RETRIES = 8

export function classify(err: ErrorLike, entry: { sent?: boolean; attempts: number }, now: number): Outcome {
  const retryAfterMs = parseRetryAfter(err.retryAfter, now)
  if (err.kind === 'network' || err.kind === 'timeout' || err.kind === 'invalid') return { kind: 'retry', offline: true, retryAfterMs }
  if (err.kind === 'cancelled') {
    // a cancelled password prompt (code 20112) ends the session; other cancellations: try again later
    return err.code === Code.IDLE ? { kind: 'session' } : { kind: 'retry', offline: false, retryAfterMs }
  }
  if ((err.status ?? 0) >= 500 || err.status === 429) return { kind: 'retry', offline: false, retryAfterMs }
  switch (err.code) {
    case Code.SERVER_FAULT:
    case Code.SIGNATURE_REJECTED:
    case Code.ACCESS_TOKEN_EXPIRED:
    case Code.CIPHER_INVALID:
      return { kind: 'retry', offline: false, retryAfterMs }
    case Code.IDLE:
    case Code.SESSION_INVALID:
    case Code.ACCOUNT_DISABLED:
      return { kind: 'session' }
    case Code.VERSION_CONFLICT: {
      const d = err.data
      return { kind: 'conflicted', theirs: d && typeof d === 'object' && !Array.isArray(d) ? (d as Record<string, unknown>) : null }
    }
    case Code.IDEMPOTENCY_MISMATCH:
      return entry.sent && entry.attempts < MAX_IN_PROGRESS_RETRIES ? { kind: 'retry', offline: false, retryAfterMs } : { kind: 'failed' }
    default:
      return { kind: 'failed' }
  }
}

export const BACKOFF_BASE_MS = 2_000
export const BACKOFF_MAX_MS = 5 * 60_000

/**
 * Exponential backoff with jitter: the n-th retry waits between half and all of
 * min(max, base·2ⁿ⁻¹), and never less than the server's Retry-After.
 */
export function backoffMs(attempts: number, random: () => number, retryAfterMs: number | null = null): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1))
  const jittered = Math.round(ceiling / 2 + (random() * ceiling) / 2)
  return Math.max(jittered, retryAfterMs ?? 0)
}
