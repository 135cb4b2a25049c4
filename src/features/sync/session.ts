/**
 * The session lives in localStorage, not sessionStorage: an installed app closed on a site and
 * opened again on the way back still knows who signed in, so the outbox replays (the gateway's
 * idle / absolute lifetimes still apply: a stale session gets the 20112 password prompt, and the
 * waiting edits survive it). Tabs share the session; another tab's sign-in or sign-out is followed
 * (storage event). Logout clears it as before, keeping only the remembered login.
 *
 * Imported by main.tsx before anything else, so every module that reads the session at start-up
 * (the query cache's per-account persistence, the outbox) already sees this one.
 */
import { SESSION_ITEMS, reloadSession, setStorageBackend, webBackend } from '@/lib/session'

const PREFIX = 'trestle.'

function keepSessionAcrossRestarts() {
  const local = webBackend(() => globalThis.localStorage)
  if (!local) return
  // a session from before this change (sessionStorage) moves over once
  try {
    const old = globalThis.sessionStorage
    for (const item of SESSION_ITEMS) {
      const key = PREFIX + item
      const v = old?.getItem(key)
      if (v !== null && v !== undefined && local.getItem(key) === null) local.setItem(key, v)
      old?.removeItem(key)
    }
  } catch {
    /* no sessionStorage: nothing to move */
  }
  setStorageBackend('session', local)
  reloadSession()
  const sessionKeys = new Set(SESSION_ITEMS.map((i) => PREFIX + i))
  window.addEventListener('storage', (e) => {
    if (e.key === null || sessionKeys.has(e.key)) reloadSession()
  })
}

if (typeof window !== 'undefined') keepSessionAcrossRestarts()
