import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'

export const Route = createFileRoute('/loginThirdPlatform')({
  component: lazyScreen(() => import('@/features/auth/ThirdPlatformPage'), 'ThirdPlatformPage'),
})
