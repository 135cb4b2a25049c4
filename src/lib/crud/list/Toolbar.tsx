/** The list's toolbar: a row of actions on the left, refresh / export / columns on the right. */
import type { ReactNode } from 'react'
import { Download, RefreshCw } from 'lucide-react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Can } from '@/lib/permissions'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { csvFileName, downloadText, toCsv } from '../export'
import type { ListColumn } from './types'

/** The toolbar row; put `<ToolbarEnd>` last for the right-hand buttons. */
export function ListToolbar({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn('flex flex-wrap items-center gap-2 border-b px-3 py-2.5 sm:px-4', className)}>{children}</div>
}

/** The right-hand end of the toolbar (refresh, export, column settings…). */
export function ToolbarEnd({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn('ml-auto flex items-center gap-1', className)}>{children}</div>
}

/** Refetches the list; spins while it is fetching. */
export function RefreshButton({ query }: { query: { refetch: () => unknown; isFetching: boolean } }) {
  const { t } = useT()
  return (
    <Button
      variant="ghost"
      size="icon"
      title={t('common.refresh')}
      aria-label={t('common.refresh')}
      onClick={() => void query.refetch()}
      disabled={query.isFetching}
    >
      <RefreshCw className={cn(query.isFetching && 'animate-spin')} aria-hidden />
    </Button>
  )
}

/** The rows shown, in the columns shown, as a CSV file named after the list (needs the `export` function). */
export function ExportCsvButton<T>({ title, rows, columns }: { title: string; rows: readonly T[]; columns: ListColumn<T>[] }) {
  const { t } = useT()
  const exportCsv = () => {
    if (rows.length === 0) {
      toast.info(t('crud.exportEmpty'))
      return
    }
    const cells = rows.map((r) => columns.map((c) => (c.exportValue ? c.exportValue(r) : (r as Record<string, unknown>)[c.key])))
    downloadText(
      csvFileName(title),
      toCsv(
        columns.map((c) => c.header),
        cells,
      ),
    )
    toast.success(t('crud.exportDone', { n: rows.length }))
  }
  return (
    <Can action="export">
      <Button
        variant="ghost"
        size="icon"
        title={t('common.export')}
        aria-label={t('common.export')}
        onClick={exportCsv}
        icon={Download}
      ></Button>
    </Can>
  )
}
