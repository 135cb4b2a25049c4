/**
 * /admin/su-boq (工程量清单): choose a project (the shared picker), then a node of its structure
 * (container nodes with their design units); the node's quantity items below, amounts rolled up the
 * tree beside every node; Excel import and export of the project's items.
 */
import { useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { BOQ_ITEM_FIELDS } from '@/contract/fields/attributes'
import type { BoqItem, BoqNodes, BoqQuantity } from '@/contract/schemas/attributes'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { numberColumn, PanelList, type ListColumn, type ResourceForm } from '@/lib/crud'
import { DeclaredFields } from '@/lib/crud/forms'
import { ExportButton, ImportDialog } from '@/lib/excel'
import { useT } from '@/lib/i18n'
import { ProjectPage } from '@/lib/project'
import { cn } from '@/lib/utils'
import { boqNodesQueryOptions, boqQuantitiesQueryOptions, boqTotalsQueryOptions } from './queries'
import { boqItemResource } from './resources'

interface TreeRow {
  id: string
  kind: 'container' | 'designUnit'
  name: string
  code: string
  depth: number
}

/** Containers in tree order (parents first, siblings in order) with each container's design units after its children. */
function rowsOf(nodes: BoqNodes): TreeRow[] {
  const children = new Map<string | null, BoqNodes['containers']>()
  for (const c of nodes.containers) children.set(c.parentId, [...(children.get(c.parentId) ?? []), c])
  const units = new Map<string | null, BoqNodes['designUnits']>()
  for (const d of nodes.designUnits) units.set(d.containerId, [...(units.get(d.containerId) ?? []), d])
  const out: TreeRow[] = []
  const walk = (parentId: string | null, depth: number) => {
    for (const c of children.get(parentId) ?? []) {
      out.push({ id: c.containerId, kind: 'container', name: c.containerName, code: c.containerCode, depth })
      walk(c.containerId, depth + 1)
      for (const d of units.get(c.containerId) ?? [])
        out.push({ id: d.designUnitId, kind: 'designUnit', name: d.designUnitName, code: d.designUnitCode, depth: depth + 1 })
    }
  }
  walk(null, 0)
  for (const d of units.get(null) ?? [])
    out.push({ id: d.designUnitId, kind: 'designUnit', name: d.designUnitName, code: d.designUnitCode, depth: 0 })
  return out
}

export function BoqPage() {
  const { t } = useT()
  return (
    <ProjectPage description={t('attributes.boq.description')}>
      {(projectId) => <ProjectBoq key={projectId} projectId={projectId} />}
    </ProjectPage>
  )
}

function ProjectBoq({ projectId }: { projectId: string }) {
  const { t } = useT()
  const nodes = useQuery(boqNodesQueryOptions(projectId))
  const totals = useQuery(boqTotalsQueryOptions(projectId))
  const rows = useMemo(() => (nodes.data ? rowsOf(nodes.data) : []), [nodes.data])
  const totalOf = useMemo(() => new Map((totals.data?.nodes ?? []).map((n) => [n.nodeId, n.total])), [totals.data])
  const [chosen, setChosen] = useState<TreeRow | null>(null)
  return (
    <div className="grid min-h-0 flex-1 gap-4 lg:grid-cols-[minmax(14rem,18rem)_1fr]">
      <Card className="flex min-h-0 flex-col overflow-hidden">
        <div className="flex items-center justify-between border-b px-4 py-3 text-sm">
          <span className="font-medium">{t('attributes.boq.tree')}</span>
          <span className="tabular-nums" data-testid="boq-project-total">
            {t('attributes.boq.total')} {totals.data?.total ?? '--'}
          </span>
        </div>
        <ul className="max-h-[60vh] overflow-auto py-1" aria-label={t('attributes.boq.tree')}>
          {nodes.isPending && <Skeleton className="m-3 h-40" />}
          {rows.map((r) => (
            <li key={r.id}>
              <button
                type="button"
                onClick={() => setChosen(r)}
                aria-current={chosen?.id === r.id || undefined}
                className={cn(
                  'flex min-h-10 w-full items-center gap-2 px-3 text-left text-sm hover:bg-muted/60',
                  chosen?.id === r.id && 'bg-muted font-medium',
                )}
                style={{ paddingLeft: `${0.75 + r.depth * 1.1}rem` }}
              >
                <span className="min-w-0 flex-1 truncate">
                  {r.name}
                  {r.kind === 'designUnit' && (
                    <span className="ml-1 text-xs text-muted-foreground">· {t('attributes.boq.designUnit')}</span>
                  )}
                </span>
                <span className="shrink-0 tabular-nums text-muted-foreground">{totalOf.get(r.id) ?? ''}</span>
              </button>
            </li>
          ))}
        </ul>
      </Card>
      <Card className="min-w-0 p-4">
        {chosen ? (
          <>
            <h2 className="mb-2 text-base font-semibold">{t('attributes.boq.itemsOf', { name: chosen.name })}</h2>
            <NodeItems key={chosen.id} projectId={projectId} node={chosen} onChanged={() => void totals.refetch()} />
          </>
        ) : (
          <div className="flex flex-col gap-3">
            <div className="flex flex-wrap gap-2">
              <ImportDialog resource={boqItemResource} target={{ params: { projectId } }} onImported={() => void totals.refetch()} />
              <ExportButton resource={boqItemResource} query={{ projectId }} />
            </div>
            <p className="p-6 text-center text-sm text-muted-foreground">{t('attributes.boq.chooseNode')}</p>
          </div>
        )}
      </Card>
    </div>
  )
}

function NodeItems({ projectId, node, onChanged }: { projectId: string; node: TreeRow; onChanged: () => void }) {
  const { t } = useT()
  const nodeField = node.kind === 'container' ? 'containerId' : 'designUnitId'
  const columns: ListColumn<BoqItem>[] = [
    { key: 'itemCode', header: t('attributes.boq.field.itemCode'), sortable: true },
    { key: 'itemName', header: t('attributes.boq.field.itemName'), sortable: true },
    { key: 'unit', header: t('attributes.boq.field.unit') },
    numberColumn('quantity', t('attributes.boq.field.quantity')),
    numberColumn('unitPrice', t('attributes.boq.field.unitPrice')),
    numberColumn('amount', t('attributes.boq.field.amount'), { sortable: true }),
  ]
  return (
    <PanelList
      resource={boqItemResource}
      title={t('attributes.boq.itemsOf', { name: node.name })}
      extraQuery={{ projectId, [nodeField]: node.id }}
      columns={columns}
      exportable={false}
      toolbar={
        <>
          <ImportDialog resource={boqItemResource} target={{ params: { projectId } }} onImported={onChanged} />
          <ExportButton resource={boqItemResource} query={{ projectId }} />
        </>
      }
      form={{
        defaults: { projectId, [nodeField]: node.id, sort: 1 },
        onSaved: onChanged,
        render: ({ form }) => <BoqItemFields form={form} />,
      }}
    />
  )
}

/**
 * The item's fields: its entry picked from the quantity dictionary (searchable, grouped under the top
 * entries; the unit shown once picked), the item code following the entry's code until the user changes it.
 */
function BoqItemFields({ form }: { form: ResourceForm<BoqItem>['form'] }) {
  const { t } = useT()
  const entries = useQuery(boqQuantitiesQueryOptions()).data
  const byId = useMemo(() => new Map((entries ?? []).map((e) => [e.nodeId, e])), [entries])
  const options = useMemo(() => {
    const top = (e: BoqQuantity): BoqQuantity => (e.parentId && byId.get(e.parentId) ? top(byId.get(e.parentId)!) : e)
    return (entries ?? []).map((e) => ({
      value: e.nodeId,
      label: `${e.nodeName}（${e.nodeCode}）${e.unit ? ` · ${e.unit}` : ''}`,
      group: top(e).nodeName,
    }))
  }, [entries, byId])
  const picked = byId.get(String(form.watch('quantityNodeId') ?? ''))
  return (
    <DeclaredFields
      fields={BOQ_ITEM_FIELDS}
      sources={{ quantity: options }}
      own={{
        quantityNodeId: {
          hint: picked ? t('attributes.boq.pickedEntry', { name: picked.nodeName, unit: picked.unit ?? '--' }) : undefined,
          onValueChange: (id) => {
            const code = form.getValues('itemCode') as string | undefined
            const before = [...byId.values()].some((e) => e.nodeCode === code)
            // the code follows the entry until the user writes their own
            if (!code || before) form.setValue('itemCode', byId.get(String(id))?.nodeCode ?? '', { shouldValidate: true })
          },
        },
      }}
    />
  )
}
