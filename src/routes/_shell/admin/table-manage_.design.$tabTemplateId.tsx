import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { requireMenu } from '@/lib/permissions'

/** The template designer: its own chunk (the spreadsheet editor), under the 表格管理 menu. */
export const Route = createFileRoute('/_shell/admin/table-manage_/design/$tabTemplateId')({
  beforeLoad: ({ preload }) => requireMenu('/admin/table-manage', { preload }),
  component: lazyScreen(() => import('@/features/tabulation/designer'), 'Designer'),
})
