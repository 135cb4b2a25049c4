/**
 * The header's sync status: offline / syncing / N pending (or needing attention) / last synced.
 * Opens the sync centre.
 */
import { CloudCheck, CloudOff, Loader2, RefreshCw, TriangleAlert } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Tooltip } from '@/components/ui/tooltip'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { formatWhen } from './format'
import { useSyncOverview } from './overview'
import { openCentre } from './state'

export function SyncBadge() {
  const { t, locale } = useT()
  const { online, syncing, entries, lastSyncedAt, problems: stuck } = useSyncOverview()
  const problems = stuck.length
  const pending = entries.length - problems

  let icon = <CloudCheck aria-hidden />
  let text = lastSyncedAt ? t('sync.badge.synced', { time: formatWhen(lastSyncedAt, locale) }) : ''
  let tone = 'text-muted-foreground'
  if (problems > 0) {
    icon = <TriangleAlert aria-hidden />
    text = t('sync.badge.problems', { n: problems })
    tone = 'text-destructive'
  } else if (syncing && pending > 0) {
    icon = <Loader2 className="animate-spin" aria-hidden />
    text = t('sync.badge.syncing')
    tone = 'text-sky-700 dark:text-sky-300'
  } else if (pending > 0) {
    icon = <RefreshCw aria-hidden />
    text = t('sync.badge.pending', { n: pending })
    tone = 'text-sky-700 dark:text-sky-300'
  }
  if (online === false) {
    icon = <CloudOff aria-hidden />
    tone = 'text-amber-700 dark:text-amber-300'
    text = entries.length > 0 ? `${t('sync.badge.offline')} · ${t('sync.badge.pending', { n: entries.length })}` : t('sync.badge.offline')
  }
  const label = text || t('sync.badge.open')
  return (
    <Tooltip label={t('sync.badge.open')}>
      <Button
        variant="ghost"
        size="sm"
        className={cn('gap-1.5 px-2', tone)}
        onClick={openCentre}
        aria-label={`${t('sync.centre.title')}: ${label}`}
        data-testid="sync-badge"
      >
        {icon}
        {text && <span className={cn('max-w-48 truncate', !(online === false || entries.length > 0) && 'hidden xl:inline')}>{text}</span>}
      </Button>
    </Tooltip>
  )
}
