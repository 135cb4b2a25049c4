import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { projectOptionsQueryOptions } from '@/lib/project/queries'
import { preloadRouteData } from '@/lib/query'
import { initRunQueryOptions, initRunsQueryOptions } from '@/features/projectInit/queries'
import { initSearch } from '@/features/projectInit/search'

/** The initialisation wizard, preset "projectInitial" (src/features/projectInit). */
export const Route = createFileRoute('/_shell/admin/project-initial')({
  validateSearch: initSearch,
  beforeLoad: guardPage,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    Promise.all([
      preloadRouteData(context.queryClient, projectOptionsQueryOptions()),
      deps.runId
        ? preloadRouteData(context.queryClient, initRunQueryOptions('projectInitial', deps.runId))
        : preloadRouteData(context.queryClient, initRunsQueryOptions('projectInitial')),
    ]),
  component: lazyScreen(() => import('@/features/projectInit/screens'), 'ProjectInitialScreen'),
})
