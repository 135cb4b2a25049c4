import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { listPageRoute } from '@/lib/pageRoute'
import { preloadAll } from '@/lib/query'
import { applicationListPageQueryOptions } from '@/features/apps/queries'

export const Route = createFileRoute('/_shell/admin/app-manage')({
  ...listPageRoute,
  loader: ({ context, deps: search }) => preloadAll(context, [applicationListPageQueryOptions(search)]),
  component: lazyScreen(() => import('@/features/apps'), 'AppManagePage'),
})
