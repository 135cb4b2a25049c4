import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadRouteData } from '@/lib/query'
import { orgTreeQueryOptions } from '@/features/organization/queries'

export const Route = createFileRoute('/_shell/admin/organization')({
  beforeLoad: guardPage,
  // the unit tree's top level
  loader: ({ context }) => preloadRouteData(context.queryClient, orgTreeQueryOptions(null, null)),
  component: lazyScreen(() => import('@/features/organization'), 'OrganizationPage'),
})
