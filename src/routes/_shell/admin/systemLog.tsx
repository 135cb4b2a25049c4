import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadAll, searchDeps } from '@/lib/query'
import { firstLogPageQueryOptions } from '@/features/logs/queries'

export const Route = createFileRoute('/_shell/admin/systemLog')({
  beforeLoad: guardPage,
  validateSearch: listSearch,
  loaderDeps: searchDeps,
  loader: ({ context, deps: search }) => preloadAll(context, [firstLogPageQueryOptions(search)]),
  component: lazyScreen(() => import('@/features/logs'), 'LogsPage'),
})
