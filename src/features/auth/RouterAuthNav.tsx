/** The public screens' navigation (./nav) through the console's router: provided once in the root route. */
import { useMemo, type ReactNode } from 'react'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { Link } from '@/components/link'
import { AuthNavContext, type AuthNav } from './nav'

const RouterLink: AuthNav['Link'] = ({ to, className, children }) => (
  <Link to={to} className={className}>
    {children}
  </Link>
)

export function RouterAuthNav({ children }: { children: ReactNode }) {
  const navigate = useNavigate()
  // only /login declares ?redirect= (checked by its route); elsewhere there is none
  const returnTo = useSearch({ strict: false, select: (s) => (s as { redirect?: string }).redirect })
  const nav = useMemo<AuthNav>(
    () => ({ returnTo, go: (href, options) => navigate({ href, replace: options?.replace }), Link: RouterLink }),
    [navigate, returnTo],
  )
  return <AuthNavContext value={nav}>{children}</AuthNavContext>
}
