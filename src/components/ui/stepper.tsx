import type { ComponentProps } from 'react'
import { Check } from 'lucide-react'
import { cn } from '@/lib/utils'

/**
 * The steps of a flow, numbered, the done ones ticked and the current one marked (`aria-current="step"`).
 * `compact` spreads them over the width of a dialog; otherwise they wrap, as a page's wizard does.
 */
export function Stepper({
  labels,
  current,
  compact,
  className,
  ...props
}: { labels: readonly string[]; current: number; compact?: boolean } & ComponentProps<'ol'>) {
  return (
    <ol className={cn('flex items-center gap-2', compact ? 'text-xs' : 'flex-wrap gap-y-2 text-sm', className)} {...props}>
      {labels.map((label, i) => (
        <li key={label} className={cn('flex items-center gap-2', compact && 'flex-1')} aria-current={i === current ? 'step' : undefined}>
          {!compact && i > 0 && <span className="h-px w-6 bg-border sm:w-10" aria-hidden />}
          <span
            className={cn(
              'flex shrink-0 items-center justify-center rounded-full border font-medium',
              compact ? 'size-6 text-[11px]' : 'size-7 text-xs',
              i < current && 'border-primary bg-primary text-primary-foreground',
              i === current && 'border-primary text-primary',
              i === current && !compact && 'ring-2 ring-primary/20',
              i > current && 'text-muted-foreground',
            )}
          >
            {i < current ? <Check className={compact ? 'size-3.5' : 'size-4'} aria-hidden /> : i + 1}
          </span>
          <span className={cn('whitespace-nowrap', i === current ? 'font-medium text-foreground' : 'text-muted-foreground')}>{label}</span>
          {compact && i < labels.length - 1 && <span className="h-px flex-1 bg-border" aria-hidden />}
        </li>
      ))}
    </ol>
  )
}
