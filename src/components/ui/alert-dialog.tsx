import * as React from 'react'
import { AlertDialog as P } from 'radix-ui'
import { cn } from '@/lib/utils'
import { buttonVariants } from './button'
import { styled } from './styled'

export const AlertDialog = P.Root
export const AlertDialogTrigger = P.Trigger

export const AlertDialogContent = React.forwardRef<React.ComponentRef<typeof P.Content>, React.ComponentPropsWithoutRef<typeof P.Content>>(
  ({ className, ...props }, ref) => (
    <P.Portal>
      <P.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <P.Content
        ref={ref}
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border bg-background p-6 shadow-lg',
          className,
        )}
        {...props}
      />
    </P.Portal>
  ),
)
AlertDialogContent.displayName = 'AlertDialogContent'

export const AlertDialogHeader = styled('div', 'flex flex-col gap-2 text-left', 'AlertDialogHeader')
export { DialogFooter as AlertDialogFooter } from './dialog'
export const AlertDialogTitle = styled(P.Title, 'text-lg font-semibold', 'AlertDialogTitle')
export const AlertDialogDescription = styled(P.Description, 'whitespace-pre-line text-sm text-muted-foreground', 'AlertDialogDescription')
export const AlertDialogAction = styled(P.Action, buttonVariants(), 'AlertDialogAction')
export const AlertDialogCancel = styled(P.Cancel, buttonVariants({ variant: 'outline' }), 'AlertDialogCancel')
