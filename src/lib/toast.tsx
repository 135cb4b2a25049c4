/**
 * Toasts, with Sonner loaded on the first one (its own chunk, ~9 KiB gzip) instead of with every
 * page. `toast.success(text)` etc. as Sonner's; `<ToastHost>` (mounted once, by the shell's
 * Toaster) renders nothing until a toast is asked for, then mounts Sonner's toaster and shows the
 * toasts asked for meanwhile, in order. The only module that imports 'sonner' (ESLint says so).
 */
import { lazy, Suspense, useEffect } from 'react'
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

export const toast = {
  success: (message: string, data?: ExternalToast) => ask('success', message, data),
  error: (message: string, data?: ExternalToast) => ask('error', message, data),
  info: (message: string, data?: ExternalToast) => ask('info', message, data),
  warning: (message: string, data?: ExternalToast) => ask('warning', message, data),
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

export function ToastHost({ theme }: { theme: 'light' | 'dark' | 'system' }) {
  if (!wanted.use()) return null
  return (
    <Suspense fallback={null}>
      <Sonner theme={theme} richColors closeButton position="bottom-right" />
      <Listening />
    </Suspense>
  )
}
