import { createFileRoute } from '@tanstack/react-router'
import { lazyScreen } from '@/lib/chunks'
import { guardPage } from '@/lib/permissions'

export const Route = createFileRoute('/_shell/admin/data-dictionary')({
  beforeLoad: guardPage,
  component: lazyScreen(() => import('@/features/dataDictionary'), 'DataDictionaryPage'),
})
