import { createFileRoute } from '@tanstack/react-router'
import { listPageQueryOptions } from '@/lib/crud/queries'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { projectOptionsQueryOptions } from '@/lib/project/queries'
import { preloadRouteData } from '@/lib/query'
import { unitEngineeringResources } from '@/features/projectStructure/queries'

export const Route = createFileRoute('/_shell/admin/unit-project')({
  validateSearch: listSearch,
  beforeLoad: guardPage,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    Promise.all([
      preloadRouteData(context.queryClient, projectOptionsQueryOptions()),
      typeof deps.projectId === 'string'
        ? preloadRouteData(context.queryClient, listPageQueryOptions(unitEngineeringResources.unitProject, deps))
        : undefined,
    ]),
  component: lazyScreen(() => import('@/features/projectStructure/screens'), 'UnitProjectScreen'),
})
