import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadRouteData } from '@/lib/query'
import { projectOptionsQueryOptions } from '@/lib/project/queries'

/** One project, chosen by the picker (URL search `projectId`). */
export const Route = createFileRoute('/_shell/admin/project-information')({
  validateSearch: listSearch,
  beforeLoad: guardPage,
  loader: ({ context }) => preloadRouteData(context.queryClient, projectOptionsQueryOptions()),
  component: lazyScreen(() => import('@/features/projects/info'), 'ProjectInfoPage'),
})
