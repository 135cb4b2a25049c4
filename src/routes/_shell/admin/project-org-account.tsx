import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadAll, searchDeps } from '@/lib/query'
import { accountListPageQueryOptions } from '@/features/accounts/queries'

export const Route = createFileRoute('/_shell/admin/project-org-account')({
  beforeLoad: guardPage,
  validateSearch: listSearch,
  loaderDeps: searchDeps,
  loader: ({ context, deps: search }) => preloadAll(context, [accountListPageQueryOptions('registered', search)]),
  component: lazyScreen(() => import('@/features/accounts'), 'ProjectOrgAccountPage'),
})
