import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud'
import { lazyScreen } from '@/lib/chunks'
import { requireMenu } from '@/lib/permissions'

export const Route = createFileRoute('/_shell/admin/project-org-account')({
  validateSearch: listSearch,
  beforeLoad: ({ preload }) => requireMenu('/admin/project-org-account', { preload }),
  component: lazyScreen(() => import('@/features/accounts'), 'ProjectOrgAccountPage'),
})
