import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'

export const Route = createFileRoute('/_shell/admin/message-center')({
  beforeLoad: guardPage,
  component: lazyScreen(() => import('@/features/messages/center'), 'MessageCenterPage'),
})
