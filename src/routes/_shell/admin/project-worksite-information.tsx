import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadBySearch } from '@/lib/query'
import { projectListPreloads } from '@/lib/project/queries'
import { workSiteResources } from '@/features/workSites/queries'

export const Route = createFileRoute('/_shell/admin/project-worksite-information')({
  beforeLoad: guardPage,
  ...preloadBySearch(listSearch, (search) => projectListPreloads(workSiteResources.projectWorkSite, search)),
  component: lazyScreen(() => import('@/features/workSites/screens'), 'ProjectWorkSiteScreen'),
})
