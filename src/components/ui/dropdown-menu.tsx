import * as React from 'react'
import { DropdownMenu as P } from 'radix-ui'
import { Check, type LucideIcon } from 'lucide-react'
import { cn } from '@/lib/utils'
import { styled } from './styled'

export const DropdownMenu = P.Root
export const DropdownMenuTrigger = P.Trigger
export const DropdownMenuGroup = P.Group

/**
 * A menu item that opened a dialog leaves the focus in it: closing, the menu does not pull it back to
 * its trigger (named by the menu's aria-labelledby) outside that dialog — the dialog would take it
 * back, and the field it had focused would count as visited (its "required" error shown before
 * anything was typed). A menu inside a dialog (a drawer) still returns to its trigger.
 */
const keepDialogFocus = (e: Event) => {
  const dialog = document.activeElement?.closest('[role="dialog"], [role="alertdialog"]')
  const trigger = document.getElementById((e.target as Element | null)?.getAttribute('aria-labelledby') ?? '')
  if (dialog && !dialog.contains(trigger)) e.preventDefault()
}

export const DropdownMenuContent = React.forwardRef<React.ComponentRef<typeof P.Content>, React.ComponentPropsWithoutRef<typeof P.Content>>(
  ({ className, sideOffset = 4, onCloseAutoFocus, ...props }, ref) => (
    <P.Portal>
      <P.Content
        ref={ref}
        sideOffset={sideOffset}
        className={cn('z-50 min-w-[10rem] overflow-hidden rounded-md border bg-popover p-1 text-popover-foreground shadow-md', className)}
        onCloseAutoFocus={(e) => {
          onCloseAutoFocus?.(e)
          keepDialogFocus(e)
        }}
        {...props}
      />
    </P.Portal>
  ),
)
DropdownMenuContent.displayName = 'DropdownMenuContent'

export const DropdownMenuItem = styled(
  P.Item,
  'relative flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none transition-colors focus:bg-accent focus:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50 [&_svg]:size-4',
  'DropdownMenuItem',
)

/**
 * A menu entry that does something: its icon, then its text (then `children`, e.g. a note at the end);
 * `destructive` draws it in the destructive colour (a delete).
 */
export function DropdownMenuAction({
  icon: Icon,
  label,
  destructive,
  className,
  children,
  ...props
}: Omit<React.ComponentProps<typeof P.Item>, 'children'> & {
  icon: LucideIcon
  label: React.ReactNode
  destructive?: boolean
  children?: React.ReactNode
}) {
  return (
    <DropdownMenuItem className={cn('min-h-9', destructive && 'text-destructive focus:text-destructive', className)} {...props}>
      <Icon aria-hidden />
      {label}
      {children}
    </DropdownMenuItem>
  )
}

export const DropdownMenuCheckboxItem = React.forwardRef<
  React.ComponentRef<typeof P.CheckboxItem>,
  React.ComponentPropsWithoutRef<typeof P.CheckboxItem>
>(({ className, children, ...props }, ref) => (
  <P.CheckboxItem
    ref={ref}
    className={cn(
      'relative flex cursor-default select-none items-center rounded-sm py-1.5 pl-8 pr-2 text-sm outline-none focus:bg-accent',
      className,
    )}
    {...props}
  >
    <span className="absolute left-2 flex h-3.5 w-3.5 items-center justify-center">
      <P.ItemIndicator>
        <Check className="h-4 w-4" />
      </P.ItemIndicator>
    </span>
    {children}
  </P.CheckboxItem>
))
DropdownMenuCheckboxItem.displayName = 'DropdownMenuCheckboxItem'

export const DropdownMenuLabel = styled('div', 'px-2 py-1.5 text-sm font-semibold', 'DropdownMenuLabel')
export const DropdownMenuSeparator = styled(P.Separator, '-mx-1 my-1 h-px bg-muted', 'DropdownMenuSeparator')
