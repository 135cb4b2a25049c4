/**
 * The outbox starts with the first signed-in account — at start when a session is kept, else at
 * sign-in — so /login loads none of it (its runtime, IndexedDB, the offline areas' declarations and
 * their schemas). The declarations (./outbox) load before the triggers (@/features/sync/install),
 * so the first replay knows how to send what the outbox holds.
 */
import { afterPaint } from '@/lib/afterPaint'
import { onReachability } from '@/lib/http'
import { syncStore } from '@/lib/offline/state'
import { getSession, sessionStore } from '@/lib/session'

let loading: Promise<unknown> | null = null

/** Until the outbox runs, what the first requests tell of the gateway is kept for it (an edit made then goes straight to the outbox). */
let keepReachability: (() => void) | null = null

function startWhenSignedIn(): void {
  if (loading || !getSession().userAccount?.accountId) return
  // after the first paint: the page opened comes first on a slow link, then the outbox's files
  loading = new Promise<void>((resolve) => afterPaint(resolve))
    .then(() => import('./outbox'))
    .then((m) => m.declared)
    .then(() => import('@/features/sync/install'))
    .then(() => {
      keepReachability?.()
      keepReachability = null
    })
}

if (typeof window !== 'undefined') {
  keepReachability = onReachability((reach) => {
    if (reach !== 'cached') syncStore.set((s) => ({ ...s, online: reach === 'reached' }))
  })
  startWhenSignedIn()
  sessionStore.subscribe(startWhenSignedIn)
}
