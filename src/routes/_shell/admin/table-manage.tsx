import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'

export const Route = createFileRoute('/_shell/admin/table-manage')({
  beforeLoad: guardPage,
  component: lazyScreen(() => import('@/features/tabulation'), 'TabulationPage'),
})
