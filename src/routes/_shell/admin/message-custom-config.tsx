import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadBySearch } from '@/lib/query'
import { msgConfigListPageQueryOptions } from '@/features/messages/queries'

export const Route = createFileRoute('/_shell/admin/message-custom-config')({
  beforeLoad: guardPage,
  ...preloadBySearch(listSearch, (search) => [msgConfigListPageQueryOptions('custom', search)]),
  component: lazyScreen(() => import('@/features/messages'), 'MessageCustomConfigPage'),
})
