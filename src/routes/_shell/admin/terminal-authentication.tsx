import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadRouteData } from '@/lib/query'
import { terminalListPageQueryOptions } from '@/features/terminals/queries'

export const Route = createFileRoute('/_shell/admin/terminal-authentication')({
  validateSearch: listSearch,
  beforeLoad: guardPage,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => preloadRouteData(context.queryClient, terminalListPageQueryOptions(deps)),
  component: lazyScreen(() => import('@/features/terminals'), 'TerminalsPage'),
})
