/**
 * /admin/designunit and /admin/project-design-unit: design units of the project chosen in the
 * picker (URL `projectId`; 设计单元 may also show all the caller's projects), in mileage order:
 * code, name, line, major, region, start and end mileage (DK123+456.780), length, centre, 工点,
 * container. Add and edit check start < end in the form; the gateway also refuses an overlap with
 * another unit on the same line (on 起点里程).
 *
 * A unit's 工点 are the work sites placed in it (issue 33): the list shows how many (their names on
 * hover, in the export), the form lists them read-only with a link to 工点信息 filtered to the unit —
 * sites are added and edited there.
 */
import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@/components/link'
import { useWatch } from 'react-hook-form'
import { MapPin } from 'lucide-react'
import { DESIGN_UNIT_FIELDS } from '@/contract/fields/projectStructure'
import { chainageLength, parseChainage } from '@/contract/mileage'
import type { DesignUnit, DesignUnitWorkSite } from '@/contract/schemas/projectStructure'
import { Badge } from '@/components/ui/badge'
import { AttributeFields, useAttrBinding } from '@/lib/attributes'
import { timeColumn, type FilterField, type ListColumn } from '@/lib/crud'
import { DeclaredFields } from '@/lib/crud/forms'
import { useT } from '@/lib/i18n'
import { findMenuByPath } from '@/lib/permissions'
import { ProjectListScreen, usePickedProject } from '@/lib/project/ProjectListPage'
import { useSession } from '@/lib/session'
import { designUnitResources, majorChoice, structureOptionsQueryOptions, structureSources } from './queries'

const lengthOf = (d: Pick<DesignUnit, 'startMileage' | 'endMileage'>) => {
  const s = parseChainage(d.startMileage)
  const e = parseChainage(d.endMileage)
  return s && e ? chainageLength(s, e) : null
}
const metres = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3, minimumFractionDigits: 0 })

export function DesignUnitPage({ variant }: { variant: Variant }) {
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
      key: 'workSiteCount',
      header: f('workSites'),
      cell: (d) =>
        d.workSiteCount ? (
          <Badge variant="outline" className="font-normal" title={siteNames(d)}>
            {t('projectStructure.designUnit.siteCount', { n: d.workSiteCount })}
          </Badge>
        ) : (
          <span className="text-muted-foreground">--</span>
        ),
      exportValue: siteNames,
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
        defaults: { projectId: pid, lineId: lines[0]?.lineId ?? '' },
        render: ({ record }) => (
          <>
            <DesignUnitFields variant={variant} projectId={pid} record={record} />
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
    workSites: k('workSites'),
    remark: k('remark'),
    updateTime: k('updateTime'),
  }
}

/** A unit's 工点 by name (the list's hover and export); '…' when it has more than it answers. */
const siteNames = (d: Pick<DesignUnit, 'workSites' | 'workSiteCount'>) =>
  d.workSites.map((s) => s.workSiteName).join('、') + (d.workSiteCount > d.workSites.length ? '…' : '')

const siteMileage = (s: DesignUnitWorkSite) =>
  s.startMileage && s.endMileage ? `${s.startMileage} ~ ${s.endMileage}` : (s.startMileage ?? s.endMileage ?? '')

type Variant = 'designUnit' | 'projectDesignUnit'
/** Where a unit's sites are kept: 项目工点信息 beside 项目设计单元, 工点信息 beside 设计单元 — the other where only it is granted. */
const SITE_SCREENS = {
  designUnit: ['/admin/work-site-information', '/admin/project-worksite-information'],
  projectDesignUnit: ['/admin/project-worksite-information', '/admin/work-site-information'],
} as const satisfies Record<Variant, readonly string[]>

/** The unit's 工点, read-only: name, code and mileage of each, and the way to 工点信息 filtered to the unit. */
function UnitWorkSites({ variant, record, label }: { variant: Variant; record: DesignUnit | null; label: string }) {
  const { t } = useT()
  const screen = useSession((s) => SITE_SCREENS[variant].find((path) => findMenuByPath(s.menuItems, path)))
  const sites = record?.workSites ?? []
  const more = (record?.workSiteCount ?? 0) - sites.length
  return (
    <section className="flex flex-col gap-2 sm:col-span-2" aria-label={label} data-testid="design-unit-sites">
      <h3 className="text-sm font-medium">{label}</h3>
      {sites.length ? (
        <ul className="divide-y rounded-md border text-sm">
          {sites.map((s) => (
            <li key={s.workSiteId} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 px-3 py-2">
              <span className="font-medium">{s.workSiteName}</span>
              <span className="font-mono text-xs text-muted-foreground">{s.workSiteCode}</span>
              <span className="ml-auto whitespace-nowrap font-mono text-xs tabular-nums">{siteMileage(s) || '--'}</span>
            </li>
          ))}
          {more > 0 && <li className="px-3 py-2 text-muted-foreground">{t('projectStructure.designUnit.moreSites', { n: more })}</li>}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t('projectStructure.designUnit.noSites')}</p>
      )}
      {record && screen && (
        <Link
          to={screen}
          search={{ projectId: record.projectId, designUnitId: record.designUnitId } as never}
          className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <MapPin className="size-4" aria-hidden />
          {t('projectStructure.designUnit.openSites')}
        </Link>
      )}
    </section>
  )
}

function DesignUnitFields({ variant, projectId, record }: { variant: Variant; projectId: string; record: DesignUnit | null }) {
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
      before={{ remark: <UnitWorkSites variant={variant} record={record} label={f.workSites} /> }}
    />
  )
}
