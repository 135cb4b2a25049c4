/** 调动: move the selected people to another department (or directly under an organisation) of the tree. */
import { useState } from 'react'
import { ArrowRight } from 'lucide-react'
import { TREE_CATEGORY, type DeptTreeNode } from '@/contract/schemas/people'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { useT } from '@/lib/i18n'
import { useMove } from './api'
import { DeptTree } from './DeptTree'

export function MoveDialog({
  open,
  nodes,
  userIds,
  currentId,
  onClose,
}: {
  open: boolean
  nodes: readonly DeptTreeNode[]
  userIds: string[]
  /** The node whose staff are listed (not a target). */
  currentId: string | null
  onClose: (moved: boolean) => void
}) {
  const { t } = useT()
  const [target, setTarget] = useState<DeptTreeNode | null>(null)
  const move = useMove()
  const submit = async () => {
    if (!target) return
    const body =
      target.category === TREE_CATEGORY.department ? { userIds, departmentId: target.id } : { userIds, organizationId: target.id }
    try {
      await move.mutateAsync(body)
      setTarget(null)
      onClose(true)
    } catch {
      /* the client has shown the error */
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) {
          setTarget(null)
          onClose(false)
        }
      }}
    >
      <DialogContent className="flex max-h-[85vh] max-w-lg flex-col gap-0 p-0" closeLabel={t('common.close')}>
        <DialogHeader className="border-b px-6 py-4 pr-12">
          <DialogTitle>{t('people.staff.moveTitle', { n: userIds.length })}</DialogTitle>
          <DialogDescription>{t('people.staff.moveHint')}</DialogDescription>
        </DialogHeader>
        <DeptTree
          className="h-80 min-h-0"
          nodes={nodes}
          selectedId={target?.id ?? null}
          onSelect={setTarget}
          disabledIds={currentId ? new Set([currentId]) : undefined}
        />
        <DialogFooter className="items-center border-t px-6 py-3 sm:justify-between">
          <p className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
            <ArrowRight className="h-4 w-4 shrink-0" aria-hidden />
            <span className="truncate">
              {t('people.staff.moveTarget')}：<span className="font-medium text-foreground">{target?.name ?? '--'}</span>
            </span>
          </p>
          <div className="flex gap-2">
            <Button type="button" variant="outline" onClick={() => onClose(false)} disabled={move.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="button" onClick={() => void submit()} disabled={!target} pending={move.isPending} className="min-w-20">
              {t('common.ok')}
            </Button>
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
