import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { requireMenu } from '@/lib/permissions'
import { projectOptionsQueryOptions } from '@/lib/project/queries'
import { preloadRouteData } from '@/lib/query'

export const Route = createFileRoute('/_shell/admin/su-boq')({
  validateSearch: listSearch,
  beforeLoad: ({ preload }) => requireMenu('/admin/su-boq', { preload }),
  loader: ({ context }) => preloadRouteData(context.queryClient, projectOptionsQueryOptions()),
  component: lazyScreen(() => import('@/features/attributes'), 'BoqPage'),
})
