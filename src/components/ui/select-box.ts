import type { ReactNode } from 'react'

/** A select's trigger box: the closed select below and Radix's (./select.tsx) draw the same. */
export const SELECT_TRIGGER =
  'flex h-9 w-full items-center justify-between whitespace-nowrap rounded-md border border-input bg-background px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive data-[placeholder]:text-muted-foreground [&>span]:line-clamp-1'

/** One choice of an OptionSelect: its value and what it shows (in the list and, chosen, in the box). */
export interface SelectOption {
  value: string
  label: ReactNode
}

export interface OptionSelectProps {
  /** The value chosen; '' for none (the placeholder shows). */
  value: string
  onValueChange: (value: string) => void
  options: readonly SelectOption[]
  placeholder?: string
  id?: string
  /** The trigger's classes. */
  className?: string
  /** Each item's classes (e.g. `min-h-9`, a finger's row). */
  itemClassName?: string
  'aria-label'?: string
  disabled?: boolean
}
