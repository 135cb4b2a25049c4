/**
 * How the public screens move on, without importing the router: the sign-in screen also runs on its
 * own (src/app/signIn.tsx, a first visit to /login loads neither the router nor the console), and
 * under the console's router (after signing out, when a session ends: RouterAuthNav in the root).
 */
import { createContext, use, type ComponentType, type ReactNode } from 'react'

export interface AuthNav {
  /** The console page to return to after signing in (`?redirect=` of /login, checked). */
  returnTo?: string
  /** Goes to a page of the console (alone: the console starts there, in place). */
  go: (href: string, options?: { replace?: boolean }) => Promise<void>
  /** A link to another public page (/login, /register). */
  Link: ComponentType<{ to: '/login' | '/register'; className?: string; children: ReactNode }>
}

export const AuthNavContext = createContext<AuthNav | null>(null)

export function useAuthNav(): AuthNav {
  const nav = use(AuthNavContext)
  if (!nav) throw new Error('useAuthNav: no AuthNavContext above (RouterAuthNav in the root, or the sign-in page alone)')
  return nav
}
