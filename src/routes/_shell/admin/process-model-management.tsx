import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { listPageRoute } from '@/lib/pageRoute'
import { preloadAll } from '@/lib/query'
import { modelListPageQueryOptions } from '@/features/workflow/queries'

export const Route = createFileRoute('/_shell/admin/process-model-management')({
  ...listPageRoute,
  loader: ({ context, deps: search }) => preloadAll(context, [modelListPageQueryOptions(search)]),
  component: lazyScreen(() => import('@/features/workflow'), 'ModelsPage'),
})
