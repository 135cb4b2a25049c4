/**
 * Logout with the outbox in mind (DESIGN §4): a non-empty outbox asks first (./logout.tsx, loaded
 * then). Signing out clears the account's outbox and local copies; the request client's logout
 * clears the session, and with it (onSessionCleared) the query cache, the persisted cache and the
 * service worker's cached answers. The remembered login stays.
 */
import { logout as clientLogout } from '@/lib/http'
import { clearOutboxOf, outboxStore } from '@/lib/offline'
import { getSession } from '@/lib/session'
import { syncUi } from './state'

export async function signOut(): Promise<void> {
  const accountId = getSession().userAccount?.accountId ?? null
  syncUi.set((s) => ({ ...s, logout: false, centre: false }))
  try {
    await clearOutboxOf(accountId)
  } catch {
    /* the account's rows stay keyed by account: nobody else is shown them */
  }
  await clientLogout()
}

/** The header's logout: asks first when edits are waiting. */
export async function requestLogout(): Promise<void> {
  const accountId = getSession().userAccount?.accountId
  const waiting = accountId ? await outboxStore.list(accountId).catch(() => []) : []
  if (waiting.length === 0) return signOut()
  syncUi.set((s) => ({ ...s, logout: true }))
}
