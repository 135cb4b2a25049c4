import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { listPageRoute } from '@/lib/pageRoute'
import { preloadAll } from '@/lib/query'
import { projectListPreloads } from '@/lib/project/queries'
import { unitEngineeringResources } from '@/features/projectStructure/queries'

export const Route = createFileRoute('/_shell/admin/unit-engineering')({
  ...listPageRoute,
  loader: ({ context, deps: search }) => preloadAll(context, projectListPreloads(unitEngineeringResources.unitEngineering, search)),
  component: lazyScreen(() => import('@/features/projectStructure/screens'), 'UnitEngineeringScreen'),
})
