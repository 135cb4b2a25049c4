import {
  cloneElement,
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
} from 'react'
import { createPortal } from 'react-dom'

export type TooltipSide = 'right' | 'bottom'

interface TriggerProps {
  onPointerEnter?: (e: PointerEvent<HTMLElement>) => void
  onPointerLeave?: (e: PointerEvent<HTMLElement>) => void
  onPointerDown?: (e: PointerEvent<HTMLElement>) => void
  onFocus?: (e: FocusEvent<HTMLElement>) => void
  onBlur?: (e: FocusEvent<HTMLElement>) => void
  'aria-describedby'?: string
}

const DELAY_MS = 300
const GAP = 6

/** Where the tip goes: beside the trigger (the icons-only menu), or under it, kept inside the window. */
function placement(at: DOMRect, side: TooltipSide): CSSProperties {
  if (side === 'right') return { left: at.right + GAP, top: at.top + at.height / 2, transform: 'translateY(-50%)' }
  const top = at.bottom + GAP
  return at.left + at.width / 2 > window.innerWidth / 2
    ? { top, right: Math.max(4, window.innerWidth - at.right) }
    : { top, left: Math.max(4, at.left) }
}

/**
 * A hint over one trigger element (`<Tooltip label="…"><Button …/></Tooltip>`): after a moment under a
 * mouse, or at once on keyboard focus; gone on leaving, pressing, blur, Escape or scrolling. Touch
 * shows none (the trigger's own name is what counts; the label is only a hint). Written here rather
 * than Radix's: the header and the sidebar show these on every signed-in page, and Radix's tooltip
 * brings floating-ui (~10 KiB gzip) for four fixed placements.
 */
export function Tooltip({ label, side = 'bottom', children }: { label: string; side?: TooltipSide; children: ReactElement<TriggerProps> }) {
  const id = useId()
  const [at, setAt] = useState<DOMRect | null>(null)
  const timer = useRef<number | undefined>(undefined)
  const show = (el: HTMLElement, delay: number) => {
    window.clearTimeout(timer.current)
    timer.current = window.setTimeout(() => setAt(el.getBoundingClientRect()), delay)
  }
  const hide = () => {
    window.clearTimeout(timer.current)
    setAt(null)
  }
  useEffect(() => () => window.clearTimeout(timer.current), [])
  useEffect(() => {
    if (!at) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') hide()
    }
    window.addEventListener('keydown', onKey)
    window.addEventListener('scroll', hide, true)
    return () => {
      window.removeEventListener('keydown', onKey)
      window.removeEventListener('scroll', hide, true)
    }
  }, [at])
  const own = children.props
  const trigger = cloneElement(children, {
    'aria-describedby': at ? id : own['aria-describedby'],
    onPointerEnter: (e: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(e)
      if (e.pointerType === 'mouse') show(e.currentTarget, DELAY_MS)
    },
    onPointerLeave: (e: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(e)
      hide()
    },
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      own.onPointerDown?.(e)
      hide()
    },
    onFocus: (e: FocusEvent<HTMLElement>) => {
      own.onFocus?.(e)
      if (e.currentTarget.matches(':focus-visible')) show(e.currentTarget, 0)
    },
    onBlur: (e: FocusEvent<HTMLElement>) => {
      own.onBlur?.(e)
      hide()
    },
  })
  return (
    <>
      {trigger}
      {at &&
        createPortal(
          <div
            id={id}
            role="tooltip"
            style={placement(at, side)}
            className="pointer-events-none fixed z-50 max-w-xs rounded-md bg-primary px-3 py-1.5 text-xs text-primary-foreground shadow-md"
          >
            {label}
          </div>,
          document.body,
        )}
    </>
  )
}
