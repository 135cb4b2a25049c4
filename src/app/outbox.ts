/**
 * The outbox's entities (DESIGN §4), imported by main.tsx before the outbox starts
 * (@/features/sync/install), so a replay at start-up knows how to send what the outbox holds before
 * their screens are opened; and the form the sync centre opens for a failed or conflicted entry of
 * each. Here, in the app layer, because neither the sync area nor @/lib/offline may know the areas
 * above them. A new offline-capable area adds its lines here.
 */
import { registerEntryEditor } from '@/lib/offline'
import { personOffline } from '@/features/people/offline'
import { generalAccountOffline, registerAccountOffline } from '@/features/accounts/offline'
import { workSiteOffline } from '@/features/workSites/offline'
// marking messages read offline (declared on import)
import '@/features/messages/offline'

registerEntryEditor(personOffline.entity, () => import('@/features/people/EntryEditor'))
for (const decl of [generalAccountOffline, registerAccountOffline])
  registerEntryEditor(decl.entity, () => import('@/features/accounts/EntryEditor'))
for (const decl of Object.values(workSiteOffline)) registerEntryEditor(decl.entity, () => import('@/features/workSites/EntryEditor'))
