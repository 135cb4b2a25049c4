/**
 * The sync centre (a sheet from the header badge): connection, last sync, storage use, and the
 * account's waiting edits — pending, failed, conflicted — with retry, edit, resolve, discard, and
 * the export of the outbox as a file.
 */
import { useEffect, useState } from 'react'
import { CloudOff, Download, HardDrive, Inbox, RefreshCw, Wifi } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Progress } from '@/components/ui/progress'
import { useT } from '@/lib/i18n'
import { refreshStorage, useSyncState } from '@/lib/offline'
import { cn } from '@/lib/utils'
import { exportOutbox, syncAll } from './actions'
import { EntryItem } from './EntryItem'
import { blockedIds, formatBytes, formatWhen } from './format'
import { closeCentre, syncUi } from './state'

type Tab = 'all' | 'pending' | 'failed' | 'conflicted'

export function SyncCentre() {
  const { t } = useT()
  const open = syncUi.use((s) => s.centre)
  return (
    <Dialog open={open} onOpenChange={(o) => !o && closeCentre()}>
      <DialogContent
        closeLabel={t('common.close')}
        className="left-auto right-0 top-0 flex h-full max-h-none w-full max-w-xl translate-x-0 translate-y-0 flex-col gap-0 rounded-none border-y-0 border-r-0 p-0 sm:max-w-xl"
      >
        <DialogHeader className="border-b px-6 py-4 pr-12">
          <DialogTitle>{t('sync.centre.title')}</DialogTitle>
          <DialogDescription>{t('sync.centre.description')}</DialogDescription>
        </DialogHeader>
        {open && <CentreBody />}
      </DialogContent>
    </Dialog>
  )
}

function CentreBody() {
  const { t, locale } = useT()
  const online = useSyncState((s) => s.online)
  const syncing = useSyncState((s) => s.syncing)
  const entries = useSyncState((s) => s.entries)
  const lastSyncedAt = useSyncState((s) => s.lastSyncedAt)
  const [tab, setTab] = useState<Tab>('all')
  const counts = {
    all: entries.length,
    pending: entries.filter((e) => e.status === 'pending' || e.status === 'sending').length,
    failed: entries.filter((e) => e.status === 'failed').length,
    conflicted: entries.filter((e) => e.status === 'conflicted').length,
  }
  const shown = entries.filter((e) => tab === 'all' || e.status === tab || (tab === 'pending' && e.status === 'sending'))
  const blocked = blockedIds(entries)

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="space-y-3 border-b px-6 py-4">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <span
            className={cn(
              'flex items-center gap-1.5 font-medium',
              online === false ? 'text-amber-700 dark:text-amber-300' : 'text-emerald-700 dark:text-emerald-400',
            )}
          >
            {online === false ? <CloudOff className="h-4 w-4" aria-hidden /> : <Wifi className="h-4 w-4" aria-hidden />}
            {online === false ? t('sync.centre.offline') : online === null ? t('sync.centre.unknown') : t('sync.centre.online')}
          </span>
          <span className="text-muted-foreground">
            {lastSyncedAt ? t('sync.centre.lastSynced', { time: formatWhen(lastSyncedAt, locale) }) : t('sync.centre.neverSynced')}
          </span>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void syncAll()} disabled={syncing || entries.length === 0}>
            <RefreshCw className={cn(syncing && 'animate-spin')} aria-hidden />
            {t('sync.centre.syncNow')}
          </Button>
          <Button variant="outline" onClick={exportOutbox} disabled={entries.length === 0} icon={Download}>
            {t('sync.centre.export')}
          </Button>
        </div>
        <StorageLine />
      </div>

      <div role="tablist" aria-label={t('sync.centre.title')} className="flex gap-1 overflow-x-auto border-b px-4 py-2">
        {(['all', 'pending', 'failed', 'conflicted'] as const).map((k) => (
          <button
            key={k}
            role="tab"
            type="button"
            aria-selected={tab === k}
            onClick={() => setTab(k)}
            className={cn(
              'min-h-9 shrink-0 rounded-md px-3 text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              tab === k && 'bg-muted font-medium',
              k === 'failed' && counts.failed > 0 && 'text-destructive',
              k === 'conflicted' && counts.conflicted > 0 && 'text-amber-700 dark:text-amber-300',
            )}
          >
            {t(`sync.centre.tabs.${k}`, { n: counts[k] })}
          </button>
        ))}
      </div>

      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-3">
        {shown.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-16 text-center text-sm text-muted-foreground">
            <Inbox className="h-10 w-10 opacity-50" aria-hidden />
            <p className="font-medium">{t('sync.centre.empty')}</p>
            <p>{t('sync.centre.emptyHint')}</p>
          </div>
        ) : (
          <ul className="space-y-2" aria-label={t('sync.centre.title')}>
            {shown.map((e) => (
              <EntryItem key={e.id} entry={e} blocked={blocked.has(e.id)} />
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}

function StorageLine() {
  const { t } = useT()
  const storage = useSyncState((s) => s.storage)
  const full = useSyncState((s) => s.quotaExceeded)
  useEffect(() => {
    void refreshStorage()
  }, [])
  const pct = storage?.usage != null && storage.quota ? Math.min(100, (storage.usage / storage.quota) * 100) : null
  return (
    <div className="space-y-1.5 text-xs text-muted-foreground">
      <div className="flex items-center gap-2">
        <HardDrive className="h-3.5 w-3.5" aria-hidden />
        <span className="font-medium text-foreground">{t('sync.storage.title')}</span>
        <span>
          {storage
            ? t('sync.storage.usage', { used: formatBytes(storage.usage), quota: formatBytes(storage.quota) })
            : t('sync.storage.unknown')}
        </span>
      </div>
      {pct !== null && <Progress value={pct} className="h-1.5" aria-label={t('sync.storage.title')} />}
      {storage?.persisted != null && <p>{storage.persisted ? t('sync.storage.persisted') : t('sync.storage.notPersisted')}</p>}
      {full && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {t('sync.storage.full')}
        </p>
      )}
    </div>
  )
}
