/**
 * The outbox's entities (DESIGN §4), loaded by startOutbox.ts before the outbox starts
 * (@/features/sync/install), so a replay at start-up knows how to send what the outbox holds before
 * their screens are opened; and the form the sync centre opens for a failed or conflicted entry of
 * each. Both come from the areas' manifests (./areas.ts): neither the sync area nor @/lib/offline
 * may know the areas above them.
 */
import { registerEntryEditor } from '@/lib/offline'
import { AREAS } from './areas'

/**
 * Resolves when every area's offline declarations are loaded and their editors registered. Each
 * area's files are asked for in a task of its own (all in flight together): starting a dozen
 * fetches in one go held a slow tablet's main thread for a long task while its page loaded.
 */
export const declared: Promise<void> = Promise.all(
  AREAS.map(async (area, i) => {
    if (!area.offline) return
    await new Promise((next) => setTimeout(next, i))
    const offline = await area.offline()
    if (offline.editor) for (const entity of offline.entities) registerEntryEditor(entity, offline.editor)
  }),
).then(() => undefined)
