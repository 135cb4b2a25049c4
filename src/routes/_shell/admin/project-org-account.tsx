import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadBySearch } from '@/lib/query'
import { accountListPageQueryOptions } from '@/features/accounts/queries'

export const Route = createFileRoute('/_shell/admin/project-org-account')({
  beforeLoad: guardPage,
  ...preloadBySearch(listSearch, (search) => [accountListPageQueryOptions('registered', search)]),
  component: lazyScreen(() => import('@/features/accounts'), 'ProjectOrgAccountPage'),
})
