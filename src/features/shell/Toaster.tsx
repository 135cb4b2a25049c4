import { lazy, Suspense, useState } from 'react'
import { useRouterState } from '@tanstack/react-router'
import { LOGIN_PATH } from './navigation'
import { themeStore } from './theme'

const Sonner = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })))

/**
 * Sonner's toaster, loaded (its own chunk) the first time a page other than /login is shown — the
 * login form answers inline, so the sign-in page does not load it — and kept mounted from then on.
 */
export function Toaster() {
  const theme = themeStore.use()
  const onLogin = useRouterState({ select: (s) => s.location.pathname === LOGIN_PATH })
  const [needed, setNeeded] = useState(!onLogin)
  if (!needed && !onLogin) setNeeded(true)
  if (!needed) return null
  return (
    <Suspense fallback={null}>
      <Sonner theme={theme} richColors closeButton position="bottom-right" />
    </Suspense>
  )
}
