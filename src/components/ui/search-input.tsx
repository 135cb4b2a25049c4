import type { ComponentProps, ReactNode } from 'react'
import { Search } from 'lucide-react'
import { cn } from '@/lib/utils'
import { Input } from './input'

/**
 * A text box with the search icon in front: `label` is its placeholder and accessible name (an
 * `aria-label` given overrides the name); `children` sit inside its right edge (a clear button, a spinner).
 */
export function SearchInput({
  label,
  value,
  onValueChange,
  className,
  inputClassName,
  children,
  ...props
}: {
  label: string
  value: string
  onValueChange(value: string): void
  inputClassName?: string
  children?: ReactNode
} & Omit<ComponentProps<typeof Input>, 'value' | 'onChange' | 'children'>) {
  return (
    <div className={cn('relative', className)}>
      <Search className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        placeholder={label}
        aria-label={label}
        className={cn('pl-8', inputClassName)}
        {...props}
      />
      {children}
    </div>
  )
}
