/**
 * /admin/work-site-information (all the caller's projects, or one chosen in the picker) and
 * /admin/project-worksite-information (the signed-in account's project): the project's work sites —
 * search (name, code, address, manager), filters (line, status, type), a list whose rows open the
 * site card (tap the name), add / edit with the site form, delete. Edits work offline (DESIGN §4):
 * they are kept on the device with a pending mark and sync when the server can be reached; photos
 * taken offline go with them.
 *
 * On a 1024×768 tablet the name cell is a large tap target, the card opens as a drawer with a
 * tap-to-call button, and the form's fields are thumb-sized.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useWatch } from 'react-hook-form'
import { Eye } from 'lucide-react'
import { chainageLength, parseChainage } from '@/contract/mileage'
import { WORK_SITE_STATUSES, WORK_SITE_TYPES, type WorkSite, type WorkSiteResource } from '@/contract/schemas/workSite'
import { Card } from '@/components/ui/card'
import { FormDialog, FormField, FormGrid, ListPage, formatDateTime, type FilterField, type ListColumn, type ListSearch } from '@/lib/crud'
import { useListSearch } from '@/lib/crud'
import { RowAction } from '@/lib/crud/list/RowActions'
import { useT } from '@/lib/i18n'
import { useMarks } from '@/lib/offline'
import { useCan } from '@/lib/permissions'
import { NoProjects, ProjectPicker, useProjectOptions, useProjectSearch } from '@/lib/project'
import { PhotosField } from './photos'
import { SiteCard } from './SiteCard'
import { StatusBadge } from './StatusBadge'
import { workSiteOptionsQueryOptions, workSiteResources } from './queries'

const metres = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 })

export function WorkSitePage({ variant }: { variant: WorkSiteResource }) {
  const { t } = useT()
  const perProject = variant === 'projectWorkSite'
  const [projectId, setProjectId] = useProjectSearch({ required: perProject })
  const projects = useProjectOptions()
  const [search, setSearch] = useListSearch()
  const resource = workSiteResources[variant]
  const options = useQuery({ ...workSiteOptionsQueryOptions(variant, projectId ?? ''), enabled: !!projectId })
  const lines = options.data?.lines ?? []
  const title = perProject ? t('workSites.projectTitle') : t('workSites.title')
  const marks = useMarks(resource.offline?.entity.entity)
  const canEdit = useCan('edit')
  const [card, setCard] = useState<WorkSite | null>(null)
  const [editing, setEditing] = useState<WorkSite | null>(null)
  const f = (k: string) => t(`workSites.field.${k}` as 'workSites.field.workSiteName')

  const filters: FilterField[] = [
    { name: 'keyword', label: f('keyword'), placeholder: f('keywordPlaceholder') },
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
    {
      name: 'status',
      label: f('status'),
      kind: 'select',
      options: WORK_SITE_STATUSES.map((s) => ({ value: s, label: t(`workSites.status.${s}`) })),
    },
    {
      name: 'siteType',
      label: f('siteType'),
      kind: 'select',
      options: WORK_SITE_TYPES.map((s) => ({ value: s, label: t(`workSites.type.${s}`) })),
    },
  ]

  const columns: ListColumn<WorkSite>[] = [
    {
      key: 'workSiteName',
      header: f('workSiteName'),
      sortable: true,
      cell: (s) => (
        <button
          type="button"
          className="-my-2 flex min-h-11 w-full items-center text-left font-medium text-primary underline-offset-4 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          onClick={() => setCard(s)}
        >
          {s.workSiteName}
        </button>
      ),
      exportValue: (s) => s.workSiteName,
    },
    {
      key: 'workSiteCode',
      header: f('workSiteCode'),
      sortable: true,
      cell: (s) => <span className="font-mono text-xs">{s.workSiteCode}</span>,
    },
    {
      key: 'status',
      header: f('status'),
      sortable: true,
      cell: (s) => <StatusBadge status={s.status} />,
      exportValue: (s) => t(`workSites.status.${s.status}`),
    },
    {
      key: 'siteType',
      header: f('siteType'),
      cell: (s) => t(`workSites.type.${s.siteType}`),
      exportValue: (s) => t(`workSites.type.${s.siteType}`),
    },
    ...(perProject || projectId
      ? []
      : [{ key: 'projectName', header: t('projectStructure.picker.label'), className: 'max-w-[12rem] truncate' } as ListColumn<WorkSite>]),
    { key: 'lineName', header: f('lineId'), className: 'max-w-[10rem] truncate', defaultHidden: true },
    {
      key: 'mileage',
      header: f('mileage'),
      cell: (s) =>
        s.startMileage && s.endMileage ? (
          <span className="whitespace-nowrap font-mono text-xs tabular-nums">
            {s.startMileage} ~ {s.endMileage}
          </span>
        ) : (
          <span className="text-muted-foreground">--</span>
        ),
      exportValue: (s) => (s.startMileage && s.endMileage ? `${s.startMileage} ~ ${s.endMileage}` : ''),
    },
    { key: 'managerName', header: f('managerUserId') },
    { key: 'contactPhone', header: f('contactPhone'), defaultHidden: true },
    { key: 'designUnitName', header: f('designUnitId'), defaultHidden: true },
    { key: 'address', header: f('address'), defaultHidden: true, className: 'max-w-[14rem] truncate' },
    {
      key: 'updateTime',
      header: f('updateTime'),
      sortable: true,
      defaultHidden: true,
      cell: (s) => <span className="tabular-nums text-muted-foreground">{s.updateTime ? formatDateTime(s.updateTime) : '--'}</span>,
      exportValue: (s) => (s.updateTime ? formatDateTime(s.updateTime) : ''),
    },
  ]

  if (projects.data && projects.data.length === 0)
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-xl font-semibold">{title}</h1>
        <Card>
          <NoProjects />
        </Card>
      </div>
    )

  const formFor = (pid: string) => ({
    size: 'xl' as const,
    defaults: { projectId: pid, status: 'building', lineId: lines[0]?.lineId ?? '', photoFileIds: [] },
    render: () => <WorkSiteFields variant={variant} projectId={pid} />,
  })

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{t('workSites.description')}</p>
        </div>
        <ProjectPicker value={projectId} onChange={setProjectId} allowAll={!perProject} className="w-full sm:w-auto" />
      </header>
      {(projectId || !perProject) && (
        <ListPage
          key={projectId ?? 'all'}
          resource={resource}
          title={title}
          headerless
          search={search}
          onSearchChange={(next: ListSearch) => setSearch(projectId ? { ...next, projectId } : next)}
          filters={filters}
          columns={columns}
          rowActions={(s) => <RowAction icon={<Eye aria-hidden />} label={t('workSites.open')} tone="plain" onClick={() => setCard(s)} />}
          form={projectId ? formFor(projectId) : undefined}
        />
      )}
      <SiteCard
        site={card}
        mark={card ? marks?.[card.workSiteId] : undefined}
        onClose={() => setCard(null)}
        onEdit={
          canEdit
            ? (s) => {
                setCard(null)
                setEditing(s)
              }
            : undefined
        }
      />
      {editing && (
        <FormDialog<WorkSite>
          key={editing.workSiteId}
          resource={resource}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          record={editing}
          size="xl"
          onSaved={() => setEditing(null)}
        >
          {() => <WorkSiteFields variant={variant} projectId={editing.projectId} />}
        </FormDialog>
      )}
    </div>
  )
}

/** The site form's fields (add, edit, and the sync centre's editor). */
export function WorkSiteFields({ variant, projectId }: { variant: WorkSiteResource; projectId: string }) {
  const { t } = useT()
  const f = (k: string) => t(`workSites.field.${k}` as 'workSites.field.workSiteName')
  const options = useQuery({ ...workSiteOptionsQueryOptions(variant, projectId), enabled: !!projectId })
  const lineId = useWatch({ name: 'lineId' }) as string | undefined
  const start = parseChainage(useWatch({ name: 'startMileage' }) as string | undefined)
  const end = parseChainage(useWatch({ name: 'endMileage' }) as string | undefined)
  const lines = options.data?.lines ?? []
  const units = (options.data?.designUnits ?? []).filter((d) => !lineId || d.lineId === lineId)
  const hint = t('workSites.mileageHint')
  return (
    <FormGrid>
      <FormField name="workSiteName" label={f('workSiteName')} required maxLength={60} />
      <FormField name="workSiteCode" label={f('workSiteCode')} required maxLength={40} />
      <FormField
        name="siteType"
        label={f('siteType')}
        kind="select"
        required
        options={WORK_SITE_TYPES.map((s) => ({ value: s, label: t(`workSites.type.${s}`) }))}
      />
      <FormField
        name="status"
        label={f('status')}
        kind="select"
        required
        options={WORK_SITE_STATUSES.map((s) => ({ value: s, label: t(`workSites.status.${s}`) }))}
      />
      <FormField
        name="lineId"
        label={f('lineId')}
        kind="select"
        options={lines.map((l) => ({ value: l.lineId, label: `${l.lineName}（${l.lineCode}）` }))}
        hint={options.isSuccess && lines.length === 0 ? t('workSites.noLines') : undefined}
      />
      <FormField
        name="designUnitId"
        label={f('designUnitId')}
        kind="select"
        options={units.map((d) => ({ value: d.designUnitId, label: `${d.designUnitName}（${d.designUnitCode}）` }))}
      />
      <FormField name="startMileage" label={f('startMileage')} placeholder="DK0+000.000" hint={hint} maxLength={24} />
      <FormField
        name="endMileage"
        label={f('endMileage')}
        placeholder="DK0+000.000"
        maxLength={24}
        hint={start && end && end.metres > start.metres ? t('workSites.length', { m: metres.format(chainageLength(start, end)) }) : hint}
      />
      <FormField
        name="containerId"
        label={f('containerId')}
        kind="select"
        options={(options.data?.containers ?? []).map((c) => ({ value: c.containerId, label: `${c.containerName}（${c.containerCode}）` }))}
      />
      <FormField
        name="managerUserId"
        label={f('managerUserId')}
        kind="select"
        options={(options.data?.staff ?? []).map((p) => ({
          value: p.userId,
          label: p.organizationName ? `${p.name}（${p.organizationName}）` : p.name,
        }))}
      />
      <FormField name="contactPhone" label={f('contactPhone')} maxLength={20} />
      <FormField name="address" label={f('address')} maxLength={200} />
      <FormField name="longitude" label={f('longitude')} kind="decimal" placeholder="114.2561234" hint={t('workSites.coordHint')} />
      <FormField name="latitude" label={f('latitude')} kind="decimal" placeholder="30.6192345" />
      <FormField name="description" label={f('description')} kind="textarea" maxLength={1000} wide />
      <PhotosField label={f('photos')} />
    </FormGrid>
  )
}
