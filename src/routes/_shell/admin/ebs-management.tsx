import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadAll } from '@/lib/query'
import { dictScreenPreloads } from '@/features/dictionary/queries'

export const Route = createFileRoute('/_shell/admin/ebs-management')({
  beforeLoad: guardPage,
  loader: ({ context }) => preloadAll(context, dictScreenPreloads('ebs')),
  component: lazyScreen(() => import('@/features/dictionary/screens'), 'EbsScreen'),
})
