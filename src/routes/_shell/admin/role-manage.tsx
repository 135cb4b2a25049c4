import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { listPageRoute } from '@/lib/pageRoute'
import { preloadAll } from '@/lib/query'
import { roleListPageQueryOptions } from '@/features/roles/queries'

export const Route = createFileRoute('/_shell/admin/role-manage')({
  ...listPageRoute,
  loader: ({ context, deps: search }) => preloadAll(context, [roleListPageQueryOptions(search)]),
  component: lazyScreen(() => import('@/features/roles'), 'RoleManagePage'),
})
