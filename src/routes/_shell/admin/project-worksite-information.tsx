import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadAll, searchDeps } from '@/lib/query'
import { projectListPreloads } from '@/lib/project/queries'
import { workSiteResources } from '@/features/workSites/queries'

export const Route = createFileRoute('/_shell/admin/project-worksite-information')({
  beforeLoad: guardPage,
  validateSearch: listSearch,
  loaderDeps: searchDeps,
  loader: ({ context, deps: search }) => preloadAll(context, projectListPreloads(workSiteResources.projectWorkSite, search)),
  component: lazyScreen(() => import('@/features/workSites/screens'), 'ProjectWorkSiteScreen'),
})
