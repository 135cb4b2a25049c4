import * as React from 'react'
import { cva, type VariantProps } from 'class-variance-authority'
import { cn } from '@/lib/utils'

const badgeVariants = cva('inline-flex items-center rounded-md border px-2 py-0.5 text-xs font-medium', {
  variants: {
    variant: {
      default: 'border-transparent bg-primary/10 text-primary',
      secondary: 'border-transparent bg-secondary text-secondary-foreground',
      success: 'border-transparent bg-emerald-500/15 text-emerald-700 dark:text-emerald-400',
      // text dark enough on its tint for 4.5:1 (WCAG AA; the e2e axe sweep checks it)
      warning: 'border-transparent bg-amber-500/15 text-amber-800 dark:text-amber-400',
      destructive: 'border-transparent bg-destructive/15 text-red-700 dark:text-red-400',
      outline: 'text-foreground',
    },
  },
  defaultVariants: { variant: 'default' },
})

export function Badge({ className, variant, ...props }: React.HTMLAttributes<HTMLSpanElement> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />
}
