import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { requireMenu } from '@/lib/permissions'

export const Route = createFileRoute('/_shell/admin/message-custom-config')({
  beforeLoad: ({ preload }) => requireMenu('/admin/message-custom-config', { preload }),
  component: lazyScreen(() => import('@/features/messages'), 'MessageCustomConfigPage'),
})
