/**
 * The states around a tree that is one query (a menu tree, a project's containers): a skeleton while
 * it loads, the error with 重试, then the tree; and the refresh button of its toolbar.
 *
 *   <TreeRefresh query={query} />
 *   <TreeQueryBody query={query} busy={moving}><Tree … /></TreeQueryBody>
 */
import type { ReactNode } from 'react'
import { RefreshCw } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'

interface TreeQuery {
  isPending: boolean
  isError: boolean
  isFetching: boolean
  refetch: () => unknown
}

export function TreeRefresh({ query }: { query: Pick<TreeQuery, 'isFetching' | 'refetch'> }) {
  const { t } = useT()
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t('common.refresh')}
      title={t('common.refresh')}
      onClick={() => void query.refetch()}
      disabled={query.isFetching}
    >
      <RefreshCw className={cn(query.isFetching && 'animate-spin')} aria-hidden />
    </Button>
  )
}

export function TreeQueryBody({
  query,
  busy,
  rows = 6,
  children,
}: {
  query: TreeQuery
  /** Also busy (e.g. a move being saved). */
  busy?: boolean
  /** Skeleton rows while loading. */
  rows?: number
  children: ReactNode
}) {
  const { t } = useT()
  return (
    <div className="flex min-h-0 flex-1 flex-col" aria-busy={query.isFetching || busy}>
      {query.isPending ? (
        <div className="space-y-3 px-6 py-4">
          {Array.from({ length: rows }, (_, i) => (
            <Skeleton key={i} className="h-6" style={{ marginLeft: `${(i % 3) * 1.5}rem` }} />
          ))}
        </div>
      ) : query.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 px-6 py-16 text-sm">
          <p className="font-medium">{t('crud.loadError')}</p>
          <Button variant="outline" onClick={() => void query.refetch()} icon={RefreshCw}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        children
      )}
    </div>
  )
}
