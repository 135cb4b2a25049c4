import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { listPageRoute } from '@/lib/pageRoute'
import { preloadAll } from '@/lib/query'
import { projectListPreloads } from '@/lib/project/queries'
import { designUnitResources } from '@/features/projectStructure/queries'

export const Route = createFileRoute('/_shell/admin/designunit')({
  ...listPageRoute,
  loader: ({ context, deps: search }) => preloadAll(context, projectListPreloads(designUnitResources.designUnit, search)),
  component: lazyScreen(() => import('@/features/projectStructure/screens'), 'DesignUnitScreen'),
})
