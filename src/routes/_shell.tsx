import { createFileRoute, redirect } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { enterShell } from '@/lib/permissions'
import { returnPath } from '@/lib/session'

/** The shell (SPEC §2 "/admin/index") as a pathless layout around every logged-in page. */
export const Route = createFileRoute('/_shell')({
  beforeLoad: async ({ location, preload }) => {
    if ((await enterShell(location.pathname, { preload })) === 'login')
      throw redirect({ to: '/login', search: { redirect: returnPath(location.href) } })
  },
  component: lazyScreen(() => import('@/features/shell/layout'), 'ShellLayout'),
})
