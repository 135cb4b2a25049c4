import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { requireMenu } from '@/lib/permissions'

/** Not built yet: the shared not-built page. */
export const Route = createFileRoute('/_shell/admin/project-container')({
  beforeLoad: ({ preload }) => requireMenu('/admin/project-container', { preload }),
  component: lazyScreen(() => import('@/features/shell/not-built'), 'NotBuiltPage'),
})
