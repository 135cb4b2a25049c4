import { Suspense, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { ChevronDown } from 'lucide-react'
import { cn } from '@/lib/utils'
import { lazyMenuPopup } from './lazy-menu'
import { SELECT_TRIGGER, type OptionSelectProps } from './select-box'

export type { OptionSelectProps, SelectOption } from './select-box'

const OpenSelect = lazyMenuPopup<OptionSelectProps>(() => import('./option-select-open').then((m) => m.OptionSelectOpen))

/** The keys that open Radix's select from its trigger. */
const OPEN_KEYS = new Set([' ', 'Enter', 'ArrowDown', 'ArrowUp'])

/**
 * A select over a list of options whose Radix code (its list, floating-ui, the focus and scroll
 * locks: ≈ 20 KiB gzip) loads when it is first opened, as Radix's own trigger opens — a mouse pressed,
 * a finger lifted, Enter, Space, ↑ or ↓ — and opens then; a pointer over it or focus on it starts the
 * load. Until then the box is drawn alone, as Radix draws it closed (a combobox showing the choice or
 * the placeholder). For the selects every list screen shows on its start (filters, page size, the
 * project), which most visits never open.
 */
export function OptionSelect(props: OptionSelectProps) {
  const [armed, setArmed] = useState(false)
  const { value, options, placeholder, id, className, disabled } = props
  const chosen = options.find((o) => o.value === value)
  const pointer = useRef('')
  const trigger = (
    <button
      type="button"
      role="combobox"
      id={id}
      aria-label={props['aria-label']}
      aria-expanded={false}
      aria-autocomplete="none"
      data-state="closed"
      data-placeholder={chosen ? undefined : ''}
      disabled={disabled}
      className={cn(SELECT_TRIGGER, className)}
      onPointerEnter={OpenSelect.preload}
      onFocus={OpenSelect.preload}
      onPointerDown={(e: PointerEvent<HTMLButtonElement>) => {
        pointer.current = e.pointerType
        if (e.pointerType !== 'mouse' || e.button !== 0 || e.ctrlKey) return
        e.preventDefault()
        setArmed(true)
      }}
      onClick={() => {
        if (pointer.current !== 'mouse') setArmed(true)
      }}
      onKeyDown={(e: KeyboardEvent<HTMLButtonElement>) => {
        if (!OPEN_KEYS.has(e.key)) return
        e.preventDefault()
        setArmed(true)
      }}
    >
      <span style={{ pointerEvents: 'none' }}>{chosen ? chosen.label : placeholder}</span>
      <ChevronDown className="h-4 w-4 opacity-50" aria-hidden />
    </button>
  )
  if (!armed) return trigger
  return (
    <Suspense fallback={trigger}>
      <OpenSelect {...props} trigger={trigger} />
    </Suspense>
  )
}
