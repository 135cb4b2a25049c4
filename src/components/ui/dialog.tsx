import * as React from 'react'
import { Dialog as DialogPrimitive } from 'radix-ui'
import { X } from 'lucide-react'
import { useT } from '@/lib/i18n'
import { inToasts } from '@/lib/toast'
import { cn } from '@/lib/utils'
import { styled } from './styled'

export const Dialog = DialogPrimitive.Root
export const DialogTrigger = DialogPrimitive.Trigger
export const DialogClose = DialogPrimitive.Close

export const DialogOverlay = styled(DialogPrimitive.Overlay, 'fixed inset-0 z-50 bg-black/50', 'DialogOverlay')

export const DialogContent = React.forwardRef<
  React.ComponentRef<typeof DialogPrimitive.Content>,
  React.ComponentPropsWithoutRef<typeof DialogPrimitive.Content> & { closeLabel?: string; hideClose?: boolean }
>(({ className, children, closeLabel, hideClose, onInteractOutside, ...props }, ref) => (
  <DialogPrimitive.Portal>
    <DialogOverlay />
    <DialogPrimitive.Content
      ref={ref}
      className={cn(
        'fixed left-1/2 top-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-background p-6 shadow-lg',
        className,
      )}
      onInteractOutside={(event) => {
        if (inToasts(event)) event.preventDefault()
        onInteractOutside?.(event)
      }}
      {...props}
    >
      {children}
      {!hideClose && (
        <DialogPrimitive.Close className="absolute right-4 top-4 rounded-sm opacity-70 transition-opacity hover:opacity-100 focus:outline-none focus:ring-2 focus:ring-ring">
          <X className="h-4 w-4" />
          <span className="sr-only">{closeLabel ?? <CloseText />}</span>
        </DialogPrimitive.Close>
      )}
    </DialogPrimitive.Content>
  </DialogPrimitive.Portal>
))
DialogContent.displayName = 'DialogContent'

export const DialogHeader = styled('div', 'flex flex-col gap-1.5 text-left', 'DialogHeader')
/** The row of a dialog's buttons (an alert dialog's too): stacked on a phone, right-aligned from `sm` up. */
export const DialogFooter = styled('div', 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', 'DialogFooter')
export const DialogTitle = styled(DialogPrimitive.Title, 'text-lg font-semibold leading-none', 'DialogTitle')
export const DialogDescription = styled(DialogPrimitive.Description, 'text-sm text-muted-foreground', 'DialogDescription')

/** The close button's screen-reader text, in the page's language. */
function CloseText() {
  const { t } = useT()
  return <>{t('common.close')}</>
}
