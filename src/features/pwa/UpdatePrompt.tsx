import { useEffect, useRef, useState } from 'react'
import type { Workbox } from 'workbox-window'
import { RefreshCw } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useT } from '@/lib/i18n'
import { afterPaint } from '@/lib/afterPaint'
import { dirtyStore } from '@/lib/crud/dirty'
import { usePendingEdits } from './pending'
import { onWorkerWaiting, registerWorker, workerWanted } from './register'

/**
 * Registers the service worker (production builds only) and, when a new version is waiting,
 * offers to update. It never reloads on its own, never while a form holds unsaved input, and
 * never while edits wait in the outbox (a new version could change how they are replayed).
 */
export function UpdatePrompt() {
  const { t } = useT()
  const [waiting, setWaiting] = useState(false)
  const [dismissed, setDismissed] = useState(false)
  const wb = useRef<Workbox | null>(null)
  const dirty = dirtyStore.use((s) => s.size > 0)
  const pending = usePendingEdits()
  const blocked = dirty || pending > 0
  const blockedRef = useRef(blocked)
  blockedRef.current = blocked

  useEffect(() => {
    if (!workerWanted()) return
    let cancelled = false
    let offWaiting = () => {}
    // after the first paint: the page opened shows first, then the worker's files are fetched
    const cancel = afterPaint(
      () =>
        void registerWorker().then((instance) => {
          if (cancelled || !instance) return
          wb.current = instance
          offWaiting = onWorkerWaiting(() => setWaiting(true))
        }),
    )
    return () => {
      cancelled = true
      cancel()
      offWaiting()
    }
  }, [])

  const update = () => {
    const instance = wb.current
    if (!instance || blockedRef.current || dirtyStore.get().size > 0) return
    instance.addEventListener('controlling', () => {
      // a form opened or an edit queued between the click and the switch: reload later, by hand
      if (!blockedRef.current) window.location.reload()
    })
    instance.messageSkipWaiting()
  }

  if (!waiting || dismissed) return null
  return (
    <div role="status" className="fixed bottom-4 right-4 z-50 w-80 rounded-lg border bg-card p-4 text-card-foreground shadow-lg">
      <div className="flex items-start gap-3">
        <RefreshCw className="mt-0.5 h-5 w-5 text-primary" />
        <div className="flex-1 space-y-1">
          <p className="font-medium">{t('pwa.updateReady')}</p>
          <p className="text-sm text-muted-foreground">
            {dirty ? t('pwa.saveFormFirst') : pending > 0 ? t('pwa.syncFirst', { n: pending }) : t('pwa.updateHint')}
          </p>
        </div>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={() => setDismissed(true)}>
          {t('pwa.later')}
        </Button>
        <Button size="sm" disabled={blocked} onClick={update}>
          {t('pwa.updateNow')}
        </Button>
      </div>
    </div>
  )
}
