import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadAll, searchDeps } from '@/lib/query'
import { modelListPageQueryOptions } from '@/features/workflow/queries'

export const Route = createFileRoute('/_shell/admin/process-model-management')({
  beforeLoad: guardPage,
  validateSearch: listSearch,
  loaderDeps: searchDeps,
  loader: ({ context, deps: search }) => preloadAll(context, [modelListPageQueryOptions(search)]),
  component: lazyScreen(() => import('@/features/workflow'), 'ModelsPage'),
})
