/**
 * An intent: what a command asks the page it opens to do once it is there — open its add dialog,
 * its import dialog, look a record up. Posted just before navigating, taken once by the screen that
 * handles it (`useIntent`), dropped when another page is opened first. In memory: a command runs
 * in this tab, now.
 */
import { useEffect, useRef } from 'react'
import { useLocation } from '@tanstack/react-router'
import { normalizePath } from '@/lib/permissions'
import { createStore } from '@/lib/store'

/** `add`: the page's add dialog; `import`: its import dialog; `find`: show the record named `value`. */
export type IntentAction = 'add' | 'import' | 'find'

export interface Intent {
  path: string
  action: IntentAction
  value?: string
  /** Tells two equal intents apart (a command run twice). */
  seq: number
}

const intents = createStore<Intent | null>(null)
let seq = 0

export function postIntent(path: string, action: IntentAction, value?: string): void {
  intents.set({ path: normalizePath(path), action, value, seq: ++seq })
}

/**
 * Runs `handle` with the intent's value when an intent of `action` for the current page is posted
 * (or was, before the page mounted), once; `enabled` false leaves it for a later render (the data
 * the handler needs is not there yet).
 */
export function useIntent(action: IntentAction, handle: (value: string | undefined) => void, enabled = true): void {
  const pathname = useLocation({ select: (l) => l.pathname })
  const intent = intents.use()
  const latest = useRef(handle)
  latest.current = handle
  useEffect(() => {
    if (!enabled || !intent || intent.action !== action || intent.path !== normalizePath(pathname)) return
    intents.set(null)
    latest.current(intent.value)
  }, [intent, action, pathname, enabled])
}

/** After a navigation: an intent for another page than the one now open is dropped (its page was left before it was taken). */
export function dropIntentElsewhere(pathname: string): void {
  const intent = intents.get()
  if (intent && intent.path !== normalizePath(pathname)) intents.set(null)
}
