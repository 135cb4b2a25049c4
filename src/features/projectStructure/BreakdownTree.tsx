/**
 * 单位工程划分's breakdown: design units → 单位工程 → 子单位工程 of the project (unit projects without
 * a design unit under their own group). Choosing a design unit filters the list beside it.
 */
import { useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Blocks, Construction, Ruler } from 'lucide-react'
import type { UnitEngineering } from '@/contract/schemas/projectStructure'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { listQueryOptions } from '@/lib/crud'
import { useT } from '@/lib/i18n'
import { Tree } from '@/lib/tree'
import { structureOptionsQueryOptions, unitEngineeringResources } from './queries'

interface BNode {
  id: string
  label: string
  kind: 'designUnit' | 'unit' | 'subunit' | 'none'
  /** The design unit a choice filters by ('' for unit projects without one). */
  designUnitId: string | null
  children: BNode[]
}
const access = { id: (n: BNode) => n.id, children: (n: BNode) => n.children }
const NONE = '__none__'

export function BreakdownTree({
  projectId,
  selected,
  onSelect,
}: {
  projectId: string
  selected: string | undefined
  onSelect: (designUnitId: string | undefined) => void
}) {
  const { t } = useT()
  const resource = unitEngineeringResources.unitEngineering
  const units = useQuery(listQueryOptions<UnitEngineering>(resource, { projectId }))
  const options = useQuery(structureOptionsQueryOptions('unitEngineering', projectId))
  const nodes = useMemo(() => {
    const list = units.data ?? []
    const subs = (parent: UnitEngineering): BNode[] =>
      list
        .filter((u) => u.parentId === parent.unitEngineeringId)
        .map((u) => ({ id: u.unitEngineeringId, label: u.unitName, kind: 'subunit', designUnitId: u.designUnitId ?? null, children: [] }))
    const top = (designUnitId: string | null): BNode[] =>
      list
        .filter((u) => u.category === 'unit' && (u.designUnitId ?? null) === designUnitId)
        .map((u) => ({ id: u.unitEngineeringId, label: u.unitName, kind: 'unit', designUnitId, children: subs(u) }))
    const out: BNode[] = (options.data?.designUnits ?? []).map((d) => ({
      id: d.designUnitId,
      label: d.designUnitName,
      kind: 'designUnit',
      designUnitId: d.designUnitId,
      children: top(d.designUnitId),
    }))
    const loose = top(null)
    if (loose.length)
      out.push({ id: NONE, label: t('projectStructure.unitEngineering.noDesignUnit'), kind: 'none', designUnitId: null, children: loose })
    return out
  }, [units.data, options.data, t])
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(selected ? [selected] : []))

  return (
    <Card className="flex h-[calc(100dvh-14rem)] min-h-[20rem] flex-col overflow-hidden">
      <div className="border-b px-4 py-3 text-sm font-medium">{t('projectStructure.unitEngineering.breakdown')}</div>
      {units.isPending || options.isPending ? (
        <div className="space-y-3 p-4">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-5" style={{ marginLeft: `${(i % 3) * 1.25}rem` }} />
          ))}
        </div>
      ) : (
        <Tree
          label={t('projectStructure.unitEngineering.breakdown')}
          nodes={nodes}
          access={access}
          getLabel={(n) => n.label}
          expanded={expanded}
          onExpandedChange={setExpanded}
          selectedId={selected ?? null}
          onSelect={(n) => (n.kind === 'designUnit' ? onSelect(n.id === selected ? undefined : n.id) : undefined)}
          className="px-1 py-1"
          renderIcon={(n) =>
            n.kind === 'designUnit' ? (
              <Ruler className="h-4 w-4 shrink-0 text-primary" aria-hidden />
            ) : n.kind === 'unit' ? (
              <Construction className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
            ) : (
              <Blocks className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
            )
          }
          empty={<p className="px-4 py-10 text-center text-sm text-muted-foreground">{t('crud.listEmpty')}</p>}
        />
      )}
    </Card>
  )
}
