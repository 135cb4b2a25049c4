/**
 * The sign-in page on its own: a first visit to /login (every new visitor, every session that ended
 * with the page closed) runs React, the form and the signing request client — not the router, the
 * query cache, the outbox or the console's areas. Once signed in, the console is loaded and started
 * in the same page at the address the form goes to (its files are in the service worker's cache by
 * then, or come while the form says it is entering); what an account's console needs follows the
 * session store as after any sign-in.
 */
import { StrictMode, Suspense, type MouseEvent } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { AuthNavContext, type AuthNav } from '@/features/auth/nav'
import { registerWorker, workerWanted } from '@/features/pwa/register'
import { afterPaint } from '@/lib/afterPaint'
import { lazyScreen } from '@/lib/chunks/lazyScreen'
import { GlobalDialogs } from '@/lib/http/GlobalDialogs'
import { resetDialogFlag } from '@/lib/http/dialogs'
import { returnPath } from '@/lib/session'

const LoginPage = lazyScreen(() => import('@/features/auth/LoginPage'), 'LoginPage')

function standaloneNav(container: HTMLElement, root: () => Root): AuthNav {
  const go: AuthNav['go'] = async (href, options) => {
    let start: typeof import('./console').startConsole
    try {
      start = (await import('./console')).startConsole
    } catch {
      // the console's files could not be loaded here (a newer version deployed meanwhile): load the page
      window.location[options?.replace ? 'replace' : 'assign'](href)
      return
    }
    window.history[options?.replace ? 'replaceState' : 'pushState'](null, '', href)
    root().unmount()
    resetDialogFlag()
    start(container)
  }
  const Link: AuthNav['Link'] = ({ to, className, children }) => (
    <a
      href={to}
      className={className}
      onClick={(e: MouseEvent<HTMLAnchorElement>) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
        e.preventDefault()
        void go(to)
      }}
    >
      {children}
    </a>
  )
  return { returnTo: returnPath(new URLSearchParams(window.location.search).get('redirect')), go, Link }
}

export function startSignIn(container: HTMLElement): void {
  const root = createRoot(container)
  const nav = standaloneNav(container, () => root)
  root.render(
    <StrictMode>
      <AuthNavContext value={nav}>
        <Suspense fallback={null}>
          <LoginPage />
        </Suspense>
      </AuthNavContext>
      <GlobalDialogs />
    </StrictMode>,
  )
  // the offline shell installs from the first visit, after the form has been painted
  if (workerWanted()) afterPaint(() => void registerWorker())
}
