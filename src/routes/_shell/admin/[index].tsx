import { createFileRoute, redirect } from '@tanstack/react-router'

/** /admin/index is the shell itself; its landing page is /admin/home. */
export const Route = createFileRoute('/_shell/admin/index')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/home', replace: true })
  },
})
