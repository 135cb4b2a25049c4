import * as React from 'react'
import { AlertDialog as P } from 'radix-ui'
import { cn } from '@/lib/utils'
import { buttonVariants } from './button'
import { DialogFooter as AlertDialogFooter } from './dialog'
import { styled } from './styled'

export { AlertDialogFooter }

export const AlertDialog = P.Root
export const AlertDialogTrigger = P.Trigger

export function AlertDialogContent({ className, ...props }: React.ComponentProps<typeof P.Content>) {
  return (
    <P.Portal>
      <P.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <P.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border bg-background p-6 shadow-lg',
          className,
        )}
        {...props}
      />
    </P.Portal>
  )
}

export const AlertDialogHeader = styled('div', 'flex flex-col gap-2 text-left', 'AlertDialogHeader')
export const AlertDialogTitle = styled(P.Title, 'text-lg font-semibold', 'AlertDialogTitle')
export const AlertDialogDescription = styled(P.Description, 'whitespace-pre-line text-sm text-muted-foreground', 'AlertDialogDescription')
export const AlertDialogAction = styled(P.Action, buttonVariants(), 'AlertDialogAction')
export const AlertDialogCancel = styled(P.Cancel, buttonVariants({ variant: 'outline' }), 'AlertDialogCancel')

interface AlertBoxProps extends Omit<React.ComponentProps<typeof P.Content>, 'title'> {
  open?: boolean
  onOpenChange: (open: boolean) => void
  /** Stands before the title (an icon). */
  icon?: React.ReactNode
  title: React.ReactNode
  description: React.ReactNode
  descriptionClassName?: string
  /** The buttons. */
  footer: React.ReactNode
  footerClassName?: string
}

/** An alert dialog in its one arrangement: the title (an icon before it), the description, anything else, the buttons. */
export function AlertBox({
  open = true,
  onOpenChange,
  icon,
  title,
  description,
  descriptionClassName,
  footer,
  footerClassName,
  children,
  ...content
}: AlertBoxProps) {
  return (
    <P.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent {...content}>
        <AlertDialogHeader>
          <AlertDialogTitle className="flex items-center gap-2">
            {icon}
            {title}
          </AlertDialogTitle>
          <AlertDialogDescription className={descriptionClassName}>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter className={footerClassName}>{footer}</AlertDialogFooter>
      </AlertDialogContent>
    </P.Root>
  )
}
