import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadRouteData } from '@/lib/query'
import { roleListPageQueryOptions } from '@/features/roles/queries'

export const Route = createFileRoute('/_shell/admin/role-manage')({
  validateSearch: listSearch,
  beforeLoad: guardPage,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => preloadRouteData(context.queryClient, roleListPageQueryOptions(deps)),
  component: lazyScreen(() => import('@/features/roles'), 'RoleManagePage'),
})
