/**
 * Over something that loads in place (a diagram's canvas): "loading", or "failed" with a retry;
 * nothing once it is ready. The parent is `relative`; the texts are the caller's. `useLoadInPlace`
 * runs the loading and keeps the state the overlay shows.
 */
import { useEffect, useRef, useState } from 'react'
import { Button } from './ui/button'

export type LoadState = 'loading' | 'ready' | 'failed'

/** What a mount is told: whether it has been left (unmounted, or a newer mount started), and where to leave its teardown. */
export interface LoadInPlace {
  gone(): boolean
  /** Runs `fn` when the mount is left (at once when it already is), after the teardowns left before it. */
  cleanup(fn: () => void): void
}

/**
 * Loads something into `box` (a lazily imported canvas): `mount` — memoised, a new one mounts again —
 * makes it there; the state is 'loading' until it resolves ('ready') or rejects ('failed'), and
 * `retry` mounts it again. A mount that has been left changes no state.
 */
export function useLoadInPlace(mount: (box: HTMLDivElement, on: LoadInPlace) => Promise<unknown>) {
  const box = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<LoadState>('loading')
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    const el = box.current
    if (!el) return
    let gone = false
    const teardowns: (() => void)[] = []
    setState('loading')
    mount(el, { gone: () => gone, cleanup: (fn) => (gone ? fn() : void teardowns.push(fn)) }).then(
      () => {
        if (!gone) setState('ready')
      },
      () => {
        if (!gone) setState('failed')
      },
    )
    return () => {
      gone = true
      for (const fn of teardowns) fn()
    }
  }, [mount, attempt])

  return { box, state, retry: () => setAttempt((n) => n + 1) }
}

export function LoadOverlay({
  state,
  texts,
  onRetry,
}: {
  state: LoadState
  texts: { loading: string; failed: string; retry: string }
  onRetry: () => void
}) {
  if (state === 'ready') return null
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-background/80 text-sm text-muted-foreground">
      {state === 'loading' ? (
        <span role="status">{texts.loading}</span>
      ) : (
        <>
          <span role="alert">{texts.failed}</span>
          <Button type="button" variant="outline" size="sm" onClick={onRetry}>
            {texts.retry}
          </Button>
        </>
      )}
    </div>
  )
}
