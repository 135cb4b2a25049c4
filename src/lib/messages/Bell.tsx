/** The header's unread badge: the count of my unread messages, kept live by the browser's one stream. */
import { useEffect } from 'react'
import { Link } from '@tanstack/react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Bell } from 'lucide-react'
import { useT } from '@/lib/i18n'
import { toast } from '@/lib/toast'
import { onSessionCleared } from '@/lib/session'
import { onLiveMessage, startLiveMessages, stopLiveMessages } from './live'
import { msgKeys, unreadQueryOptions } from './queries'

onSessionCleared(() => stopLiveMessages())

export function MessageBell() {
  const { t, locale } = useT()
  const client = useQueryClient()
  const unread = useQuery(unreadQueryOptions()).data?.unread ?? 0
  useEffect(() => {
    startLiveMessages()
    return onLiveMessage((e) => {
      void client.invalidateQueries({ queryKey: msgKeys.all() })
      if (e.type === 'message') toast.info(t('messages.live', { title: locale === 'zh' ? e.message.titleZh : e.message.titleEn }))
    })
  }, [client, t, locale])
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
