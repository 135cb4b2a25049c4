import { createLink, type LinkComponent } from '@tanstack/react-router'
import { forwardRef, useRef, type AnchorHTMLAttributes, type MouseEvent } from 'react'

/**
 * The router's link, with hover intent that needs the pointer to move. The router preloads a page
 * (its code, its loader's requests) when the pointer enters its link; but the browser also sends
 * "enter" when the page moves under a pointer that stands still — a drawer or dialog closing, a list
 * scrolling, a menu folding — and then the preload is nobody's intent and takes the main thread at
 * the moment the user waits for what they chose. Here the pointer counts as hovering once it moves
 * inside the link (a position other than where it entered); focus and touch preload as before.
 */
const IntentAnchor = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement>>(function IntentAnchor(
  { onMouseEnter, onMouseMove, onMouseLeave, ...props },
  ref,
) {
  const entered = useRef<{ x: number; y: number } | null>(null)
  return (
    <a
      ref={ref}
      {...props}
      onMouseEnter={(e) => void (entered.current = { x: e.clientX, y: e.clientY })}
      onMouseMove={(e: MouseEvent<HTMLAnchorElement>) => {
        const at = entered.current
        if (at && (e.clientX !== at.x || e.clientY !== at.y)) {
          entered.current = null
          onMouseEnter?.(e)
        }
        onMouseMove?.(e)
      }}
      onMouseLeave={(e) => {
        entered.current = null
        onMouseLeave?.(e)
      }}
    />
  )
})

const RouterLink = createLink(IntentAnchor)

/** Every link of the console: import it from here, not from the router (ESLint says so). */
export const Link: LinkComponent<typeof IntentAnchor> = (props) => <RouterLink {...props} />
