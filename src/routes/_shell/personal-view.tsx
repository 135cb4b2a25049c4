import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'

export const Route = createFileRoute('/_shell/personal-view')({
  component: lazyScreen(() => import('@/features/personal'), 'PersonalCenterPage'),
})
