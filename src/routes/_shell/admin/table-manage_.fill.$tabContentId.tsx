import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { requireMenu } from '@/lib/permissions'
import { preloadAll } from '@/lib/query'
import { fillOpenQueryOptions } from '@/features/tabulation/queries'

/** A filled sheet's fill-in screen: a light chunk of its own (no spreadsheet editor), under the 表格管理 menu. */
export const Route = createFileRoute('/_shell/admin/table-manage_/fill/$tabContentId')({
  beforeLoad: ({ preload }) => requireMenu('/admin/table-manage', { preload }),
  loader: ({ context, params }) => preloadAll(context, [fillOpenQueryOptions(params.tabContentId)]),
  component: lazyScreen(() => import('@/features/tabulation/fill'), 'FillScreen'),
})
