import * as React from 'react'
import { Tabs as P } from 'radix-ui'
import { useScrollEdges } from '@/lib/scroll-edges'
import { cn } from '@/lib/utils'

export const Tabs = P.Root

/** A tab list scrolls sideways when its tabs do not fit, and fades the edge where more are hidden. */
export const TabsList = React.forwardRef<React.ComponentRef<typeof P.List>, React.ComponentPropsWithoutRef<typeof P.List>>(
  ({ className, ...props }, ref) => {
    const inner = React.useRef<HTMLDivElement | null>(null)
    useScrollEdges(inner)
    const setRef = (el: HTMLDivElement | null) => {
      inner.current = el
      if (typeof ref === 'function') ref(el)
      else if (ref) ref.current = el
    }
    return (
      <P.List
        ref={setRef}
        className={cn('scroll-fade inline-flex max-w-full items-center gap-1 overflow-x-auto border-b', className)}
        {...props}
      />
    )
  },
)
TabsList.displayName = 'TabsList'

const TRIGGER =
  '-mb-px inline-flex min-h-10 shrink-0 items-center gap-1.5 whitespace-nowrap border-b-2 border-transparent px-3 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:border-primary data-[state=active]:text-foreground'

export const TabsTrigger = React.forwardRef<React.ComponentRef<typeof P.Trigger>, React.ComponentPropsWithoutRef<typeof P.Trigger>>(
  ({ className, ...props }, ref) => <P.Trigger ref={ref} className={cn(TRIGGER, className)} {...props} />,
)
TabsTrigger.displayName = 'TabsTrigger'

export const TabsContent = React.forwardRef<React.ComponentRef<typeof P.Content>, React.ComponentPropsWithoutRef<typeof P.Content>>(
  ({ className, ...props }, ref) => <P.Content ref={ref} className={cn('focus-visible:outline-none', className)} {...props} />,
)
TabsContent.displayName = 'TabsContent'

/**
 * A choice of one among a few that changes what is shown without a panel of its own (a period of
 * the charts): radio buttons that look like the tabs, ←/→ move the choice. Tabs are for switching
 * panels — a tab names the panel it controls, and a tab without one is an error to assistive
 * technology.
 */
export function SegmentedControl<T extends string>({
  value,
  options,
  onValueChange,
  label,
}: {
  value: T
  options: readonly { value: T; label: React.ReactNode }[]
  onValueChange: (value: T) => void
  label: string
}) {
  const buttons = React.useRef<(HTMLButtonElement | null)[]>([])
  const move = (to: number) => {
    const i = (to + options.length) % options.length
    onValueChange(options[i]!.value)
    buttons.current[i]?.focus()
  }
  return (
    <div role="radiogroup" aria-label={label} className="inline-flex max-w-full items-center gap-1 border-b">
      {options.map((o, i) => (
        <button
          key={o.value}
          ref={(el) => {
            buttons.current[i] = el
          }}
          type="button"
          role="radio"
          aria-checked={o.value === value}
          tabIndex={o.value === value ? 0 : -1}
          data-state={o.value === value ? 'active' : 'inactive'}
          className={TRIGGER}
          onClick={() => onValueChange(o.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight' || e.key === 'ArrowDown') move(i + 1)
            else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') move(i - 1)
            else return
            e.preventDefault()
          }}
        >
          {o.label}
        </button>
      ))}
    </div>
  )
}
