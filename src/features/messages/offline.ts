/**
 * Marking a message read goes through the outbox (DESIGN §4): offline, an auditor's reading is
 * kept as one entry per message and synced later, exactly once (the entry id is the
 * Idempotency-Key, and marking read is idempotent on the gateway). The list shows the local copy
 * (read) at once.
 */
import { MSG_API } from '@/contract/endpoints'
import { defineOfflineEntity } from '@/lib/offline'
import { msgKeys } from '@/lib/messages/queries'

export const messageOffline = defineOfflineEntity({
  entity: 'message',
  label: 'messages.centre.entity',
  idKey: 'id',
  steps: (entry) => [{ method: 'post', path: MSG_API.read, body: { ids: [Number(entry.entityId)] } }],
  apply: (prev, entry) => ({ ...(prev ?? {}), readAt: (entry.payload.readAt as string | undefined) ?? new Date().toISOString() }),
  invalidates: [msgKeys.all()],
  fields: [{ key: 'titleZh', label: 'messages.field.titleZh' }],
  titleOf: (d) => String(d.titleZh ?? d.id ?? ''),
  versionOf: () => null,
})
