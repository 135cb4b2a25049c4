import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadAll, searchDeps } from '@/lib/query'
import { roleListPageQueryOptions } from '@/features/roles/queries'

export const Route = createFileRoute('/_shell/admin/role-manage')({
  beforeLoad: guardPage,
  validateSearch: listSearch,
  loaderDeps: searchDeps,
  loader: ({ context, deps: search }) => preloadAll(context, [roleListPageQueryOptions(search)]),
  component: lazyScreen(() => import('@/features/roles'), 'RoleManagePage'),
})
