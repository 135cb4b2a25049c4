import { createFileRoute, redirect } from '@tanstack/react-router'

/** SPEC §2: '/' redirects to '/login'. */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/login', replace: true })
  },
})
