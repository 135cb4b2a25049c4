/**
 * Reading messages goes through the outbox (DESIGN §4): offline, an auditor's reading is kept — one
 * entry per message read, and one for 全部标记已读 holding the newest message the list showed — and
 * synced later, exactly once (the entry id is the Idempotency-Key; marking read is idempotent on the
 * gateway). The list and the header's badge show the local reads at once.
 */
import { MSG_API } from '@/contract/endpoints'
import { defineOfflineEntity } from '@/lib/offline'
import { MESSAGE_ENTITY, msgKeys, READ_ALL_ID } from '@/lib/messages/queries'

export const messageOffline = defineOfflineEntity({
  entity: MESSAGE_ENTITY,
  label: 'messages.centre.entity',
  idKey: 'id',
  steps: (entry) =>
    entry.entityId === READ_ALL_ID
      ? [{ method: 'post', path: MSG_API.readAll, body: { upTo: Number(entry.payload.upTo) } }]
      : [{ method: 'post', path: MSG_API.read, body: { ids: [Number(entry.entityId)] } }],
  apply: (prev, entry) => ({
    ...(prev ?? {}),
    ...(entry.entityId === READ_ALL_ID ? { upTo: Number(entry.payload.upTo) } : {}),
    readAt: (entry.payload.readAt as string | undefined) ?? new Date().toISOString(),
  }),
  invalidates: [msgKeys.all()],
  fields: [{ key: 'titleZh', label: 'messages.field.titleZh' }],
  titleOf: (d) => String(d.titleZh ?? d.id ?? ''),
  versionOf: () => null,
})
