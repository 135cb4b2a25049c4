/** What the sync centre, the widget and the logout guard do with the outbox. */
import { toast } from '@/lib/toast'
import { confirm } from '@/lib/crud/confirm'
import { downloadText } from '@/lib/crud/export'
import { t } from '@/lib/i18n'
import { outbox, outboxExport, refresh, syncNow, syncStore } from '@/lib/offline'
import { exportFileName } from './format'

/** Saves the account's outbox as a JSON file (passwords of new accounts are not written). */
export function exportOutbox(): void {
  const entries = syncStore.get().entries
  downloadText(exportFileName(), outboxExport(entries), 'application/json;charset=utf-8')
  toast.success(t('sync.centre.exported', { n: entries.length }))
}

export async function retryEntry(id: string): Promise<void> {
  await outbox.retry(id)
  await refresh()
  await syncNow()
}

export async function discardEntry(id: string): Promise<boolean> {
  if (
    !(await confirm({
      title: t('sync.centre.discardTitle'),
      description: t('sync.centre.discardConfirm'),
      destructive: true,
      confirmText: t('sync.centre.discard'),
    }))
  )
    return false
  await outbox.discard(id)
  await refresh()
  toast.success(t('sync.centre.discarded'))
  return true
}

export function syncAll(): Promise<void> {
  return syncNow({ force: true })
}
