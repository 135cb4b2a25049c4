import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { listPageRoute } from '@/lib/pageRoute'
import { preloadAll } from '@/lib/query'
import { todoListPageQueryOptions } from '@/features/workflow/query/queries'

export const Route = createFileRoute('/_shell/admin/workflow-query')({
  ...listPageRoute,
  loader: ({ context, deps: search }) => preloadAll(context, [todoListPageQueryOptions(search)]),
  component: lazyScreen(() => import('@/features/workflow/query'), 'WorkflowQueryPage'),
})
