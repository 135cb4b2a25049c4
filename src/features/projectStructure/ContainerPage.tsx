/**
 * /admin/project-container: the container-node tree of the project chosen in the picker (URL
 * `projectId`): search, expand/collapse, add a top node or a child, edit, delete (with the
 * subtree), move (drag, 上移/下移, 移动到…: POST container/move), copy a subtree beside itself with
 * a code suffix, Excel import (parents by code) and export of the tree.
 */
import { useMemo, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import {
  Boxes,
  ChevronsDownUp,
  ChevronsUpDown,
  Copy,
  Landmark,
  Layers,
  Mountain,
  Pencil,
  Plus,
  Route,
  Search,
  Trash2,
  TrainFront,
  Waves,
  Warehouse,
} from 'lucide-react'
import {
  CONTAINER_NATURES,
  CONTAINER_TYPES,
  PROJECT_STRUCTURE_API,
  containerCopy,
  type ContainerCopyResult,
  type ContainerNode,
  type ContainerType,
} from '@/contract/schemas/projectStructure'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import {
  ActionDialog,
  enumOptions,
  FormField,
  FormGrid,
  FormDialog,
  invalidateResource,
  RowAction,
  RowActions,
  useActionForm,
  useDelete,
} from '@/lib/crud'
import { ExportButton, ImportDialog } from '@/lib/excel'
import { http } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { NoProjects, ProjectPicker, useProjectOptions, useProjectSearch } from '@/lib/project'
import { branchIds, buildTree, descendantCount, Tree, TreeQueryBody, TreeRefresh, type MovePlace, type Nested } from '@/lib/tree'
import { cn } from '@/lib/utils'
import { StructureHeader } from './Header'
import { Can, useCan } from './permissions'
import { containerResource, containerTreeQueryOptions, structureKeys } from './queries'

type Node = Nested<ContainerNode>
const access = { id: (n: Node) => n.containerId, children: (n: Node) => n.children }

const ICONS: Partial<Record<ContainerType, typeof Boxes>> = {
  section: Layers,
  station: Warehouse,
  bridge: Landmark,
  tunnel: Mountain,
  subgrade: Route,
  culvert: Waves,
  track: TrainFront,
}

type Editing = { open: false } | { open: true; record: ContainerNode | null; parent: Node | null }

export function ContainerPage() {
  const { t } = useT()
  const [projectId, setProjectId] = useProjectSearch({ required: true })
  const projects = useProjectOptions()
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-4">
      <StructureHeader
        title={t('projectStructure.container.title')}
        description={t('projectStructure.container.description')}
        picker={<ProjectPicker value={projectId} onChange={setProjectId} className="w-full sm:w-auto" />}
      />
      {projects.data && projects.data.length === 0 ? (
        <Card>
          <NoProjects />
        </Card>
      ) : projectId ? (
        <ContainerTree key={projectId} projectId={projectId} />
      ) : (
        <Skeleton className="h-64" />
      )}
    </div>
  )
}

