/**
 * Toasts, with Sonner loaded on the first one (its own chunk, ~9 KiB gzip) instead of with every
 * page. `toast.success(text)` etc. as Sonner's; `<ToastHost>` (mounted once, by the shell's
 * Toaster) renders nothing until a toast is asked for, then mounts Sonner's toaster and shows the
 * toasts asked for meanwhile, in order. The only module that imports 'sonner' (ESLint says so).
 */
import { lazy, Suspense, useEffect, useState } from 'react'
import { createPortal } from 'react-dom'
import type { ExternalToast } from 'sonner'
import { createStore } from '@/lib/store'

type Kind = 'success' | 'error' | 'info' | 'warning'
type Show = (kind: Kind, message: string, data?: ExternalToast) => void

const sonner = () => import('sonner')
const Sonner = lazy(() => sonner().then((m) => ({ default: m.Toaster })))

/** True once a toast was asked for: the host mounts Sonner's toaster from then on. */
const wanted = createStore(false)
/** Toasts asked for before the toaster listens (Sonner drops those). */
let waiting: Parameters<Show>[] = []
let show: Show | null = null

function ask(kind: Kind, message: string, data?: ExternalToast): void {
  if (show) return show(kind, message, data)
  waiting.push([kind, message, data])
  wanted.set(true)
}

/**
 * How long a toast that says what went wrong stays (Sonner's own default, 4 s, for the rest): a toast
 * takes no pointer, so a pointer resting on it does not hold it open while it is read.
 */
const TROUBLE_MS = 8000

export const toast = {
  success: (message: string, data?: ExternalToast) => ask('success', message, data),
  error: (message: string, data?: ExternalToast) => ask('error', message, { duration: TROUBLE_MS, ...data }),
  info: (message: string, data?: ExternalToast) => ask('info', message, data),
  warning: (message: string, data?: ExternalToast) => ask('warning', message, { duration: TROUBLE_MS, ...data }),
}

/** After Sonner's toaster has subscribed (its effects run before a later sibling's): show what waited. */
function Listening() {
  useEffect(() => {
    let cancelled = false
    void sonner().then((m) => {
      if (cancelled) return
      show = (kind, message, data) => void m.toast[kind](message, data)
      const pending = waiting
      waiting = []
      for (const args of pending) show(...args)
    })
    return () => {
      cancelled = true
      show = null
    }
  }, [])
  return null
}

/** True for an event inside the toasts: a dialog open under them stays open when one is closed. */
export const inToasts = (event: Event) => event.target instanceof Element && event.target.closest('[data-sonner-toaster]') !== null

interface HostProps {
  theme: 'light' | 'dark' | 'system'
  /** The toasts' region and each toast's close button, as read aloud (Sonner's are English). */
  labels: { region: string; close: string }
}

/**
 * Where the toaster mounts: a child of <body> from the start, outside the app's root. A modal dialog
 * hides everything beside it from assistive technology (aria-hidden on <body>'s other children) but
 * leaves live regions, so this one is marked as such (`off`: Sonner's list inside is the one that
 * speaks). Inside the root, a first toast raised while a dialog is open was never read aloud.
 */
function useHolder() {
  const [holder] = useState(() => {
    const el = document.createElement('div')
    el.setAttribute('aria-live', 'off')
    return el
  })
  useEffect(() => {
    document.body.append(holder)
    return () => holder.remove()
  }, [holder])
  return holder
}

export function ToastHost({ theme, labels }: HostProps) {
  const holder = useHolder()
  if (!wanted.use()) return null
  return createPortal(
    <Suspense fallback={null}>
      <Sonner
        theme={theme}
        richColors
        closeButton
        position="bottom-right"
        // a toast never stands between the pointer and the page under it, over a modal dialog or not;
        // only its buttons take the pointer (src/styles.css), so hovering the page does not hold it open
        style={{ pointerEvents: 'none' }}
        containerAriaLabel={labels.region}
        toastOptions={{ closeButtonAriaLabel: labels.close }}
      />
      <Listening />
    </Suspense>,
    holder,
  )
}
