import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadBySearch } from '@/lib/query'
import { applicationListPageQueryOptions } from '@/features/apps/queries'

export const Route = createFileRoute('/_shell/admin/app-manage')({
  beforeLoad: guardPage,
  ...preloadBySearch(listSearch, (search) => [applicationListPageQueryOptions(search)]),
  component: lazyScreen(() => import('@/features/apps'), 'AppManagePage'),
})
