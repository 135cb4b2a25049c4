/** One outbox entry as the sync centre and the /admin/home widget list it, with what can be done to it. */
import { GitMerge, Pencil, RotateCcw, Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useT } from '@/lib/i18n'
import { SyncMark, type OutboxEntry } from '@/lib/offline'
import { cn } from '@/lib/utils'
import { discardEntry, retryEntry } from './actions'
import { hasEditor } from './editors'
import { entityLabel, errorLine, formatWhen, isStuck, opLabel } from './format'
import { openConflict, openEditor } from './state'

export function EntryItem({ entry, blocked, compact }: { entry: OutboxEntry; blocked: boolean; compact?: boolean }) {
  const { t, locale } = useT()
  const error = errorLine(entry, locale)
  const stuck = isStuck(entry)
  return (
    <li
      data-entry={entry.id}
      data-status={entry.status}
      className={cn(
        'rounded-lg border bg-card px-3 py-2.5',
        entry.status === 'failed' && 'border-destructive/40',
        entry.status === 'conflicted' && 'border-amber-500/50',
      )}
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <span className="rounded bg-muted px-1.5 text-xs font-medium">{opLabel(entry)}</span>
            <span className="text-muted-foreground">{entityLabel(entry)}</span>
            <span className="min-w-0 truncate font-medium">{entry.title || entry.entityId.slice(0, 8)}</span>
            <SyncMark status={entry.status} />
          </p>
          {!compact && (
            <p className="mt-1 text-xs text-muted-foreground">
              {t('sync.centre.created', { time: formatWhen(entry.createdAt, locale) })}
              {entry.attempts > 0 && ` · ${t('sync.centre.attempts', { n: entry.attempts })}`}
              {entry.status === 'pending' &&
                entry.nextAttemptAt > Date.now() &&
                ` · ${t('sync.centre.nextAttempt', { time: formatWhen(entry.nextAttemptAt, locale) })}`}
              {blocked && ` · ${t('sync.centre.waiting')}`}
            </p>
          )}
          {error && (
            <p className={cn('mt-1 text-xs', stuck ? 'text-destructive' : 'text-muted-foreground')} data-entry-error>
              {error}
            </p>
          )}
        </div>
      </div>
      {!compact && (
        <div className="mt-2 flex flex-wrap justify-end gap-1">
          {entry.status === 'conflicted' && (
            <Button size="sm" className="h-9" onClick={() => openConflict(entry.id)} icon={GitMerge}>
              {t('sync.centre.resolve')}
            </Button>
          )}
          {stuck && hasEditor(entry.entity) && entry.op !== 'delete' && entry.op !== 'enable' && (
            <Button size="sm" variant="outline" className="h-9" onClick={() => openEditor(entry.id)} icon={Pencil}>
              {t('sync.centre.edit')}
            </Button>
          )}
          {(entry.status === 'failed' || (entry.status === 'pending' && !blocked)) && (
            <Button size="sm" variant="outline" className="h-9" onClick={() => void retryEntry(entry.id)} icon={RotateCcw}>
              {t('sync.centre.retry')}
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            className="h-9 text-destructive hover:text-destructive"
            onClick={() => void discardEntry(entry.id)}
            icon={Trash2}
          >
            {t('sync.centre.discard')}
          </Button>
        </div>
      )}
    </li>
  )
}
