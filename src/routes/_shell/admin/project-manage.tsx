import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadRouteData } from '@/lib/query'
import { projectListPageQueryOptions } from '@/features/projects/queries'

export const Route = createFileRoute('/_shell/admin/project-manage')({
  validateSearch: listSearch,
  beforeLoad: guardPage,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => preloadRouteData(context.queryClient, projectListPageQueryOptions(deps)),
  component: lazyScreen(() => import('@/features/projects'), 'ProjectManagePage'),
})
