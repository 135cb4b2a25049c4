import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadAll, searchDeps } from '@/lib/query'
import { auditListPageQueryOptions } from '@/features/people/queries'

export const Route = createFileRoute('/_shell/admin/user-audit')({
  beforeLoad: guardPage,
  validateSearch: listSearch,
  loaderDeps: searchDeps,
  loader: ({ context, deps: search }) => preloadAll(context, [auditListPageQueryOptions(search)]),
  component: lazyScreen(() => import('@/features/people'), 'UserAuditPage'),
})
