import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadAll, searchDeps } from '@/lib/query'
import { applicationListPageQueryOptions } from '@/features/apps/queries'

export const Route = createFileRoute('/_shell/admin/app-manage')({
  beforeLoad: guardPage,
  validateSearch: listSearch,
  loaderDeps: searchDeps,
  loader: ({ context, deps: search }) => preloadAll(context, [applicationListPageQueryOptions(search)]),
  component: lazyScreen(() => import('@/features/apps'), 'AppManagePage'),
})
