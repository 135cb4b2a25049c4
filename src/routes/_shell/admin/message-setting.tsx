import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadRouteData } from '@/lib/query'
import { msgConfigListPageQueryOptions } from '@/features/messages/queries'

export const Route = createFileRoute('/_shell/admin/message-setting')({
  validateSearch: listSearch,
  beforeLoad: guardPage,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => preloadRouteData(context.queryClient, msgConfigListPageQueryOptions('event', deps)),
  component: lazyScreen(() => import('@/features/messages'), 'MessageSettingPage'),
})
