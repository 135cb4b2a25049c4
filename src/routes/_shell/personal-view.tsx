import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { preloadRouteData } from '@/lib/query'
import { personalInfoQueryOptions } from '@/features/personal/queries'

export const Route = createFileRoute('/_shell/personal-view')({
  loader: ({ context }) => preloadRouteData(context.queryClient, personalInfoQueryOptions()),
  component: lazyScreen(() => import('@/features/personal'), 'PersonalCenterPage'),
})
