import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'

/** /sign?token=… — an invitation link (issue 3: complete your profile; issue 4: account invites). */
export const Route = createFileRoute('/sign')({
  component: lazyScreen(() => import('@/features/invite'), 'InviteSignPage'),
})
