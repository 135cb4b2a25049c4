import { createFileRoute } from '@tanstack/react-router'
import { listPageQueryOptions } from '@/lib/crud/queries'
import { lazyScreen } from '@/lib/chunks'
import { listPageRoute } from '@/lib/pageRoute'
import { projectOptionsQueryOptions } from '@/lib/project/queries'
import { preloadAll } from '@/lib/query'
import { workSiteResources } from '@/features/workSites/queries'

export const Route = createFileRoute('/_shell/admin/work-site-information')({
  ...listPageRoute,
  loader: ({ context, deps: search }) =>
    preloadAll(context, [projectOptionsQueryOptions(), listPageQueryOptions(workSiteResources.workSite, search)]),
  component: lazyScreen(() => import('@/features/workSites/screens'), 'WorkSiteScreen'),
})
