import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { projectOptionsQueryOptions } from '@/lib/project/queries'
import { preloadRouteData } from '@/lib/query'

export const Route = createFileRoute('/_shell/admin/su-boq')({
  validateSearch: listSearch,
  beforeLoad: guardPage,
  loader: ({ context }) => preloadRouteData(context.queryClient, projectOptionsQueryOptions()),
  component: lazyScreen(() => import('@/features/attributes'), 'BoqPage'),
})
