import type { ReactNode } from 'react'
import { Loader2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'

export interface ActionDialogProps {
  open: boolean
  onClose: () => void
  title: ReactNode
  description?: ReactNode
  /** The submit button's text (default 提交). */
  submitText?: string
  destructive?: boolean
  pending?: boolean
  onSubmit: () => void | Promise<void>
  className?: string
  children: ReactNode
}

/**
 * A dialog around one small form that performs an action (audit, reset a password, set a period,
 * give a reason): title, fields, cancel and submit. Record add/edit forms use FormDialog instead.
 */
export function ActionDialog({ open, onClose, title, description, submitText, destructive, pending = false, onSubmit, className, children }: ActionDialogProps) {
  const { t } = useT()
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className={cn('sm:max-w-md', className)} closeLabel={t('common.close')}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description !== undefined && <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault()
            void onSubmit()
          }}
        >
          {children}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending} className="min-w-20">
              {pending && <Loader2 className="animate-spin" aria-hidden />}
              {submitText ?? t('common.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
