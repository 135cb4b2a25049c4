/**
 * /admin/organization: the unit tree docked on the left from 1024 px (collapsible; a drawer below), the selected unit on
 * the right with its tabs; add child units, edit, delete; import and export units.
 */
import { useEffect, useRef, useState } from 'react'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { Link } from '@/components/link'
import { Building2, FolderTree, Network, PanelLeftClose, PanelLeftOpen, Plus, ShieldCheck, X } from 'lucide-react'
import { ORG_NODE, type Organization, type OrgTreeNode } from '@/contract/schemas/org'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useDelete } from '@/lib/crud'
import { ExportButton, ImportDialog } from '@/lib/excel'
import { ScreenHeader } from '@/lib/pages'
import { useT } from '@/lib/i18n'
import { Can, useCan } from './permissions'
import { cn } from '@/lib/utils'
import { orgResource, useAddRules, useTypeLabel, useUnit } from './api'
import { UnitDialog, type UnitEditing } from './UnitForm'
import { UNIT_TABS, UnitPanel, type UnitTab } from './UnitPanel'
import { nodeKey, UnitTree } from './UnitTree'

interface Selection {
  node: OrgTreeNode
  path: OrgTreeNode[]
}

const unitNode = (u: Organization): OrgTreeNode => ({
  nodeId: u.organizationId,
  nodeName: u.organizationName,
  nodeType: ORG_NODE.unit,
  hasChild: 0,
  organizationId: u.organizationId,
  organizationTypeId: u.organizationTypeId ?? undefined,
  organizationTypeName: u.organizationTypeName ?? undefined,
})

/**
 * The selected unit and its tab live in the URL (`?unit=<id>&tab=accounts`), so a reload, a link
 * or back / forward keep the place; a selected unit type or role is only the page's state.
 */
function usePlace(): [{ unit: string | null; tab: UnitTab }, (unit: string | null, tab: UnitTab, replace?: boolean) => void] {
  const raw = useSearch({ strict: false }) as { unit?: unknown; tab?: unknown }
  const navigate = useNavigate()
  const unit = typeof raw.unit === 'string' && raw.unit ? raw.unit : null
  const tab = (UNIT_TABS as readonly unknown[]).includes(raw.tab) ? (raw.tab as UnitTab) : 'info'
  const go = (u: string | null, tb: UnitTab, replace = false) =>
    void navigate({ to: '.', search: { ...(u ? { unit: u } : {}), ...(u && tb !== 'info' ? { tab: tb } : {}) } as never, replace })
  return [{ unit, tab }, go]
}

