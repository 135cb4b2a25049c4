import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { projectOptionsQueryOptions } from '@/lib/project/queries'
import { preloadRouteData } from '@/lib/query'
import { initRunQueryOptions, initRunsQueryOptions } from '@/features/projectInit/queries'
import { initSearch } from '@/features/projectInit/search'

/** The initialisation wizard, preset "industrialInitial" (src/features/projectInit). */
export const Route = createFileRoute('/_shell/admin/industrial-initial')({
  validateSearch: initSearch,
  beforeLoad: guardPage,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    Promise.all([
      preloadRouteData(context.queryClient, projectOptionsQueryOptions()),
      deps.runId
        ? preloadRouteData(context.queryClient, initRunQueryOptions('industrialInitial', deps.runId))
        : preloadRouteData(context.queryClient, initRunsQueryOptions('industrialInitial')),
    ]),
  component: lazyScreen(() => import('@/features/projectInit/screens'), 'IndustrialInitialScreen'),
})
