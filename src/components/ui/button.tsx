import * as React from 'react'
import { Slot } from 'radix-ui'
import { cva, type VariantProps } from 'class-variance-authority'
import { Loader2, type LucideIcon } from 'lucide-react'
import { cn } from '@/lib/utils'

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 ring-offset-background disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground hover:bg-primary/90',
        destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
        outline: 'border border-input bg-background hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-9 px-4 py-2',
        sm: 'h-8 rounded-md px-3 text-xs',
        lg: 'h-10 rounded-md px-6',
        icon: 'h-9 w-9',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
)

export interface ButtonProps extends React.ComponentProps<'button'>, VariantProps<typeof buttonVariants> {
  asChild?: boolean
  /** Drawn before the label, hidden from screen readers (the label, or an `aria-label` on an icon-only button, names it). */
  icon?: LucideIcon
  /** Working (a save, a check): a spinner in place of the icon, and disabled meanwhile. */
  pending?: boolean
}

export function Button({ className, variant, size, asChild = false, icon: Icon, pending, children, ...props }: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size, className }))
  if (asChild)
    return (
      <Slot.Root className={classes} {...props}>
        {children}
      </Slot.Root>
    )
  return (
    <button className={classes} {...props} disabled={props.disabled || pending}>
      {pending ? <Loader2 className="animate-spin" aria-hidden /> : Icon && <Icon aria-hidden />}
      {children}
    </button>
  )
}

/**
 * A button that is only an icon (ghost, type="button" unless told): `label` names it for screen readers
 * (`name`, a fuller name where the row matters: 编辑 张伟), and with `tip` it is also its tooltip.
 */
export function IconButton({
  label,
  name,
  tip,
  variant = 'ghost',
  type = 'button',
  ...props
}: Omit<ButtonProps, 'size' | 'children' | 'asChild'> & { icon: LucideIcon; label: string; name?: string; tip?: boolean }) {
  return <Button type={type} variant={variant} size="icon" aria-label={name ?? label} title={tip ? label : undefined} {...props} />
}
