import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { listPageRoute } from '@/lib/pageRoute'
import { preloadAll } from '@/lib/query'
import { accountListPageQueryOptions } from '@/features/accounts/queries'

export const Route = createFileRoute('/_shell/admin/project-org-account')({
  ...listPageRoute,
  loader: ({ context, deps: search }) => preloadAll(context, [accountListPageQueryOptions('registered', search)]),
  component: lazyScreen(() => import('@/features/accounts'), 'ProjectOrgAccountPage'),
})
