import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadBySearch } from '@/lib/query'
import { msgConfigListPageQueryOptions } from '@/features/messages/queries'

export const Route = createFileRoute('/_shell/admin/message-setting')({
  beforeLoad: guardPage,
  ...preloadBySearch(listSearch, (search) => [msgConfigListPageQueryOptions('event', search)]),
  component: lazyScreen(() => import('@/features/messages'), 'MessageSettingPage'),
})
