import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { listPageRoute } from '@/lib/pageRoute'
import { preloadAll } from '@/lib/query'
import { wfRoleListPageQueryOptions } from '@/features/workflow/queries'

export const Route = createFileRoute('/_shell/admin/process-role-management')({
  ...listPageRoute,
  loader: ({ context, deps: search }) => preloadAll(context, [wfRoleListPageQueryOptions(search)]),
  component: lazyScreen(() => import('@/features/workflow/roles'), 'WfRolesPage'),
})
