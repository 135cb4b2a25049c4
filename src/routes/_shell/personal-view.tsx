import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'

/** Not built yet: the shared not-built page. */
export const Route = createFileRoute('/_shell/personal-view')({
  component: lazyScreen(() => import('@/features/shell/not-built'), 'NotBuiltPage'),
})
