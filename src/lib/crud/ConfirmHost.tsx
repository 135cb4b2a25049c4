/** The confirmation dialog of ./confirm, loaded the first time something asks. */
import { useEffect } from 'react'
import { AlertTriangle } from 'lucide-react'
import { AlertBox, AlertDialogAction, AlertDialogCancel } from '@/components/ui/alert-dialog'
import { buttonVariants } from '@/components/ui/button'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { confirmQueue, hostCount, settle } from './confirmQueue'

/** Renders pending confirmations, one at a time. Mount once near the app root (optional). */
export function ConfirmHost() {
  const { t } = useT()
  const current = confirmQueue.use((q) => q[0])
  useEffect(() => {
    hostCount.n++
    return () => {
      hostCount.n--
    }
  }, [])
  if (!current) return null
  const destructive = current.destructive ?? false
  return (
    <AlertBox
      onOpenChange={(open) => !open && settle(current.id, false)}
      icon={destructive && <AlertTriangle className="h-5 w-5 text-destructive" aria-hidden />}
      title={current.title}
      description={current.description}
      footer={
        <>
          <AlertDialogCancel className="min-h-9" onClick={() => settle(current.id, false)}>
            {current.cancelText ?? t('common.cancel')}
          </AlertDialogCancel>
          <AlertDialogAction
            className={cn('min-h-9', destructive && buttonVariants({ variant: 'destructive' }))}
            onClick={() => settle(current.id, true)}
          >
            {current.confirmText ?? t('common.ok')}
          </AlertDialogAction>
        </>
      }
    />
  )
}
