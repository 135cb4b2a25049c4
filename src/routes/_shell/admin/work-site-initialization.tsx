import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { searchPageRoute } from '@/lib/pageRoute'
import { preloadAll } from '@/lib/query'
import { initScreenPreloads } from '@/features/projectInit/queries'
import { initSearch } from '@/features/projectInit/search'

/** The initialisation wizard, preset "workSiteInitialization" (src/features/projectInit). */
export const Route = createFileRoute('/_shell/admin/work-site-initialization')({
  ...searchPageRoute(initSearch),
  loader: ({ context, deps: search }) => preloadAll(context, initScreenPreloads('workSiteInitialization', search)),
  component: lazyScreen(() => import('@/features/projectInit/screens'), 'WorkSiteInitializationScreen'),
})
