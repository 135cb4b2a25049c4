import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { listPageRoute } from '@/lib/pageRoute'
import { preloadAll } from '@/lib/query'
import { firstLogPageQueryOptions } from '@/features/logs/queries'

export const Route = createFileRoute('/_shell/admin/systemLog')({
  ...listPageRoute,
  loader: ({ context, deps: search }) => preloadAll(context, [firstLogPageQueryOptions(search)]),
  component: lazyScreen(() => import('@/features/logs'), 'LogsPage'),
})
