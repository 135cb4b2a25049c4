import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { listPageRoute } from '@/lib/pageRoute'
import { preloadAll } from '@/lib/query'
import { projectListPageQueryOptions } from '@/features/projects/queries'

export const Route = createFileRoute('/_shell/admin/project-manage')({
  ...listPageRoute,
  loader: ({ context, deps: search }) => preloadAll(context, [projectListPageQueryOptions(search)]),
  component: lazyScreen(() => import('@/features/projects'), 'ProjectManagePage'),
})
