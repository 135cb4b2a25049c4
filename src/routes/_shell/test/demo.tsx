import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'

export const Route = createFileRoute('/_shell/test/demo')({
  beforeLoad: guardPage,
  component: lazyScreen(() => import('@/features/shell/demo'), 'DemoPage'),
})
