import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { listPageRoute } from '@/lib/pageRoute'
import { loadOneProjectList } from '@/lib/project/queries'
import { designUnitResources } from '@/features/projectStructure/queries'

export const Route = createFileRoute('/_shell/admin/project-design-unit')({
  ...listPageRoute,
  loader: (args) => loadOneProjectList(args, designUnitResources.projectDesignUnit),
  component: lazyScreen(() => import('@/features/projectStructure/screens'), 'ProjectDesignUnitScreen'),
})
