import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/lib/crud/search'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadBySearch } from '@/lib/query'
import { terminalListPageQueryOptions } from '@/features/terminals/queries'

export const Route = createFileRoute('/_shell/admin/terminal-authentication')({
  beforeLoad: guardPage,
  ...preloadBySearch(listSearch, (search) => [terminalListPageQueryOptions(search)]),
  component: lazyScreen(() => import('@/features/terminals'), 'TerminalsPage'),
})
