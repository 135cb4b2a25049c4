import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadAll, searchDeps } from '@/lib/query'
import { projectListPageQueryOptions } from '@/features/projects/queries'

export const Route = createFileRoute('/_shell/admin/project-manage')({
  beforeLoad: guardPage,
  validateSearch: listSearch,
  loaderDeps: searchDeps,
  loader: ({ context, deps: search }) => preloadAll(context, [projectListPageQueryOptions(search)]),
  component: lazyScreen(() => import('@/features/projects'), 'ProjectManagePage'),
})
