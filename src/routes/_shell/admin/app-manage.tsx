import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadRouteData } from '@/lib/query'
import { applicationListPageQueryOptions } from '@/features/apps/queries'

export const Route = createFileRoute('/_shell/admin/app-manage')({
  validateSearch: listSearch,
  beforeLoad: guardPage,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => preloadRouteData(context.queryClient, applicationListPageQueryOptions(deps)),
  component: lazyScreen(() => import('@/features/apps'), 'AppManagePage'),
})
