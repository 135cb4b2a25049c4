/** Query keys and options of my messages (the header badge and the message centre share them; every key starts with 'msg'). */
import { queryOptions } from '@tanstack/react-query'
import type { Page } from '@/contract/envelope'
import { MSG_API } from '@/contract/endpoints'
import type { InboxMessage } from '@/contract/schemas/message'
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
    queryFn: ({ signal }) => http.get<{ unread: number }>(MSG_API.unreadCount, undefined, { signal, silent: true }),
    staleTime: 30_000,
  })

export const inboxQueryOptions = (f: InboxFilters) =>
  queryOptions({
    queryKey: msgKeys.inbox(f),
    queryFn: ({ signal }) =>
      http.get<Page<InboxMessage> & { unread: number }>(
        MSG_API.inbox,
        { pageSize: 50, pageIndex: f.pageIndex ?? 1, ...f },
        { signal, silent: true },
      ),
  })

/** The i18n key of an event's name (i18n keys are dotted paths: the event code's dot becomes an underscore). */
export const eventLabelKey = (code: string) => `messages.event.${code.replace('.', '_')}` as const
