import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { requireMenu } from '@/lib/permissions'

export const Route = createFileRoute('/_shell/admin/message-setting')({
  beforeLoad: ({ preload }) => requireMenu('/admin/message-setting', { preload }),
  component: lazyScreen(() => import('@/features/messages'), 'MessageSettingPage'),
})
