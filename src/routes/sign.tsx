import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'

export const Route = createFileRoute('/sign')({
  component: lazyScreen(() => import('@/features/auth'), 'SignPage'),
})
