import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud'
import { lazyScreen } from '@/lib/chunks'
import { requireMenu } from '@/lib/permissions'

export const Route = createFileRoute('/_shell/admin/role-manage')({
  validateSearch: listSearch,
  beforeLoad: ({ preload }) => requireMenu('/admin/role-manage', { preload }),
  component: lazyScreen(() => import('@/features/roles'), 'RoleManagePage'),
})
