/**
 * Query keys and options of my messages (the header badge and the message centre share them; every
 * key starts with 'msg'), and what the outbox holds of my reads: the badge and the list count them.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { Page } from '@/contract/envelope'
import { MSG_API } from '@/contract/endpoints'
import type { InboxMessage, UnreadCount } from '@/contract/schemas/message'
import { http } from '@/lib/http'

export interface InboxFilters {
  read?: 0 | 1
  eventCode?: string
  keyword?: string
  pageIndex?: number
}

export const msgKeys = {
  all: () => ['msg'] as const,
  unread: () => ['msg', 'unread'] as const,
  inbox: (f: InboxFilters) => ['msg', 'inbox', f] as const,
}

export const unreadQueryOptions = () =>
  queryOptions({
    queryKey: msgKeys.unread(),
    queryFn: ({ signal }) => http.get<UnreadCount>(MSG_API.unreadCount, undefined, { signal, silent: true }),
    staleTime: 30_000,
  })

export const inboxQueryOptions = (f: InboxFilters) =>
  queryOptions({
    queryKey: msgKeys.inbox(f),
    queryFn: ({ signal }) =>
      http.get<Page<InboxMessage> & UnreadCount>(
        MSG_API.inbox,
        { pageSize: 50, pageIndex: f.pageIndex ?? 1, ...f },
        { signal, silent: true },
      ),
  })

/** The i18n key of an event's name (i18n keys are dotted paths: the event code's dot becomes an underscore). */
export const eventLabelKey = (code: string) => `messages.event.${code.replace('.', '_')}` as const

/** The outbox's entity of reading a message (features/messages/offline.ts declares it). */
export const MESSAGE_ENTITY = 'message'
/** Its record for 全部标记已读: `{ upTo }`, every message up to that id. */
export const READ_ALL_ID = 'all'

/**
 * The unread count with the reads kept on this device (not synced yet) taken off: each message read
 * here, and after 全部标记已读 every message up to the newest one the list showed then.
 */
export function unreadHere(
  server: UnreadCount | undefined,
  locals: readonly { entityId: string; data: Record<string, unknown> | null }[],
): number {
  if (!server) return 0
  const all = locals.find((l) => l.entityId === READ_ALL_ID)
  if (all && Number(all.data?.upTo ?? 0) >= server.lastId) return 0
  return Math.max(0, server.unread - locals.filter((l) => l.entityId !== READ_ALL_ID).length)
}

/**
 * Where the live stream resumes: the oldest `lastId` among the message answers fetched since
 * `since` (this page's load) — a message sent after any of them was read is replayed, so a list
 * fetched before the stream connected still hears of it; 0 when none is fresh (the gateway then
 * starts at its newest).
 */
export function resumePoint(client: QueryClient, since: number): number {
  const ids = client
    .getQueryCache()
    .findAll({ queryKey: msgKeys.all() })
    .filter((q) => q.state.dataUpdatedAt >= since)
    .map((q) => (q.state.data as Partial<UnreadCount> | undefined)?.lastId)
    .filter((id): id is number => typeof id === 'number')
  return ids.length ? Math.min(...ids) : 0
}
