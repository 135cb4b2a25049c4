import { createFileRoute } from '@tanstack/react-router'
import { listPageQueryOptions } from '@/lib/crud/queries'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { projectOptionsQueryOptions } from '@/lib/project/queries'
import { preloadAll, searchDeps } from '@/lib/query'
import { workSiteResources } from '@/features/workSites/queries'

export const Route = createFileRoute('/_shell/admin/work-site-information')({
  beforeLoad: guardPage,
  validateSearch: listSearch,
  loaderDeps: searchDeps,
  loader: ({ context, deps: search }) =>
    preloadAll(context, [projectOptionsQueryOptions(), listPageQueryOptions(workSiteResources.workSite, search)]),
  component: lazyScreen(() => import('@/features/workSites/screens'), 'WorkSiteScreen'),
})
