/**
 * A select for long lists (people, units, containers, departments…): a button that opens a list to
 * search by typing (cmdk's filter), grouped where the options name a group (a person under their
 * unit). Keyboard first — type, ↑↓, Enter, Esc — and rows of 44 px for a finger. The trigger is a
 * `combobox` and the rows `option`s, as with the short lists' select.
 */
import * as React from 'react'
import { Command } from 'cmdk'
import { Check, ChevronDown, Search } from 'lucide-react'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { cn } from '@/lib/utils'

export interface SearchableOption {
  value: string
  label: React.ReactNode
  /** What typing finds it by (its label as text). */
  text: string
  group?: string
}

export interface SearchableSelectProps extends Omit<React.ComponentPropsWithoutRef<'button'>, 'value' | 'onChange'> {
  options: readonly SearchableOption[]
  value: string
  onValueChange: (value: string) => void
  placeholder: string
  searchPlaceholder: string
  emptyText: string
  /** Told when the list opens and closes. */
  onOpenChange?: (open: boolean) => void
}

export const SearchableSelect = React.forwardRef<HTMLButtonElement, SearchableSelectProps>(
  ({ options, value, onValueChange, placeholder, searchPlaceholder, emptyText, onOpenChange, className, disabled, ...props }, ref) => {
    const [open, setOpenState] = React.useState(false)
    const setOpen = (o: boolean) => {
      setOpenState(o)
      onOpenChange?.(o)
    }
    const selected = options.find((o) => o.value === value)
    const groups = React.useMemo(() => {
      const byGroup = new Map<string, SearchableOption[]>()
      for (const o of options) byGroup.set(o.group ?? '', [...(byGroup.get(o.group ?? '') ?? []), o])
      return [...byGroup]
    }, [options])
    return (
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild disabled={disabled}>
          <button
            ref={ref}
            type="button"
            role="combobox"
            aria-expanded={open}
            aria-haspopup="listbox"
            data-placeholder={selected ? undefined : ''}
            className={cn(
              'flex h-9 w-full items-center justify-between gap-2 whitespace-nowrap rounded-md border border-input bg-background px-3 py-2 text-left text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive data-[placeholder]:text-muted-foreground',
              className,
            )}
            {...props}
          >
            <span className="line-clamp-1">{selected ? selected.label : placeholder}</span>
            <ChevronDown aria-hidden className="size-4 shrink-0 opacity-50" />
          </button>
        </PopoverTrigger>
        <PopoverContent align="start" className="w-[var(--radix-popover-trigger-width)] min-w-64 p-0">
          <Command loop>
            <div className="flex items-center gap-2 border-b px-3">
              <Search aria-hidden className="size-4 shrink-0 text-muted-foreground" />
              <Command.Input
                placeholder={searchPlaceholder}
                className="h-11 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
              />
            </div>
            <Command.List className="max-h-72 overflow-y-auto p-1">
              <Command.Empty className="py-6 text-center text-sm text-muted-foreground">{emptyText}</Command.Empty>
              {groups.map(([group, items]) => (
                <Command.Group
                  key={group}
                  heading={group || undefined}
                  className="[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground"
                >
                  {items.map((o) => (
                    <Command.Item
                      key={o.value}
                      value={o.value}
                      keywords={[o.text, o.group ?? '']}
                      onSelect={() => {
                        onValueChange(o.value)
                        setOpen(false)
                      }}
                      className="flex min-h-11 cursor-pointer items-center gap-2 rounded-sm px-2 text-sm aria-selected:bg-accent aria-selected:text-accent-foreground"
                    >
                      <Check aria-hidden className={cn('size-4 shrink-0', o.value === value ? 'opacity-100' : 'opacity-0')} />
                      <span className="min-w-0 flex-1 truncate">{o.label}</span>
                    </Command.Item>
                  ))}
                </Command.Group>
              ))}
            </Command.List>
          </Command>
        </PopoverContent>
      </Popover>
    )
  },
)
SearchableSelect.displayName = 'SearchableSelect'
