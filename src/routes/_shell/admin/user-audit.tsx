import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { listPageRoute } from '@/lib/pageRoute'
import { preloadAll } from '@/lib/query'
import { auditListPageQueryOptions } from '@/features/people/queries'

export const Route = createFileRoute('/_shell/admin/user-audit')({
  ...listPageRoute,
  loader: ({ context, deps: search }) => preloadAll(context, [auditListPageQueryOptions(search)]),
  component: lazyScreen(() => import('@/features/people'), 'UserAuditPage'),
})
