import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadRouteData } from '@/lib/query'
import { accountListPageQueryOptions } from '@/features/accounts/queries'

export const Route = createFileRoute('/_shell/admin/project-org-account')({
  validateSearch: listSearch,
  beforeLoad: guardPage,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => preloadRouteData(context.queryClient, accountListPageQueryOptions('registered', deps)),
  component: lazyScreen(() => import('@/features/accounts'), 'ProjectOrgAccountPage'),
})
