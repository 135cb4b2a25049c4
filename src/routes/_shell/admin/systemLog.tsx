import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadRouteData } from '@/lib/query'
import { firstLogPageQueryOptions } from '@/features/logs/queries'

export const Route = createFileRoute('/_shell/admin/systemLog')({
  validateSearch: listSearch,
  beforeLoad: guardPage,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => preloadRouteData(context.queryClient, firstLogPageQueryOptions(deps)),
  component: lazyScreen(() => import('@/features/logs'), 'LogsPage'),
})
