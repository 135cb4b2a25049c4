import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { listPageRoute } from '@/lib/pageRoute'
import { loadOneProjectList } from '@/lib/project/queries'
import { unitEngineeringResources } from '@/features/projectStructure/queries'

export const Route = createFileRoute('/_shell/admin/unit-engineering')({
  ...listPageRoute,
  loader: (args) => loadOneProjectList(args, unitEngineeringResources.unitEngineering),
  component: lazyScreen(() => import('@/features/projectStructure/screens'), 'UnitEngineeringScreen'),
})
