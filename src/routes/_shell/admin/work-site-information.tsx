import { createFileRoute } from '@tanstack/react-router'
import { listPageQueryOptions } from '@/lib/crud/queries'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { projectOptionsQueryOptions } from '@/lib/project/queries'
import { preloadRouteData } from '@/lib/query'
import { workSiteResources } from '@/features/workSites/queries'

export const Route = createFileRoute('/_shell/admin/work-site-information')({
  validateSearch: listSearch,
  beforeLoad: guardPage,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    Promise.all([
      preloadRouteData(context.queryClient, projectOptionsQueryOptions()),
      preloadRouteData(context.queryClient, listPageQueryOptions(workSiteResources.workSite, deps)),
    ]),
  component: lazyScreen(() => import('@/features/workSites/screens'), 'WorkSiteScreen'),
})
