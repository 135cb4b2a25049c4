/**
 * The logout guard (./signout.ts opens it): the outbox is not empty — sync now, export, discard
 * and sign out, or cancel.
 */
import { useState } from 'react'
import { toast } from '@/lib/toast'
import { CloudOff, Download, LogOut, RefreshCw } from 'lucide-react'
import { AlertBox, AlertDialogCancel } from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { useT, t } from '@/lib/i18n'
import { syncStore, useSyncState } from '@/lib/offline'
import { exportOutbox, syncAll } from './actions'
import { signOut } from './signout'
import { syncUi } from './state'

export function LogoutGuard() {
  const { t: tr } = useT()
  const open = syncUi.use((s) => s.logout)
  const n = useSyncState((s) => s.entries.length)
  const online = useSyncState((s) => s.online)
  const syncing = useSyncState((s) => s.syncing)
  const [busy, setBusy] = useState(false)
  const close = () => syncUi.set((s) => ({ ...s, logout: false }))

  const syncThenLeave = async () => {
    setBusy(true)
    try {
      await syncAll()
      const left = syncStore.get().entries.length
      if (left === 0) {
        toast.success(t('sync.logout.syncedAll'))
        await signOut()
      } else toast.warning(t('sync.logout.stillPending', { n: left }))
    } finally {
      setBusy(false)
    }
  }

  return (
    <AlertBox
      open={open}
      onOpenChange={(o) => !o && close()}
      className="max-w-xl"
      title={tr('sync.logout.title')}
      description={tr('sync.logout.description', { n })}
      footerClassName="gap-2 sm:items-center sm:justify-between"
      footer={
        <>
          <AlertDialogCancel className="mt-0">{tr('sync.logout.cancel')}</AlertDialogCancel>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button
              variant="outline"
              className="text-destructive hover:text-destructive"
              disabled={busy}
              onClick={() => void signOut()}
              icon={LogOut}
            >
              {tr('sync.logout.discard')}
            </Button>
            <Button variant="outline" disabled={busy} onClick={exportOutbox} icon={Download}>
              {tr('sync.logout.export')}
            </Button>
            <Button disabled={busy || syncing} onClick={() => void syncThenLeave()}>
              <RefreshCw className={busy ? 'animate-spin' : undefined} aria-hidden />
              {tr('sync.logout.syncNow')}
            </Button>
          </div>
        </>
      }
    >
      {online === false && (
        <p className="flex items-center gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-800 dark:text-amber-300">
          <CloudOff className="h-4 w-4 shrink-0" aria-hidden />
          {tr('sync.logout.offlineHint')}
        </p>
      )}
    </AlertBox>
  )
}
