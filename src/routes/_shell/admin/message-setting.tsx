import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadAll, searchDeps } from '@/lib/query'
import { msgConfigListPageQueryOptions } from '@/features/messages/queries'

export const Route = createFileRoute('/_shell/admin/message-setting')({
  beforeLoad: guardPage,
  validateSearch: listSearch,
  loaderDeps: searchDeps,
  loader: ({ context, deps: search }) => preloadAll(context, [msgConfigListPageQueryOptions('event', search)]),
  component: lazyScreen(() => import('@/features/messages'), 'MessageSettingPage'),
})
