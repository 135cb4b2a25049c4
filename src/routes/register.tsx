import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'

export const Route = createFileRoute('/register')({
  component: lazyScreen(() => import('@/features/auth/RegisterPage'), 'RegisterPage'),
})
