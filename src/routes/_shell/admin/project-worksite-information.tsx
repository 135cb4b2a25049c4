import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { listPageRoute } from '@/lib/pageRoute'
import { preloadAll } from '@/lib/query'
import { projectListPreloads } from '@/lib/project/queries'
import { workSiteResources } from '@/features/workSites/queries'

export const Route = createFileRoute('/_shell/admin/project-worksite-information')({
  ...listPageRoute,
  loader: ({ context, deps: search }) => preloadAll(context, projectListPreloads(workSiteResources.projectWorkSite, search)),
  component: lazyScreen(() => import('@/features/workSites/screens'), 'ProjectWorkSiteScreen'),
})
