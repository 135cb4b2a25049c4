import { createFileRoute, redirect } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { isLoggedIn } from '@/lib/session'

export const Route = createFileRoute('/login')({
  // signed in already: the form has nothing to do, so go home (signing out clears the session first)
  beforeLoad: () => {
    if (isLoggedIn()) throw redirect({ to: '/admin/home', replace: true })
  },
  component: lazyScreen(() => import('@/features/auth/LoginPage'), 'LoginPage'),
})
