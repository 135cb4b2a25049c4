import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'

export const Route = createFileRoute('/_shell/admin/resource-pool')({
  validateSearch: listSearch,
  beforeLoad: guardPage,
  component: lazyScreen(() => import('@/features/attributes'), 'ResourcePoolPage'),
})
