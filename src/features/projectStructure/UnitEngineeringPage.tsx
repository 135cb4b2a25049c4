/**
 * /admin/unit-engineering (单位工程划分) and /admin/unit-project (单位工程): the construction
 * breakdown of the project chosen in the picker — 单位工程 and 子单位工程 under design units and
 * container nodes.
 */
import { useQuery } from '@tanstack/react-query'
import { useWatch } from 'react-hook-form'
import { UNIT_ENGINEERING_FIELDS } from '@/contract/fields/projectStructure'
import { UNIT_ENGINEERING_CATEGORIES, type UnitEngineering, type UnitEngineeringCategory } from '@/contract/schemas/projectStructure'
import { Badge } from '@/components/ui/badge'
import { enumOptions, timeColumn, useListSearch, type FilterField, type ListColumn } from '@/lib/crud'
import { DeclaredFields } from '@/lib/crud/forms'
import { useT } from '@/lib/i18n'
import { ProjectListScreen, usePickedProject } from '@/lib/project/ProjectListPage'
import { BreakdownTree } from './BreakdownTree'
import { majorChoice, structureOptionsQueryOptions, structureSources, unitEngineeringResources } from './queries'

type Variant = 'unitEngineering' | 'unitProject'

export function UnitEngineeringPage({ variant }: { variant: Variant }) {
  const { t } = useT()
  const picked = usePickedProject()
  const { projectId } = picked
  const [search, setSearch] = useListSearch()
  const resource = unitEngineeringResources[variant]
  const options = useQuery({ ...structureOptionsQueryOptions(variant, projectId ?? ''), enabled: !!projectId })
  const f = (k: string) => t(`projectStructure.unitEngineering.field.${k}` as 'projectStructure.unitEngineering.field.unitCode')
  const categoryLabel = (c: UnitEngineeringCategory) => t(`projectStructure.category.${c}`)

  const filters: FilterField[] = [
    { name: 'unitName', label: f('unitName') },
    { name: 'category', label: f('category'), kind: 'select', options: enumOptions(UNIT_ENGINEERING_CATEGORIES, categoryLabel) },
    ...(options.data?.designUnits.length
      ? [
          {
            name: 'designUnitId',
            label: f('designUnitId'),
            kind: 'select' as const,
            options: options.data.designUnits.map((d) => ({ value: d.designUnitId, label: d.designUnitName })),
          },
        ]
      : []),
  ]

  const columns: ListColumn<UnitEngineering>[] = [
    { key: 'unitCode', header: f('unitCode'), sortable: true, cell: (u) => <span className="font-mono text-xs">{u.unitCode}</span> },
    {
      key: 'unitName',
      header: f('unitName'),
      sortable: true,
      cell: (u) => <span className={u.category === 'subunit' ? 'pl-4 font-normal' : 'font-medium'}>{u.unitName}</span>,
    },
    {
      key: 'category',
      header: f('category'),
      cell: (u) => (
        <Badge variant={u.category === 'unit' ? 'outline' : 'secondary'} className="font-normal">
          {categoryLabel(u.category)}
        </Badge>
      ),
      exportValue: (u) => categoryLabel(u.category),
    },
    { key: 'parentName', header: f('parentId'), className: 'max-w-[12rem] truncate' },
    { key: 'designUnitName', header: f('designUnitId'), className: 'max-w-[14rem] truncate' },
    { key: 'containerName', header: f('containerId'), className: 'max-w-[12rem] truncate' },
    { key: 'major', header: f('major') },
    timeColumn('updateTime', f('updateTime'), { sortable: true, defaultHidden: true }),
  ]

  return (
    <ProjectListScreen
      {...picked}
      resource={resource}
      description={t('projectStructure.unitEngineering.description')}
      filters={filters}
      columns={columns}
      form={(pid) => ({
        size: 'lg',
        defaults: { projectId: pid, category: 'unit' },
        render: () => <UnitFields variant={variant} projectId={pid} />,
      })}
      beside={
        variant === 'unitEngineering' &&
        projectId && (
          <BreakdownTree
            key={projectId}
            projectId={projectId}
            selected={typeof search.designUnitId === 'string' ? search.designUnitId : undefined}
            onSelect={(designUnitId) => {
              const { designUnitId: _d, pageIndex: _p, ...rest } = search
              setSearch(designUnitId ? { ...rest, designUnitId } : rest)
            }}
          />
        )
      }
    />
  )
}

function UnitFields({ variant, projectId }: { variant: Variant; projectId: string }) {
  const { data } = useQuery(structureOptionsQueryOptions(variant, projectId))
  const category = useWatch({ name: 'category' }) as UnitEngineeringCategory | undefined
  return (
    <DeclaredFields
      fields={UNIT_ENGINEERING_FIELDS}
      sources={structureSources(data)}
      own={{ parentId: category === 'subunit' && { required: true }, major: majorChoice(data) }}
    />
  )
}
