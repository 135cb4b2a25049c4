import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { listPageRoute } from '@/lib/pageRoute'
import { preloadAll } from '@/lib/query'
import { terminalListPageQueryOptions } from '@/features/terminals/queries'

export const Route = createFileRoute('/_shell/admin/terminal-authentication')({
  ...listPageRoute,
  loader: ({ context, deps: search }) => preloadAll(context, [terminalListPageQueryOptions(search)]),
  component: lazyScreen(() => import('@/features/terminals'), 'TerminalsPage'),
})
