import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud'
import { lazyScreen } from '@/lib/chunks'
import { requireMenu } from '@/lib/permissions'

export const Route = createFileRoute('/_shell/admin/app-manage')({
  validateSearch: listSearch,
  beforeLoad: ({ preload }) => requireMenu('/admin/app-manage', { preload }),
  component: lazyScreen(() => import('@/features/apps'), 'AppManagePage'),
})
