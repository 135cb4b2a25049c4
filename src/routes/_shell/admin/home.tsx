import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'

export const Route = createFileRoute('/_shell/admin/home')({
  component: lazyScreen(() => import('@/features/home'), 'HomePage'),
})
