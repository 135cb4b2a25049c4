/**
 * The header's unread badge: the count of my unread messages less the reads kept on this device,
 * kept live by the browser's one stream — started once the count has been fetched in this page, and
 * resuming after the newest message the page's answers hold.
 */
import { useEffect } from 'react'
import { Link } from '@/components/link'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Bell } from 'lucide-react'
import { afterPaint } from '@/lib/afterPaint'
import { useT } from '@/lib/i18n'
import { useLocalRecords } from '@/lib/offline'
import { toast } from '@/lib/toast'
import { onSessionCleared } from '@/lib/session'
import { onLiveMessage, startLiveMessages, stopLiveMessages } from './live'
import { MESSAGE_ENTITY, msgKeys, resumePoint, unreadHere, unreadQueryOptions } from './queries'

/** When this page was loaded: answers fetched since are fresh (a persisted one is not). */
const LOADED_AT = Date.now()

onSessionCleared(() => stopLiveMessages())

export function MessageBell() {
  const { t, locale } = useT()
  const client = useQueryClient()
  const count = useQuery(unreadQueryOptions())
  const unread = unreadHere(count.data, useLocalRecords(MESSAGE_ENTITY))
  const fresh = count.dataUpdatedAt >= LOADED_AT
  useEffect(() => {
    if (fresh) startLiveMessages(() => resumePoint(client, LOADED_AT))
    // a kept count still within its stale time is not refetched on its own: once the page has painted
    // (a stale one is already on its way then — the query client refreshes those — and is not asked twice)
    else return afterPaint(() => void client.refetchQueries({ queryKey: msgKeys.unread(), type: 'active' }, { cancelRefetch: false }))
  }, [fresh, client])
  useEffect(
    () =>
      onLiveMessage((e) => {
        void client.invalidateQueries({ queryKey: msgKeys.all() })
        if (e.type === 'message') toast.info(t('messages.live', { title: locale === 'zh' ? e.message.titleZh : e.message.titleEn }))
      }),
    [client, t, locale],
  )
  const label = unread ? t('messages.bellUnread', { n: unread }) : t('messages.bell')
  return (
    <Link
      to="/admin/message-center"
      className="relative inline-flex size-9 items-center justify-center rounded-md hover:bg-accent"
      aria-label={label}
      title={label}
      data-testid="message-bell"
    >
      <Bell className="size-4" />
      {unread > 0 && (
        <span className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-destructive px-1 text-center text-[10px] leading-4 font-medium text-white">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  )
}
