import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud'
import { lazyScreen } from '@/lib/chunks'
import { requireMenu } from '@/lib/permissions'

export const Route = createFileRoute('/_shell/admin/user-audit')({
  validateSearch: listSearch,
  beforeLoad: ({ preload }) => requireMenu('/admin/user-audit', { preload }),
  component: lazyScreen(() => import('@/features/people'), 'UserAuditPage'),
})
