import { CloudOff } from 'lucide-react'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { dataAge, type QueryLike } from './freshness'

/** "数据更新于 HH:mm" (with the date when not today); the full time on hover. */
export function formatFetchedAt(at: number, locale: string, now = new Date()): string {
  const d = new Date(at)
  const sameDay = d.toDateString() === now.toDateString()
  const tag = locale === 'zh' ? 'zh-CN' : 'en-GB'
  const time = d.toLocaleTimeString(tag, { hour: '2-digit', minute: '2-digit', hour12: false })
  if (sameDay) return time
  const date = d.toLocaleDateString(tag, {
    month: '2-digit',
    day: '2-digit',
    ...(d.getFullYear() !== now.getFullYear() ? { year: 'numeric' } : {}),
  })
  return `${date} ${time}`
}

/**
 * A small note under a list or tree whose data came from a cache (the persisted query cache, the
 * service worker's) or could not be refreshed: when that data was fetched. Renders nothing when
 * the data is fresh from the gateway.
 */
export function DataAgeNote({ query, className }: { query: QueryLike; className?: string }) {
  const { t, locale } = useT()
  const { show, fetchedAt } = dataAge(query)
  if (!show) return null
  return (
    <p
      role="status"
      data-testid="data-age"
      title={new Date(fetchedAt).toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-GB')}
      className={cn('flex items-center gap-1.5 text-xs text-muted-foreground', className)}
    >
      <CloudOff className="h-3.5 w-3.5 shrink-0" aria-hidden />
      <span>{t('pwa.dataFrom', { time: formatFetchedAt(fetchedAt, locale) })}</span>
    </p>
  )
}
