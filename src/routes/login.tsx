import { createFileRoute, redirect } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { isLoggedIn, returnPath } from '@/lib/session'

export const Route = createFileRoute('/login')({
  // ?redirect=: the console page opened while signed out, where the sign-in returns to
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({ redirect: returnPath(search.redirect) }),
  // signed in already: the form has nothing to do, so go on (signing out clears the session first)
  beforeLoad: ({ search }) => {
    if (isLoggedIn()) throw redirect({ href: search.redirect ?? '/admin/home', replace: true })
  },
  component: lazyScreen(() => import('@/features/auth/LoginPage'), 'LoginPage'),
})
