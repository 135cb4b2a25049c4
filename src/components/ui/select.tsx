import * as React from 'react'
import { Select as P } from 'radix-ui'
import { Check, ChevronDown } from 'lucide-react'
import { cn } from '@/lib/utils'
import { SELECT_TRIGGER } from './select-box'
import { styled } from './styled'

export const Select = P.Root
export const SelectValue = P.Value
export const SelectGroup = P.Group

const Trigger = styled(P.Trigger, SELECT_TRIGGER, 'SelectTrigger')

export function SelectTrigger({ children, ...props }: React.ComponentProps<typeof P.Trigger>) {
  return (
    <Trigger {...props}>
      {children}
      <P.Icon asChild>
        <ChevronDown className="h-4 w-4 opacity-50" />
      </P.Icon>
    </Trigger>
  )
}

export function SelectContent({ className, children, position = 'popper', ...props }: React.ComponentProps<typeof P.Content>) {
  return (
    <P.Portal>
      <P.Content
        position={position}
        className={cn(
          'relative z-50 max-h-80 min-w-[8rem] overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-md',
          position === 'popper' && 'w-full min-w-[var(--radix-select-trigger-width)] translate-y-1',
          className,
        )}
        {...props}
      >
        <P.Viewport className="p-1">{children}</P.Viewport>
      </P.Content>
    </P.Portal>
  )
}

const Item = styled(
  P.Item,
  'relative flex w-full cursor-default select-none items-center rounded-sm py-1.5 pl-2 pr-8 text-sm outline-none focus:bg-accent data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
  'SelectItem',
)

export function SelectItem({ children, ...props }: React.ComponentProps<typeof P.Item>) {
  return (
    <Item {...props}>
      <span className="absolute right-2 flex h-3.5 w-3.5 items-center justify-center">
        <P.ItemIndicator>
          <Check className="h-4 w-4" />
        </P.ItemIndicator>
      </span>
      <P.ItemText>{children}</P.ItemText>
    </Item>
  )
}

/**
 * A select over a fixed list of values, each shown by `label`; `first` is an item before them (e.g.
 * "none"). `id` or `aria-label` names it; `className` is the trigger's.
 */
export function ChoiceSelect<V extends string>({
  id,
  value,
  onChange,
  values,
  label,
  first,
  className,
  'aria-label': ariaLabel,
}: {
  id?: string
  value: V
  onChange: (value: V) => void
  values: readonly V[]
  label: (value: V) => string
  first?: React.ReactNode
  className?: string
  'aria-label'?: string
}) {
  return (
    <Select value={value} onValueChange={(v) => onChange(v as V)}>
      <SelectTrigger id={id} className={className} aria-label={ariaLabel}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {first}
        {values.map((v) => (
          <SelectItem key={v} value={v}>
            {label(v)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  )
}
