/**
 * 移动到…: choose a node's new parent in a tree of the same nodes (the node itself and everything
 * below it cannot be chosen), or the top level. The node goes last among the new parent's
 * children; 上移 / 下移 change the order after. Works with a finger as well as a mouse. Loaded by
 * Tree (./Tree.tsx) the first time a node is moved with it.
 */
import { useState } from 'react'
import { ArrowRight, ListTree } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { ancestorIds, appendPlace, branchIds, isWithin } from './data'
import { Tree, type MoveToDialogProps } from './Tree'

/** Up to this many nodes the dialog opens with everything expanded. */
const OPEN_ALL = 200

export function MoveToDialog<T>(props: MoveToDialogProps<T>) {
  const { t } = useT()
  const open = props.node !== null
  return (
    <Dialog open={open} onOpenChange={(o) => !o && props.onClose()}>
      <DialogContent className="flex max-h-[85vh] max-w-lg flex-col gap-0 p-0" closeLabel={t('common.close')}>
        {props.node !== null && <Body {...props} node={props.node} />}
      </DialogContent>
    </Dialog>
  )
}

function Body<T>({
  node,
  onClose,
  nodes,
  access,
  getLabel,
  index,
  canHoldChildren,
  renderIcon,
  onMove,
}: MoveToDialogProps<T> & { node: T }) {
  const { t } = useT()
  const getId = access.id
  const id = getId(node)
  const name = getLabel(node)
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () => new Set(index.node.size <= OPEN_ALL ? branchIds(nodes, access) : ancestorIds(nodes, access, id)),
  )
  // undefined: nothing chosen yet; null: the top level
  const [target, setTarget] = useState<string | null | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  const blocked = (n: T) => isWithin(index, getId(n), id) || !(canHoldChildren?.(n) ?? true)
  const place = target === undefined ? null : appendPlace(index, id, target)
  const targetName = target === undefined ? '--' : target === null ? t('tree.topLevel') : getLabel(index.node.get(target)!)

  const submit = async () => {
    if (!place) return
    setBusy(true)
    try {
      await onMove(id, place)
      onClose()
    } catch {
      /* the client has shown the error; the dialog stays */
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <DialogHeader className="border-b px-6 py-4 pr-12">
        <DialogTitle>{t('tree.moveToTitle', { name })}</DialogTitle>
        <DialogDescription>{t('tree.moveToDescription')}</DialogDescription>
      </DialogHeader>
      <div className="flex h-80 min-h-0 flex-col p-1.5">
        <button
          type="button"
          aria-pressed={target === null}
          className={cn(
            'flex min-h-9 shrink-0 items-center gap-1.5 rounded-md px-2 text-left text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            target === null && 'bg-primary/10 font-medium text-primary hover:bg-primary/15',
          )}
          onClick={() => setTarget(null)}
        >
          <ListTree className="h-4 w-4 shrink-0" aria-hidden />
          {t('tree.topLevel')}
        </button>
        <Tree
          label={t('tree.moveToTitle', { name })}
          nodes={nodes}
          access={access}
          getLabel={getLabel}
          expanded={expanded}
          onExpandedChange={setExpanded}
          selectedId={target ?? null}
          onSelect={(n) => setTarget(getId(n))}
          isDisabled={blocked}
          renderIcon={renderIcon}
          className="pl-2"
        />
      </div>
      <DialogFooter className="items-center border-t px-6 py-3 sm:justify-between">
        <p className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
          <ArrowRight className="h-4 w-4 shrink-0" aria-hidden />
          <span className="truncate font-medium text-foreground">{targetName}</span>
        </p>
        <div className="flex gap-2">
          <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="button" onClick={() => void submit()} disabled={!place} pending={busy} className="min-w-20">
            {t('tree.move')}
          </Button>
        </div>
      </DialogFooter>
    </>
  )
}
