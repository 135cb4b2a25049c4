import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { projectOptionsQueryOptions } from '@/lib/project/queries'
import { preloadRouteData } from '@/lib/query'
import { containerTreeQueryOptions } from '@/features/projectStructure/queries'

export const Route = createFileRoute('/_shell/admin/project-container')({
  validateSearch: listSearch,
  beforeLoad: guardPage,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    preloadRouteData(context.queryClient, projectOptionsQueryOptions()).then(() =>
      typeof deps.projectId === 'string' ? preloadRouteData(context.queryClient, containerTreeQueryOptions(deps.projectId)) : undefined,
    ),
  component: lazyScreen(() => import('@/features/projectStructure/screens'), 'ContainerPage'),
})
