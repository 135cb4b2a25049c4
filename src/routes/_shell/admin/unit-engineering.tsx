import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadAll, searchDeps } from '@/lib/query'
import { projectListPreloads } from '@/lib/project/queries'
import { unitEngineeringResources } from '@/features/projectStructure/queries'

export const Route = createFileRoute('/_shell/admin/unit-engineering')({
  beforeLoad: guardPage,
  validateSearch: listSearch,
  loaderDeps: searchDeps,
  loader: ({ context, deps: search }) => preloadAll(context, projectListPreloads(unitEngineeringResources.unitEngineering, search)),
  component: lazyScreen(() => import('@/features/projectStructure/screens'), 'UnitEngineeringScreen'),
})
