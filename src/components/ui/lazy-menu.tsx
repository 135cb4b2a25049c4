import {
  cloneElement,
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type LazyExoticComponent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from 'react'

/** What a menu popup gets besides its own props: the trigger to wrap (in `DropdownMenuTrigger asChild`). */
export interface MenuPopupProps {
  trigger: ReactElement
}

export type LazyMenuPopup<P extends object> = LazyExoticComponent<ComponentType<P & MenuPopupProps>> & { preload: () => void }

/** A menu popup in its own chunk: a component rendering `<DropdownMenu defaultOpen>` around `trigger`. */
export function lazyMenuPopup<P extends object>(load: () => Promise<ComponentType<P & MenuPopupProps>>): LazyMenuPopup<P> {
  let loading: Promise<ComponentType<P & MenuPopupProps>> | null = null
  const get = () => (loading ??= load())
  // a chunk that cannot be had (offline without the service worker's copy, a deploy since) leaves the
  // trigger as it was — the menu does not open, the page stays — rather than failing the header
  const TriggerOnly = ({ trigger }: MenuPopupProps) => trigger
  return Object.assign(
    lazy(() =>
      get().then(
        (c) => ({ default: c }),
        () => ({ default: TriggerOnly as ComponentType<P & MenuPopupProps> }),
      ),
    ),
    { preload: () => void get().catch(() => undefined) },
  )
}

interface TriggerProps {
  onPointerEnter?: (e: PointerEvent<HTMLElement>) => void
  onPointerDown?: (e: PointerEvent<HTMLElement>) => void
  onKeyDown?: (e: KeyboardEvent<HTMLElement>) => void
}

/**
 * A dropdown menu whose Radix code, floating-ui and items load on first use — the pointer pressed on
 * the trigger, or Enter, Space or ↓ on it (as Radix's own trigger opens) — and open then; a mouse
 * over the trigger starts the load. Until then the trigger is rendered alone, announcing its menu.
 * For the shell's menus, which every signed-in page shows and few open.
 */
export function LazyMenu<P extends object>({
  popup: Popup,
  props,
  trigger,
}: {
  popup: LazyMenuPopup<P>
  props: P
  trigger: ReactElement<TriggerProps>
}) {
  const [armed, setArmed] = useState(false)
  if (armed)
    return (
      <Suspense fallback={trigger}>
        <Popup {...props} trigger={trigger} />
      </Suspense>
    )
  const own = trigger.props
  return cloneElement(trigger, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: (e: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(e)
      Popup.preload()
    },
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      own.onPointerDown?.(e)
      if (e.button !== 0 || e.ctrlKey) return
      e.preventDefault()
      setArmed(true)
    },
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      own.onKeyDown?.(e)
      if (e.key !== 'Enter' && e.key !== ' ' && e.key !== 'ArrowDown') return
      e.preventDefault()
      setArmed(true)
    },
  } as Partial<TriggerProps>)
}

/**
 * A ⋯ menu of a row (a list's, a tree's) whose entries its caller gives (DropdownMenuItem…), aligned to
 * the trigger's end: `<LazyMenu popup={ItemsMenu} props={{ children }} trigger={…} />`.
 */
export const ItemsMenu = lazyMenuPopup<{ children: ReactNode }>(() => import('./items-menu').then((m) => m.ItemsMenuPopup))
