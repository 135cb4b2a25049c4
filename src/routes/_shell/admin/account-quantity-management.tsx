import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { requireMenu } from '@/lib/permissions'
import { preloadRouteData } from '@/lib/query'
import { dictMajorsQueryOptions, dictTreeQueryOptions } from '@/features/dictionary/queries'

export const Route = createFileRoute('/_shell/admin/account-quantity-management')({
  beforeLoad: ({ preload }) => requireMenu('/admin/account-quantity-management', { preload }),
  loader: ({ context }) =>
    Promise.all([
      preloadRouteData(context.queryClient, dictTreeQueryOptions('quantity')),
      preloadRouteData(context.queryClient, dictMajorsQueryOptions('quantity')),
    ]),
  component: lazyScreen(() => import('@/features/dictionary/screens'), 'QuantityScreen'),
})
