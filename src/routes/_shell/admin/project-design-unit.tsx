import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadAll, searchDeps } from '@/lib/query'
import { projectListPreloads } from '@/lib/project/queries'
import { designUnitResources } from '@/features/projectStructure/queries'

export const Route = createFileRoute('/_shell/admin/project-design-unit')({
  beforeLoad: guardPage,
  validateSearch: listSearch,
  loaderDeps: searchDeps,
  loader: ({ context, deps: search }) => preloadAll(context, projectListPreloads(designUnitResources.projectDesignUnit, search)),
  component: lazyScreen(() => import('@/features/projectStructure/screens'), 'ProjectDesignUnitScreen'),
})
