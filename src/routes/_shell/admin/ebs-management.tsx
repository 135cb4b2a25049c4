import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadRouteData } from '@/lib/query'
import { dictMajorsQueryOptions, dictTreeQueryOptions } from '@/features/dictionary/queries'

export const Route = createFileRoute('/_shell/admin/ebs-management')({
  beforeLoad: guardPage,
  loader: ({ context }) =>
    Promise.all([
      preloadRouteData(context.queryClient, dictTreeQueryOptions('ebs')),
      preloadRouteData(context.queryClient, dictMajorsQueryOptions('ebs')),
    ]),
  component: lazyScreen(() => import('@/features/dictionary/screens'), 'EbsScreen'),
})
