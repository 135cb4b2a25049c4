/**
 * /admin/designunit and /admin/project-design-unit: design units of the project chosen in the
 * picker (URL `projectId`; 设计单元 may also show all the caller's projects), in mileage order:
 * code, name, line, major, region, start and end mileage (DK123+456.780), length, centre, work
 * points, container. Add and edit check start < end in the form; the gateway also refuses an
 * overlap with another unit on the same line (on 起点里程).
 */
import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useWatch } from 'react-hook-form'
import { DESIGN_UNIT_FIELDS, WORK_POINT_FIELDS } from '@/contract/fields/projectStructure'
import { chainageLength, parseChainage } from '@/contract/mileage'
import type { DesignUnit, WorkPoint } from '@/contract/schemas/projectStructure'
import { Badge } from '@/components/ui/badge'
import { AttributeFields, useAttrBinding } from '@/lib/attributes'
import { DeclaredFields, FormList, timeColumn, type FilterField, type ListColumn } from '@/lib/crud'
import { useT } from '@/lib/i18n'
import { ProjectListScreen, usePickedProject } from '@/lib/project/ProjectListPage'
import { designUnitResources, majorChoice, structureOptionsQueryOptions, structureSources } from './queries'

const lengthOf = (d: Pick<DesignUnit, 'startMileage' | 'endMileage'>) => {
  const s = parseChainage(d.startMileage)
  const e = parseChainage(d.endMileage)
  return s && e ? chainageLength(s, e) : null
}
const metres = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3, minimumFractionDigits: 0 })

export function DesignUnitPage({ variant }: { variant: 'designUnit' | 'projectDesignUnit' }) {
  const { t } = useT()
  const perProject = variant === 'projectDesignUnit'
  const picked = usePickedProject(!perProject)
  const { projectId } = picked
  // the design unit's extended attributes (属性配置, node type 3) on its form
  const attrs = useAttrBinding(3)
  const resource = useMemo(() => attrs.wrap(designUnitResources[variant]), [attrs, variant])
  const options = useQuery({ ...structureOptionsQueryOptions(variant, projectId ?? ''), enabled: !!projectId })
  const lines = options.data?.lines ?? []
  const f = (k: keyof ReturnType<typeof fieldLabels>) => fieldLabels(t)[k]

  const filters: FilterField[] = [
    { name: 'designUnitName', label: f('designUnitName') },
    ...(projectId && lines.length
      ? [
          {
            name: 'lineId',
            label: f('lineId'),
            kind: 'select' as const,
            options: lines.map((l) => ({ value: l.lineId, label: l.lineName })),
          },
        ]
      : []),
    { name: 'major', label: f('major') },
  ]

  const columns: ListColumn<DesignUnit>[] = [
    {
      key: 'designUnitCode',
      header: f('designUnitCode'),
      sortable: true,
      cell: (d) => <span className="font-mono text-xs">{d.designUnitCode}</span>,
    },
    {
      key: 'designUnitName',
      header: f('designUnitName'),
      sortable: true,
      cell: (d) => <span className="font-medium">{d.designUnitName}</span>,
    },
    ...(perProject || projectId
      ? []
      : [
          { key: 'projectName', header: t('projectStructure.picker.label'), className: 'max-w-[14rem] truncate' } as ListColumn<DesignUnit>,
        ]),
    { key: 'lineName', header: f('lineId'), className: 'max-w-[12rem] truncate' },
    {
      key: 'startMetres',
      header: f('startMileage'),
      sortable: true,
      cell: (d) => <span className="whitespace-nowrap font-mono text-xs tabular-nums">{d.startMileage}</span>,
      exportValue: (d) => d.startMileage,
    },
    {
      key: 'endMetres',
      header: f('endMileage'),
      sortable: true,
      cell: (d) => <span className="whitespace-nowrap font-mono text-xs tabular-nums">{d.endMileage}</span>,
      exportValue: (d) => d.endMileage,
    },
    {
      key: 'length',
      header: t('projectStructure.designUnit.length'),
      align: 'right',
      cell: (d) => <span className="tabular-nums">{metres.format(lengthOf(d) ?? 0)}</span>,
      exportValue: (d) => String(lengthOf(d) ?? ''),
    },
    { key: 'major', header: f('major') },
    { key: 'administrativeRegion', header: f('administrativeRegion'), defaultHidden: true },
    {
      key: 'centerMileage',
      header: f('centerMileage'),
      defaultHidden: true,
      cell: (d) => <span className="font-mono text-xs">{d.centerMileage || '--'}</span>,
    },
    {
      key: 'workPoints',
      header: f('workPoints'),
      cell: (d) =>
        d.workPoints.length ? (
          <Badge variant="outline" className="font-normal" title={d.workPoints.map((w) => w.name).join('、')}>
            {t('projectStructure.designUnit.workPointCount', { n: d.workPoints.length })}
          </Badge>
        ) : (
          <span className="text-muted-foreground">--</span>
        ),
      exportValue: (d) => d.workPoints.map((w) => (w.mileage ? `${w.name}(${w.mileage})` : w.name)).join('；'),
    },
    { key: 'containerName', header: f('containerId'), defaultHidden: true },
    timeColumn('updateTime', f('updateTime'), { sortable: true, defaultHidden: true }),
  ]

  return (
    <ProjectListScreen
      {...picked}
      resource={resource}
      description={t('projectStructure.designUnit.description')}
      filters={filters}
      columns={columns}
      form={(pid) => ({
        size: 'xl',
        defaults: { projectId: pid, lineId: lines[0]?.lineId ?? '', workPoints: [] },
        render: ({ record }) => (
          <>
            <DesignUnitFields variant={variant} projectId={pid} />
            <AttributeFields binding={attrs} nodeId={record?.designUnitId} />
          </>
        ),
        onSaved: (saved) => {
          if (saved) void attrs.save(saved.designUnitId)
        },
      })}
    />
  )
}

