import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'

/** Not built yet: the shared not-built page. */
export const Route = createFileRoute('/_shell/admin/table-manage')({
  beforeLoad: guardPage,
  component: lazyScreen(() => import('@/features/shell/not-built'), 'NotBuiltPage'),
})
