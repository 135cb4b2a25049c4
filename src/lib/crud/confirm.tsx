/**
 * `await confirm({ title, description })` → true/false: a promise-based confirmation dialog usable from
 * any handler. A `<ConfirmHost />` renders the open request; when none is mounted, one is mounted
 * on first use in its own root (it needs no context: texts and theme are global) — its code loads
 * then, so a page that never asks (the sign-in page) does not load the dialog.
 */
import type { ReactNode } from 'react'
import { confirmQueue, hostCount, type ConfirmOptions } from './confirmQueue'

export type { ConfirmOptions }

let nextId = 1
let autoHost = false

export function confirm(options: ConfirmOptions): Promise<boolean> {
  ensureHost()
  return new Promise<boolean>((resolve) => {
    confirmQueue.set((q) => [...q, { ...options, id: nextId++, resolve }])
  })
}

/** A deletion: its title (删除角色) and sentence (确定要删除角色「X」吗？), red confirm button. */
export function confirmDelete(title: ReactNode, description: ReactNode): Promise<boolean> {
  return confirm({ title, description, destructive: true })
}

function ensureHost() {
  if (hostCount.n > 0 || autoHost || typeof document === 'undefined') return
  autoHost = true
  void Promise.all([import('react-dom/client'), import('./ConfirmHost')]).then(
    ([{ createRoot }, { ConfirmHost }]) => {
      const el = document.createElement('div')
      el.dataset.confirmHost = ''
      document.body.appendChild(el)
      createRoot(el).render(<ConfirmHost />)
    },
    () => {
      autoHost = false // the chunk did not load (offline before the service worker had it): the next ask tries again
    },
  )
}
