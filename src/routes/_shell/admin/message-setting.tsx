import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { listPageRoute } from '@/lib/pageRoute'
import { preloadAll } from '@/lib/query'
import { msgConfigListPageQueryOptions } from '@/features/messages/queries'

export const Route = createFileRoute('/_shell/admin/message-setting')({
  ...listPageRoute,
  loader: ({ context, deps: search }) => preloadAll(context, [msgConfigListPageQueryOptions('event', search)]),
  component: lazyScreen(() => import('@/features/messages'), 'MessageSettingPage'),
})