export function OrganizationPage() {
  const { t } = useT()
  const [place, setPlace] = usePlace()
  const [selection, setSelection] = useState<Selection | null>(null)
  const [drawer, setDrawer] = useState(false)
  // From 1024 px the tree is docked; the user may fold it away to give the unit the width.
  const [docked, setDocked] = useState(true)
  const [editing, setEditing] = useState<UnitEditing>({ open: false })
  const unit = useUnit(place.unit)
  // the tree's selection when it is what the URL says; else the URL's unit (its tree path unknown)
  const current: Selection | null = place.unit
    ? selection?.node.nodeType === ORG_NODE.unit && selection.node.nodeId === place.unit
      ? selection
      : unit.data
        ? { node: unitNode(unit.data), path: [unitNode(unit.data)] }
        : null
    : selection?.node.nodeType === ORG_NODE.unit
      ? null
      : selection
  const node = current?.node ?? null
  const del = useDelete(orgResource)

  const choose = (next: Selection | null) => {
    setSelection(next)
    const id = next?.node.nodeType === ORG_NODE.unit ? next.node.nodeId : null
    if (id !== place.unit) setPlace(id, place.tab)
  }
  const select = (n: OrgTreeNode, path: OrgTreeNode[]) => {
    choose({ node: n, path })
    // In the drawer, a unit type only opens; a unit or a role is the choice.
    if (n.nodeType !== ORG_NODE.unitType) setDrawer(false)
  }
  const onSaved = (saved: Organization | undefined) => {
    if (saved && !(editing.open && editing.record)) choose({ node: unitNode(saved), path: [...(current?.path ?? []), unitNode(saved)] })
  }
  const remove = async (u: Organization) => {
    if (await del.remove([u.organizationId], t('organization.deleteHint'), [u])) {
      const parent = current?.path.at(-2)
      choose(parent ? { node: parent, path: current!.path.slice(0, -1) } : null)
    }
  }

  // The drawer takes the focus when it opens (its search box).
  const aside = useRef<HTMLElement>(null)
  useEffect(() => {
    if (drawer) aside.current?.querySelector<HTMLInputElement>('input')?.focus()
  }, [drawer])

  let detail
  if (place.unit && !node)
    detail = unit.isPending ? (
      <Skeleton className="h-64" />
    ) : (
      <Empty
        icon={<Building2 className="h-10 w-10 opacity-40" aria-hidden />}
        title={t('organization.entity')}
        text={t('crud.loadError')}
      />
    )
  else if (!node)
    detail = (
      <Empty
        icon={<Network className="h-10 w-10 opacity-40" aria-hidden />}
        title={t('organization.none')}
        text={t('organization.noneHint')}
      >
        <Button variant="outline" className="lg:hidden" onClick={() => setDrawer(true)} icon={FolderTree}>
          {t('organization.tree.open')}
        </Button>
      </Empty>
    )
  else if (node.nodeType === ORG_NODE.unitType)
    detail = <TypeSelected node={node} onAddTop={() => setEditing({ open: true, record: null, parent: null, typeId: node.nodeId })} />
  else if (node.nodeType === ORG_NODE.role) {
    const owner = current!.path.at(-2)
    detail = (
      <Empty
        icon={<ShieldCheck className="h-10 w-10 text-emerald-600 opacity-60" aria-hidden />}
        title={node.nodeName}
        text={t('organization.roleSelected', { name: node.nodeName, unit: owner?.nodeName ?? '' })}
      >
        <Button variant="outline" asChild>
          <Link to="/admin/role-manage">{t('organization.goRoles')}</Link>
        </Button>
      </Empty>
    )
  } else if (unit.isPending) detail = <Skeleton className="h-64" />
  else if (!unit.data)
    detail = <Empty icon={<Building2 className="h-10 w-10 opacity-40" aria-hidden />} title={node.nodeName} text={t('crud.loadError')} />
  else {
    const u = unit.data
    detail = (
      <UnitPanel
        key={u.organizationId}
        unit={u}
        tab={place.tab}
        onTab={(next) => setPlace(u.organizationId, next, true)}
        onAddChild={() =>
          setEditing({
            open: true,
            record: null,
            parent: { id: u.organizationId, name: u.organizationName },
            typeId: u.organizationTypeId ?? undefined,
          })
        }
        onEdit={() => setEditing({ open: true, record: u, parent: null })}
        onDelete={() => void remove(u)}
      />
    )
  }

  return (
    // One scroll area: the shell's content area scrolls the page; the docked tree stays in view.
    <div className="flex min-w-0 flex-col gap-4">
      <ScreenHeader
        description={t('organization.description')}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="outline" className="lg:hidden" onClick={() => setDrawer(true)} aria-haspopup="dialog" icon={FolderTree}>
              {t('organization.tree.open')}
            </Button>
            <Button
              variant="outline"
              className="hidden lg:inline-flex"
              onClick={() => setDocked(!docked)}
              aria-expanded={docked}
              aria-controls="unit-tree-panel"
            >
              {docked ? <PanelLeftClose aria-hidden /> : <PanelLeftOpen aria-hidden />}
              {docked ? t('organization.tree.hide') : t('organization.tree.show')}
            </Button>
            <ImportDialog resource={orgResource} name={t('organization.entity')} />
            <ExportButton resource={orgResource} />
          </div>
        }
      />

      <div className="flex min-h-0 items-start gap-4">
        {/* One tree (its expanded nodes and search survive): a docked column from 1024 px, a drawer below. */}
        {drawer && <div className="fixed inset-0 z-40 bg-black/50 lg:hidden" aria-hidden onClick={() => setDrawer(false)} />}
        <aside
          ref={aside}
          id="unit-tree-panel"
          aria-label={t('organization.tree.label')}
          role={drawer ? 'dialog' : undefined}
          aria-modal={drawer ? true : undefined}
          onKeyDown={(e) => {
            if (drawer && e.key === 'Escape') {
              e.stopPropagation()
              setDrawer(false)
            }
          }}
          className={cn(
            'flex-col overflow-hidden border bg-card text-card-foreground',
            drawer
              ? 'fixed inset-y-0 left-0 z-50 flex w-[22rem] max-w-[90vw] shadow-xl sm:rounded-r-lg lg:static lg:z-auto lg:w-64 lg:max-w-none lg:rounded-lg lg:shadow-sm xl:w-72'
              : cn('hidden rounded-lg shadow-sm lg:sticky lg:top-0 lg:h-[calc(100dvh-10rem)] lg:w-64 xl:w-72', docked && 'lg:flex'),
            'shrink-0 2xl:w-80',
          )}
        >
          {drawer && (
            <div className="flex items-center justify-between border-b px-4 py-2 lg:hidden">
              <h2 className="font-semibold">{t('organization.tree.label')}</h2>
              <Button variant="ghost" size="icon" onClick={() => setDrawer(false)} aria-label={t('common.close')} icon={X}></Button>
            </div>
          )}
          <UnitTree selectedKey={node ? nodeKey(node) : null} onSelect={select} className="min-h-0 flex-1" />
        </aside>
        <Card className="min-w-0 flex-1 self-stretch">
          <div className="flex min-h-[calc(100dvh-10rem)] flex-col p-4 sm:p-5">{detail}</div>
        </Card>
      </div>

      <UnitDialog editing={editing} onClose={() => setEditing({ open: false })} onSaved={onSaved} />
    </div>
  )
}

/**
 * A unit type is selected. A top unit of that type can be added only with the data scope "all"
 * (the gateway refuses others): a scoped administrator is pointed to "add child unit" on one of
 * their units instead, and whoever may not add at all is only told where the units are.
 */
function TypeSelected({ node, onAddTop }: { node: OrgTreeNode; onAddTop: () => void }) {
  const { t } = useT()
  const mayAdd = useCan('add')
  const rules = useAddRules()
  const name = useTypeLabel()(node.nodeName)
  const top = mayAdd && rules.data?.topUnits === true
  const text = !mayAdd
    ? t('organization.typeSelectedView', { name })
    : rules.data?.topUnits === false
      ? t('organization.typeSelectedScoped', { name })
      : t('organization.typeSelected', { name })
  return (
    <Empty icon={<FolderTree className="h-10 w-10 text-amber-600 opacity-60" aria-hidden />} title={name} text={text}>
      {top && (
        <Can action="add">
          <Button onClick={onAddTop} icon={Plus}>
            {t('organization.addTop')}
          </Button>
        </Can>
      )}
    </Empty>
  )
}

function Empty({ icon, title, text, children }: { icon: React.ReactNode; title: string; text: string; children?: React.ReactNode }) {
  return (
    <div className="flex min-h-[16rem] flex-1 flex-col items-center justify-center gap-3 px-4 text-center">
      {icon}
      <p className="font-medium">{title}</p>
      <p className="max-w-md text-sm text-muted-foreground">{text}</p>
      {children}
    </div>
  )
}
