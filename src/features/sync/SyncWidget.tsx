/** /admin/home: the offline edits at a glance — counts, the first few, and the way to the sync centre. */
import { CloudCheck, CloudOff, RefreshCw } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { syncAll } from './actions'
import { blockedIds, formatWhen } from './format'
import { EntryItem } from './EntryItem'
import { useSyncOverview } from './overview'
import { openCentre } from './state'

const SHOWN = 4

export function SyncWidget() {
  const { t, locale } = useT()
  const { online, syncing, entries, lastSyncedAt, problems } = useSyncOverview()
  const blocked = blockedIds(entries)
  // problems first: they need the user
  const first = [...problems, ...entries.filter((e) => !problems.includes(e))].slice(0, SHOWN)
  return (
    <section aria-labelledby="home-sync" className="rounded-lg border bg-card p-4 shadow-sm lg:p-5" data-testid="sync-widget">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id="home-sync" className="flex items-center gap-2 text-base font-semibold">
            {online === false ? (
              <CloudOff className="h-4 w-4 text-amber-600" aria-hidden />
            ) : (
              <CloudCheck className="h-4 w-4 text-emerald-600" aria-hidden />
            )}
            {t('sync.centre.widgetTitle')}
          </h2>
          <p className="mt-0.5 text-sm text-muted-foreground">
            {/* "never synced" only while something waits: with nothing to sync the line below says all is synced */}
            {online === false
              ? t('sync.centre.offline')
              : lastSyncedAt
                ? t('sync.centre.lastSynced', { time: formatWhen(lastSyncedAt, locale) })
                : entries.length > 0 && t('sync.centre.neverSynced')}
            {entries.length > 0 && ` · ${t('sync.badge.pending', { n: entries.length })}`}
            {problems.length > 0 && ` · ${t('sync.badge.problems', { n: problems.length })}`}
          </p>
        </div>
        <div className="flex gap-2">
          {entries.length > 0 && (
            <Button variant="outline" onClick={() => void syncAll()} disabled={syncing}>
              <RefreshCw className={cn(syncing && 'animate-spin')} aria-hidden />
              {t('sync.centre.syncNow')}
            </Button>
          )}
          <Button variant={problems.length ? 'default' : 'outline'} onClick={openCentre}>
            {t('sync.centre.widgetAll')}
          </Button>
        </div>
      </div>
      {entries.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{t('sync.centre.widgetClean')}</p>
      ) : (
        <ul className="mt-3 grid gap-2 md:grid-cols-2">
          {first.map((e) => (
            <EntryItem key={e.id} entry={e} blocked={blocked.has(e.id)} compact />
          ))}
          {entries.length > SHOWN && (
            <li className="self-center text-sm text-muted-foreground">{t('sync.centre.more', { n: entries.length - SHOWN })}</li>
          )}
        </ul>
      )}
    </section>
  )
}
