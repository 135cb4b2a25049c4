import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'
import { preloadAll } from '@/lib/query'
import { relTreeQueryOptions } from '@/features/dictionary/queries'

export const Route = createFileRoute('/_shell/admin/wbs-ebs-rel-configuration')({
  beforeLoad: guardPage,
  loader: ({ context }) => preloadAll(context, [relTreeQueryOptions('wbs'), relTreeQueryOptions('ebs')]),
  component: lazyScreen(() => import('@/features/dictionary/RelationPage'), 'RelationPage'),
})
