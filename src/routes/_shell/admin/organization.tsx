import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { requireMenu } from '@/lib/permissions'

export const Route = createFileRoute('/_shell/admin/organization')({
  beforeLoad: ({ preload }) => requireMenu('/admin/organization', { preload }),
  component: lazyScreen(() => import('@/features/organization'), 'OrganizationPage'),
})
