/**
 * 部门与人员 of one organisation (rendered by /admin/organization for the selected unit): the
 * department tree on the left, the staff of the selected node on the right. When the panel itself
 * is narrower than WIDE (the page around it has its own tree, the screen is a tablet…) the tree
 * moves into a drawer opened from the staff header, and the table keeps the width.
 */
import { useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { AlertCircle, FolderTree } from 'lucide-react'
import type { DeptTreeNode } from '@/contract/schemas/people'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { useDelete } from '@/lib/crud'
import { DataAgeNote } from '@/lib/offline/read'
import { afterNextFrame } from '@/lib/afterPaint'
import { useT } from '@/lib/i18n'
import { pathTo } from '@/lib/tree'
import { prefetchStaff, useDeptTree } from './api'
import { DeptDialog, type DeptEditing } from './DeptDialog'
import { deptAccess, DeptTree } from './DeptTree'
import { staffQueryOf } from './queries'
import { deptResource } from './resource'
import { StaffPanel } from './StaffPanel'

export function DepartmentsPanel({ organizationId }: { organizationId: string }) {
  // a new organisation starts from its root again
  return <Panel key={organizationId} organizationId={organizationId} />
}

/** Panel width from which the tree stays beside the table. */
const WIDE = 1000

/**
 * How long a department's click keeps the staff shown before it while the new department's first
 * screen is on its way (it comes in tens of milliseconds): the new panel is then drawn once, with its
 * rows, not first as a skeleton and again with them. The tree marks the new department at once, and
 * the staff shown dim after 150 ms; past HOLD_MS (a slow link) the new panel shows its skeleton.
 */
const HOLD_MS = 1000

/** Whether the element is at least `min` px wide (follows resizes). */
function useWide(min: number) {
  const ref = useRef<HTMLDivElement>(null)
  const [wide, setWide] = useState(true)
  useEffect(() => {
    const el = ref.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const ro = new ResizeObserver(([entry]) => setWide((entry?.contentRect.width ?? el.clientWidth) >= min))
    ro.observe(el)
    return () => ro.disconnect()
  }, [min])
  return [ref, wide] as const
}

function Panel({ organizationId }: { organizationId: string }) {
  const { t } = useT()
  const [ref, wide] = useWide(WIDE)
  const tree = useDeptTree(organizationId)
  const nodes = tree.data ?? []
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const [editing, setEditing] = useState<DeptEditing | null>(null)
  const [drawer, setDrawer] = useState(false)
  const opener = useRef<HTMLButtonElement>(null)
  const refocus = useRef(false)
  // the department just chosen, while the staff of the one before are still shown (HOLD_MS)
  const [pendingId, setPendingId] = useState<string | null>(null)
  const latest = useRef<string | null>(null)
  // kept here, not in the tree: the drawer's tree opens again as it was left
  const [expanded, setExpanded] = useState<ReadonlySet<string> | null>(null)
  const del = useDelete(deptResource)
  const selected = pathTo(nodes, deptAccess, selectedId).at(-1) ?? nodes[0] ?? null

  const parentOf = (node: DeptTreeNode): DeptTreeNode | null => pathTo(nodes, deptAccess, node.id).at(-2) ?? null
  const remove = async (node: DeptTreeNode) => {
    if (await del.remove([node.id], undefined, [node])) {
      if (selected?.id === node.id) setSelectedId(parentOf(node)?.id ?? null)
    }
  }
  const queryClient = useQueryClient()
  const select = (node: DeptTreeNode) => {
    // the tree item chosen has the focus and goes with the drawer: a focused element removed makes the
    // browser bring the page's style up to date there and then, in the middle of the click's work
    if (drawer) (document.activeElement as HTMLElement | null)?.blur()
    setDrawer(false)
    setPendingId(node.id)
    latest.current = node.id
    // the list's first request leaves now, and the new panel renders once it is in
    void prefetchStaff(queryClient, staffQueryOf(node), HOLD_MS).then(() => {
      if (latest.current !== node.id) return
      setSelectedId(node.id)
      setPendingId(null)
    })
  }

  // the drawer closed: the focus goes back to 组织架构 once the new panel (with a button of its own) is
  // drawn — not inside the click, where focusing would bring the page's style up to date there and then
  useEffect(() => {
    if (!refocus.current || pendingId !== null) return
    return afterNextFrame(() => {
      refocus.current = false
      opener.current?.focus()
    })
  }, [drawer, pendingId, selected?.id])

  const treeView = (
    <>
      <DataAgeNote query={tree} className="border-b px-3 py-1.5" />
      <DeptTree
        className="min-h-0 flex-1"
        nodes={nodes}
        loading={tree.isPending}
        selectedId={pendingId ?? selected?.id ?? null}
        onSelect={select}
        expanded={expanded}
        onExpandedChange={setExpanded}
        onAdd={(parent) => setEditing({ mode: 'add', parent })}
        onEdit={(node) => setEditing({ mode: 'edit', node, parent: parentOf(node) })}
        onDelete={(node) => void remove(node)}
      />
    </>
  )

  return (
    <div
      ref={ref}
      className="flex h-[max(28rem,calc(100dvh-10rem))] min-h-0 overflow-hidden rounded-lg border bg-card"
      data-testid="departments-panel"
    >
      {wide && (
        <aside className="flex w-64 shrink-0 flex-col border-r" aria-label={t('people.dept.tree')}>
          <h2 className="flex h-11 items-center gap-2 border-b px-3 text-sm font-semibold">
            <FolderTree className="h-4 w-4 text-muted-foreground" aria-hidden />
            {t('people.dept.tree')}
          </h2>
          {treeView}
        </aside>
      )}

      <section
        className="flex min-w-0 flex-1 flex-col transition-opacity aria-busy:opacity-60 aria-busy:delay-150"
        aria-busy={pendingId !== null || undefined}
      >
        {tree.isError && !tree.data ? (
          <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 text-sm">
            <AlertCircle className="h-8 w-8 text-destructive" aria-hidden />
            <p>{t('people.dept.loadError')}</p>
            <Button variant="outline" onClick={() => void tree.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : selected ? (
          <StaffPanel
            key={selected.id}
            node={selected}
            nodes={nodes}
            leading={
              wide ? undefined : (
                <Button ref={opener} variant="outline" size="sm" className="h-9" onClick={() => setDrawer(true)} aria-haspopup="dialog">
                  <FolderTree aria-hidden />
                  {t('people.staff.openTree')}
                </Button>
              )
            }
          />
        ) : (
          <p className="flex flex-1 items-center justify-center text-sm text-muted-foreground">
            {tree.isPending ? t('common.loading') : t('people.staff.selectUnit')}
          </p>
        )}
      </section>

      <Dialog open={drawer && !wide} onOpenChange={setDrawer}>
        <DialogContent
          closeLabel={t('common.close')}
          className="left-0 top-0 flex h-full max-h-none w-80 max-w-[85vw] translate-x-0 translate-y-0 flex-col gap-0 rounded-none p-0 sm:rounded-r-lg"
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            e.preventDefault()
            refocus.current = true
          }}
        >
          <DialogHeader className="border-b px-4 py-3 pr-12">
            <DialogTitle className="text-base">{t('people.dept.tree')}</DialogTitle>
          </DialogHeader>
          {treeView}
        </DialogContent>
      </Dialog>

      <DeptDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(node) => {
          setEditing(null)
          if (node?.id) setSelectedId(node.id)
        }}
      />
    </div>
  )
}
