import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { searchPageRoute } from '@/lib/pageRoute'
import { preloadAll } from '@/lib/query'
import { initScreenPreloads } from '@/features/projectInit/queries'
import { initSearch } from '@/features/projectInit/search'

/** The initialisation wizard, preset "industrialInitial" (src/features/projectInit). */
export const Route = createFileRoute('/_shell/admin/industrial-initial')({
  ...searchPageRoute(initSearch),
  loader: ({ context, deps: search }) => preloadAll(context, initScreenPreloads('industrialInitial', search)),
  component: lazyScreen(() => import('@/features/projectInit/screens'), 'IndustrialInitialScreen'),
})