function ContainerTree({ projectId }: { projectId: string }) {
  const { t } = useT()
  const qc = useQueryClient()
  const query = useQuery(containerTreeQueryOptions(projectId))
  const flat = query.data
  const tree = useMemo(() => buildTree(flat ?? [], { id: (n) => n.containerId, parentId: (n) => n.parentId }), [flat])
  const [keyword, setKeyword] = useState('')
  const [expanded, setExpanded] = useState<ReadonlySet<string> | null>(null)
  const open = expanded ?? new Set(tree.map((n) => n.containerId)) // the top nodes open at first
  const [editing, setEditing] = useState<Editing>({ open: false })
  const [copying, setCopying] = useState<Node | null>(null)
  const [moving, setMoving] = useState(false)
  const del = useDelete(containerResource)
  const canMove = useCan('move')
  const typeLabel = (v: string) => t(`projectStructure.containerType.${v as ContainerType}`)
  const natureLabel = (v: string) => t(`projectStructure.nature.${v as 'entity'}`)
  const refresh = () => qc.invalidateQueries({ queryKey: structureKeys.containers() })

  const move = async (id: string, place: MovePlace) => {
    setMoving(true)
    try {
      await http.post(PROJECT_STRUCTURE_API.containerMove, { containerId: id, parentId: place.parentId, index: place.index })
      if (place.parentId) setExpanded(new Set([...open, place.parentId]))
      toast.success(t('tree.moved'))
    } finally {
      await refresh()
      setMoving(false)
    }
  }
  const remove = (node: Node) => {
    const n = descendantCount(node, access.children)
    void del.remove([node.containerId], n ? t('projectStructure.container.deleteWithChildren', { n }) : undefined, [node])
  }
  const addChild = (parent: Node | null) => {
    if (parent) setExpanded(new Set([...open, parent.containerId]))
    setEditing({ open: true, record: null, parent })
  }

  return (
    <Card className="flex h-[calc(100dvh-14rem)] min-h-[26rem] flex-col overflow-hidden">
      <div className="flex flex-wrap items-center gap-2 border-b p-3">
        <div className="relative w-full min-w-[12rem] sm:w-64">
          <Search className="pointer-events-none absolute left-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            placeholder={t('projectStructure.container.searchPlaceholder')}
            aria-label={t('projectStructure.container.searchPlaceholder')}
            className="pl-8"
          />
        </div>
        <Can action="add">
          <Button onClick={() => addChild(null)}>
            <Plus aria-hidden />
            {t('projectStructure.container.addRoot')}
          </Button>
        </Can>
        <ImportDialog resource={containerResource} target={{ params: { projectId } }} onImported={() => void refresh()} />
        <ExportButton resource={containerResource} query={{ projectId, ...(keyword.trim() ? { keyword: keyword.trim() } : {}) }} />
        <div className="ml-auto flex items-center gap-1">
          <span className="mr-2 text-sm text-muted-foreground">{t('projectStructure.container.count', { n: flat?.length ?? 0 })}</span>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('projectStructure.container.expandAll')}
            title={t('projectStructure.container.expandAll')}
            onClick={() => setExpanded(new Set(branchIds(tree, access)))}
          >
            <ChevronsUpDown aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('projectStructure.container.collapseAll')}
            title={t('projectStructure.container.collapseAll')}
            onClick={() => setExpanded(new Set())}
          >
            <ChevronsDownUp aria-hidden />
          </Button>
          <TreeRefresh query={query} />
        </div>
      </div>
      <TreeQueryBody query={query} busy={moving} rows={8}>
        <Tree
          label={t('projectStructure.container.treeLabel')}
          nodes={tree}
          getId={access.id}
          getChildren={access.children}
          getLabel={(n) => n.containerName}
          match={(n, k) => {
            const q = k.toLowerCase()
            return n.containerName.toLowerCase().includes(q) || n.containerCode.toLowerCase().includes(q)
          }}
          keyword={keyword}
          expanded={open}
          onExpandedChange={setExpanded}
          rowHeight={40}
          indent={20}
          className="px-2 py-1"
          renderIcon={(n) => {
            const Icon = ICONS[n.containerType as ContainerType] ?? Boxes
            return (
              <Icon className={cn('h-4 w-4 shrink-0', n.nature === 'virtual' ? 'text-muted-foreground' : 'text-primary')} aria-hidden />
            )
          }}
          renderExtra={(n) => (
            <span className="ml-2 hidden min-w-0 shrink-0 items-center gap-2 sm:flex">
              <span className="font-mono text-xs text-muted-foreground">{n.containerCode}</span>
              <Badge variant="outline" className="font-normal">
                {typeLabel(n.containerType)}
              </Badge>
              {n.nature !== 'entity' && (
                <Badge variant="secondary" className="font-normal">
                  {natureLabel(n.nature)}
                </Badge>
              )}
            </span>
          )}
          renderActions={(n) => (
            <RowActions compact>
              <Can action="add">
                <RowAction
                  icon={<Plus aria-hidden />}
                  label={t('projectStructure.container.addChild')}
                  ariaLabel={`${t('projectStructure.container.addChild')} ${n.containerName}`}
                  tone="plain"
                  onClick={() => addChild(n)}
                />
              </Can>
              <Can action="edit">
                <RowAction
                  icon={<Pencil aria-hidden />}
                  label={t('common.edit')}
                  ariaLabel={`${t('common.edit')} ${n.containerName}`}
                  onClick={() => setEditing({ open: true, record: n, parent: null })}
                />
              </Can>
              <Can action="copy">
                <RowAction
                  icon={<Copy aria-hidden />}
                  label={t('projectStructure.container.copy')}
                  ariaLabel={`${t('projectStructure.container.copy')} ${n.containerName}`}
                  tone="plain"
                  onClick={() => setCopying(n)}
                />
              </Can>
              <Can action="delete">
                <RowAction
                  icon={<Trash2 aria-hidden />}
                  label={t('common.delete')}
                  ariaLabel={`${t('common.delete')} ${n.containerName}`}
                  tone="destructive"
                  onClick={() => remove(n)}
                  disabled={del.isPending}
                />
              </Can>
            </RowActions>
          )}
          move={canMove ? { onMove: move, busy: moving } : undefined}
          empty={
            <div className="flex flex-col items-center gap-2 px-6 py-16 text-center text-sm text-muted-foreground">
              <Boxes className="h-10 w-10 opacity-50" aria-hidden />
              {keyword.trim() ? (
                t('projectStructure.container.noMatch', { keyword: keyword.trim() })
              ) : (
                <>
                  <p className="font-medium text-foreground">{t('projectStructure.container.empty')}</p>
                  <p>{t('projectStructure.container.emptyHint')}</p>
                </>
              )}
            </div>
          }
        />
      </TreeQueryBody>

      <FormDialog
        key={editing.open ? (editing.record?.containerId ?? `new-${editing.parent?.containerId ?? 'root'}`) : 'closed'}
        resource={containerResource}
        open={editing.open}
        onOpenChange={(o) => !o && setEditing({ open: false })}
        record={editing.open ? editing.record : null}
        title={
          editing.open && editing.parent
            ? t('projectStructure.container.addChildTitle', { parent: editing.parent.containerName })
            : undefined
        }
        defaults={{
          projectId,
          parentId: editing.open ? (editing.parent?.containerId ?? null) : null,
          containerType: editing.open && editing.parent ? 'bridge' : 'section',
          nature: 'entity',
        }}
        onSaved={() => void refresh()}
      >
        <FormGrid>
          <FormField name="containerName" label={t('projectStructure.container.field.containerName')} required maxLength={60} />
          <FormField name="containerCode" label={t('projectStructure.container.field.containerCode')} required maxLength={40} />
          <FormField
            name="containerType"
            label={t('projectStructure.container.field.containerType')}
            kind="select"
            required
            options={enumOptions(CONTAINER_TYPES, typeLabel)}
          />
          <FormField
            name="nature"
            label={t('projectStructure.container.field.nature')}
            kind="select"
            required
            options={enumOptions(CONTAINER_NATURES, natureLabel)}
          />
          <FormField name="remark" label={t('projectStructure.container.field.remark')} kind="textarea" maxLength={200} />
        </FormGrid>
      </FormDialog>
      {copying && <CopyDialog node={copying} onClose={() => setCopying(null)} onCopied={() => void refresh()} />}
    </Card>
  )
}

/** Copies a node and its descendants beside it (same parent), codes with a suffix. */
function CopyDialog({ node, onClose, onCopied }: { node: Node; onClose: () => void; onCopied: () => void }) {
  const { t } = useT()
  const qc = useQueryClient()
  const action = useActionForm<{ containerId: string; parentId: string | null; codeSuffix: string }>({
    schema: containerCopy,
    defaultValues: { containerId: node.containerId, parentId: node.parentId, codeSuffix: '-1' },
    action: (values) => http.post<ContainerCopyResult>(PROJECT_STRUCTURE_API.containerCopy, values),
    success: (_v, result) => t('projectStructure.container.copied', { n: (result as ContainerCopyResult).copied }),
    onDone: () => {
      void invalidateResource(qc, containerResource)
      onCopied()
      onClose()
    },
  })
  return (
    <ActionDialog
      open
      onClose={onClose}
      title={t('projectStructure.container.copyTitle', { name: node.containerName })}
      description={t('projectStructure.container.copyHint', { n: 1 + descendantCount(node, access.children) })}
      action={action}
    >
      <FormField name="codeSuffix" label={t('projectStructure.container.codeSuffix')} required maxLength={20} />
    </ActionDialog>
  )
}
