import type { ReactNode } from 'react'
import { IsRestoringProvider } from '@tanstack/react-query'
import { restoringStore } from './restoring'

/** Queries wait while the signed-in account's persisted cache is restored (inside QueryClientProvider). */
export function QueryRestoreGate({ children }: { children: ReactNode }) {
  const restoring = restoringStore.use()
  return <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>
}
