import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadRouteData } from '@/lib/query'
import { auditListPageQueryOptions } from '@/features/people/queries'

export const Route = createFileRoute('/_shell/admin/user-audit')({
  validateSearch: listSearch,
  beforeLoad: guardPage,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => preloadRouteData(context.queryClient, auditListPageQueryOptions(deps)),
  component: lazyScreen(() => import('@/features/people'), 'UserAuditPage'),
})
