/** Actions on the selected rows, and the 已选 n 项 · 清除 note after them. */
import type { FnAction } from '@/contract/catalogue'
import type { ReactNode } from 'react'
import { Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Can } from '@/lib/permissions'
import { useT } from '@/lib/i18n'

/**
 * The bulk actions of a toolbar: `children` are the actions (disabled while nothing is selected),
 * followed by how many rows are selected and a button to clear the selection.
 */
export function BulkActions({ count, onClear, children }: { count: number; onClear: () => void; children?: ReactNode }) {
  const { t } = useT()
  return (
    <>
      {children}
      {count > 0 && (
        <span className="flex items-center gap-1 text-sm text-muted-foreground">
          {t('crud.selected', { n: count })}
          <Button variant="link" className="h-9 px-1" onClick={onClear}>
            {t('crud.clearSelection')}
          </Button>
        </span>
      )}
    </>
  )
}

/** 删除所选: a bulk action gated by a delete function. */
export function DeleteSelectedButton({
  action = 'delete',
  count,
  pending,
  onClick,
}: {
  action?: FnAction
  count: number
  pending?: boolean
  onClick: () => void
}) {
  const { t } = useT()
  return (
    <Can action={action}>
      <Button variant="outline" disabled={count === 0 || pending} onClick={onClick} icon={Trash2}>
        {t('crud.deleteSelected')}
      </Button>
    </Can>
  )
}
