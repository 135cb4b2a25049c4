import * as React from 'react'
import { AlertDialog as P } from 'radix-ui'
import { cn } from '@/lib/utils'
import { buttonVariants } from './button'

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

export const AlertDialogHeader = ({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) => (
  <div className={cn('flex flex-col gap-2 text-left', className)} {...props} />
)
export const AlertDialogFooter = ({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) => (
  <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
)
export const AlertDialogTitle = React.forwardRef<React.ComponentRef<typeof P.Title>, React.ComponentPropsWithoutRef<typeof P.Title>>(
  ({ className, ...props }, ref) => <P.Title ref={ref} className={cn('text-lg font-semibold', className)} {...props} />,
)
AlertDialogTitle.displayName = 'AlertDialogTitle'
export const AlertDialogDescription = React.forwardRef<
  React.ComponentRef<typeof P.Description>,
  React.ComponentPropsWithoutRef<typeof P.Description>
>(({ className, ...props }, ref) => (
  <P.Description ref={ref} className={cn('whitespace-pre-line text-sm text-muted-foreground', className)} {...props} />
))
AlertDialogDescription.displayName = 'AlertDialogDescription'
export const AlertDialogAction = React.forwardRef<React.ComponentRef<typeof P.Action>, React.ComponentPropsWithoutRef<typeof P.Action>>(
  ({ className, ...props }, ref) => <P.Action ref={ref} className={cn(buttonVariants(), className)} {...props} />,
)
AlertDialogAction.displayName = 'AlertDialogAction'
export const AlertDialogCancel = React.forwardRef<React.ComponentRef<typeof P.Cancel>, React.ComponentPropsWithoutRef<typeof P.Cancel>>(
  ({ className, ...props }, ref) => <P.Cancel ref={ref} className={cn(buttonVariants({ variant: 'outline' }), className)} {...props} />,
)
AlertDialogCancel.displayName = 'AlertDialogCancel'
