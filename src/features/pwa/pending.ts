/**
 * HOOK POINT — unsynced edits for the update prompt: how many outbox entries (pending, sending,
 * failed or conflicted) the signed-in account still has. The update prompt never reloads while
 * this is above 0. Wired to the outbox of @/lib/offline (OFFLINE-CORE) once it is in the tree.
 */
export function usePendingEdits(): number {
  return 0
}