function fieldLabels(t: ReturnType<typeof useT>['t']) {
  const k = (f: string) => t(`projectStructure.designUnit.field.${f}` as 'projectStructure.designUnit.field.designUnitCode')
  return {
    designUnitCode: k('designUnitCode'),
    designUnitName: k('designUnitName'),
    lineId: k('lineId'),
    major: k('major'),
    administrativeRegion: k('administrativeRegion'),
    startMileage: k('startMileage'),
    endMileage: k('endMileage'),
    centerMileage: k('centerMileage'),
    containerId: k('containerId'),
    workPoints: k('workPoints'),
    remark: k('remark'),
    updateTime: k('updateTime'),
  }
}

function DesignUnitFields({ variant, projectId }: { variant: 'designUnit' | 'projectDesignUnit'; projectId: string }) {
  const { t } = useT()
  const f = fieldLabels(t)
  const options = useQuery(structureOptionsQueryOptions(variant, projectId))
  const s = parseChainage(useWatch({ name: 'startMileage' }) as string | undefined)
  const e = parseChainage(useWatch({ name: 'endMileage' }) as string | undefined)
  return (
    <DeclaredFields
      fields={DESIGN_UNIT_FIELDS}
      sources={structureSources(options.data)}
      own={{
        lineId: { hint: options.isSuccess && options.data.lines.length === 0 ? t('projectStructure.designUnit.noLines') : undefined },
        major: majorChoice(options.data),
        endMileage: {
          hint:
            s && e && e.metres > s.metres
              ? `${t('projectStructure.designUnit.length')}: ${metres.format(chainageLength(s, e))}`
              : undefined,
        },
      }}
      before={{
        remark: (
          <>
            <h3 className="-mb-2 text-sm font-medium sm:col-span-2">{f.workPoints}</h3>
            <FormList
              name="workPoints"
              label={f.workPoints}
              className="sm:col-span-2"
              max={50}
              addText={t('projectStructure.designUnit.addWorkPoint')}
              newItem={(): WorkPoint => ({ name: '', mileage: '' })}
              itemTitle={(item, i) => (item.name ? String(item.name) : `${f.workPoints} #${i + 1}`)}
            >
              {(prefix) => <DeclaredFields fields={WORK_POINT_FIELDS} prefix={prefix} className="p-4" />}
            </FormList>
          </>
        ),
      }}
    />
  )
}
