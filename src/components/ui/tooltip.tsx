import * as React from 'react'
import { Tooltip as P } from 'radix-ui'
import { cn } from '@/lib/utils'

/** A tooltip with its own provider (shadcn's way): nothing at the app root, so /login loads no popper. */
export function Tooltip({ delayDuration = 300, ...props }: React.ComponentProps<typeof P.Root>) {
  return (
    <P.Provider delayDuration={delayDuration}>
      <P.Root {...props} />
    </P.Provider>
  )
}
export const TooltipTrigger = P.Trigger
export const TooltipContent = React.forwardRef<React.ComponentRef<typeof P.Content>, React.ComponentPropsWithoutRef<typeof P.Content>>(
  ({ className, sideOffset = 4, ...props }, ref) => (
    <P.Portal>
      <P.Content
        ref={ref}
        sideOffset={sideOffset}
        className={cn('z-50 rounded-md bg-primary px-3 py-1.5 text-xs text-primary-foreground', className)}
        {...props}
      />
    </P.Portal>
  ),
)
TooltipContent.displayName = 'TooltipContent'
