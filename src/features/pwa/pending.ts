/**
 * Unsynced edits for the update prompt: how many outbox entries (pending, sending, failed or
 * conflicted) the signed-in account still has. The update prompt never reloads while this is
 * above 0 — they are synced (or resolved) first.
 */
import { useSyncState } from '@/lib/offline/state'

export function usePendingEdits(): number {
  return useSyncState((s) => s.entries.length)
}
