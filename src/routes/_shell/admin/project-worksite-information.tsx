import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { listPageRoute } from '@/lib/pageRoute'
import { loadOneProjectList } from '@/lib/project/queries'
import { workSiteResources } from '@/features/workSites/queries'

export const Route = createFileRoute('/_shell/admin/project-worksite-information')({
  ...listPageRoute,
  loader: (args) => loadOneProjectList(args, workSiteResources.projectWorkSite),
  component: lazyScreen(() => import('@/features/workSites/screens'), 'ProjectWorkSiteScreen'),
})
