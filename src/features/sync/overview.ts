/** The outbox at a glance, as the header's badge and the /admin/home widget show it. */
import { useSyncState } from '@/lib/offline'
import { isStuck } from './format'

/** The connection, whether it is syncing, the waiting edits, the last sync, and the stuck edits among them. */
export function useSyncOverview() {
  const online = useSyncState((s) => s.online)
  const syncing = useSyncState((s) => s.syncing)
  const entries = useSyncState((s) => s.entries)
  const lastSyncedAt = useSyncState((s) => s.lastSyncedAt)
  return { online, syncing, entries, lastSyncedAt, problems: entries.filter(isStuck) }
}
