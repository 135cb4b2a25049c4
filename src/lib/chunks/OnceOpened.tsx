import { Suspense, useState, type ReactNode } from 'react'

/**
 * Mounts a lazily loaded dialog from the first time it is opened on, and keeps it mounted (its
 * closing animation plays, its state stays, like any dialog): until then its chunk is not loaded.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null
}
