import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadBySearch } from '@/lib/query'
import { auditListPageQueryOptions } from '@/features/people/queries'

export const Route = createFileRoute('/_shell/admin/user-audit')({
  beforeLoad: guardPage,
  ...preloadBySearch(listSearch, (search) => [auditListPageQueryOptions(search)]),
  component: lazyScreen(() => import('@/features/people'), 'UserAuditPage'),
})
