// first: the session's storage (localStorage); the outbox follows the first signed-in account (see the modules)
import '@/features/sync/session'
import './app/startOutbox'
import './app/areas'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { documentTitle, initTheme, installNavigationEffects, sessionNavigator } from '@/features/shell'
import { installPreloadErrorListener } from '@/lib/chunks'
import { setNavigator } from '@/lib/http'
import { isForbiddenError } from '@/lib/permissions'
import { localeReady, localeStore } from '@/lib/i18n'
import { queryClient } from '@/lib/query'
import { QueryRestoreGate } from '@/lib/offline/read/QueryRestoreGate'
import { router } from './router'
import './styles.css'

initTheme()
document.documentElement.lang = localeStore.get() === 'zh' ? 'zh-CN' : 'en'
document.title = documentTitle()
installPreloadErrorListener()
installNavigationEffects(router)
// The request client navigates (20114, 20119, a cancelled re-login) through the router.
setNavigator(sessionNavigator(router))

// A route refused by its guard is an answer (the 403 page), not a fault: nothing for the console.
const root = createRoot(document.getElementById('root')!, {
  onCaughtError: (error, info) => {
    if (!isForbiddenError(error)) console.error(error, info.componentStack)
  },
})
// The first render as a transition: React renders it in slices of a few milliseconds, so a slow
// tablet stays responsive while the shell builds, instead of one long task. In English it waits for
// the entry's English texts (a chunk of their own; zh's are in the entry).
const render = () =>
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
void localeReady().then(render, render)
