import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'

export const Route = createFileRoute('/login')({
  component: lazyScreen(() => import('@/features/auth'), 'LoginPage'),
})
