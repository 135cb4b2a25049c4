import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadAll, searchDeps } from '@/lib/query'
import { terminalListPageQueryOptions } from '@/features/terminals/queries'

export const Route = createFileRoute('/_shell/admin/terminal-authentication')({
  beforeLoad: guardPage,
  validateSearch: listSearch,
  loaderDeps: searchDeps,
  loader: ({ context, deps: search }) => preloadAll(context, [terminalListPageQueryOptions(search)]),
  component: lazyScreen(() => import('@/features/terminals'), 'TerminalsPage'),
})
