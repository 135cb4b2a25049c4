import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { requireMenu } from '@/lib/permissions'

export const Route = createFileRoute('/_shell/test/demo')({
  beforeLoad: ({ preload }) => requireMenu('/test/demo', { preload }),
  component: lazyScreen(() => import('@/features/shell/demo'), 'DemoPage'),
})
