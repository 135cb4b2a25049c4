/**
 * The console: the router, the query cache and its restoration, the outbox, the areas. Started by
 * main.tsx at once — or, on a first visit to /login, by the sign-in page once it has signed in
 * (src/app/signIn.tsx), in the same page and at the address it went to.
 */
import './startOutbox'
import './areas'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { installNavigationEffects, sessionNavigator } from '@/features/shell'
import { setNavigator } from '@/lib/http'
import { isForbiddenError } from '@/lib/permissions'
import { queryClient } from '@/lib/query'
import { prepareClassMerge } from '@/lib/utils'
import { QueryRestoreGate } from '@/lib/offline/read/QueryRestoreGate'
import { router } from '../router'

export function startConsole(container: HTMLElement): void {
  installNavigationEffects(router)
  // The request client navigates (20114, 20119, a cancelled re-login) through the router.
  setNavigator(sessionNavigator(router))

  // A route refused by its guard is an answer (the 403 page), not a fault: nothing for the console.
  const root = createRoot(container, {
    onCaughtError: (error, info) => {
      if (!isForbiddenError(error)) console.error(error, info.componentStack)
    },
  })
  // The first render as a transition: React renders it in slices of a few milliseconds, so a slow
  // tablet stays responsive while the shell builds, instead of one long task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <QueryRestoreGate>
            <RouterProvider router={router} />
          </QueryRestoreGate>
        </QueryClientProvider>
      </StrictMode>,
    ),
  )
  prepareClassMerge()
}
